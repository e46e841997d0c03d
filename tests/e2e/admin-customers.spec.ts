import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, expectAccessible, test } from "./fixtures";
import { buyChaeto, signInAsAdmin } from "./journeys";
import { MAILBOX_DIR, waitForMail } from "./mailbox";
import type { Page } from "@playwright/test";

const unique = () => crypto.randomBytes(4).toString("hex");

/** How many messages to `to` whose source matches `pattern` the SMTP peer has received. */
function mailCount(to: string, pattern: RegExp) {
  if (!fs.existsSync(MAILBOX_DIR)) return 0;
  return fs
    .readdirSync(MAILBOX_DIR)
    .map((f) => fs.readFileSync(path.join(MAILBOX_DIR, f), "utf8").replace(/=\r?\n/g, ""))
    .filter((raw) => raw.toLowerCase().includes(to.toLowerCase()) && pattern.test(raw)).length;
}

async function sendContactMessage(page: Page, email: string, name: string, subject: string) {
  await page.goto("/contact");
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Subject (optional)").fill(subject);
  await page.getByLabel("Message", { exact: true }).fill("My chaeto arrived a little pale. Is that normal?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/thankyou/);
}

for (const width of [1440, 390]) {
  test(`at ${width} px a guest buyer is in Customers with the right totals, and their page shows orders and the message thread`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const email = `guest-${unique()}@example.com`;
    const first = await buyChaeto(page, { email, name: "Gil Guest" });
    const second = await buyChaeto(page, { email, name: "Gil Guest" });
    await sendContactMessage(page, email, "Gil Guest", `Pale chaeto ${unique()}`);

    await signInAsAdmin(page, `/admin/customers?q=${encodeURIComponent(email)}`);
    const row = page.getByTestId("customers").getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Guest");
    await expect(row.getByRole("cell").nth(2)).toHaveText("2");
    // Two premium chaeto orders, each $24.99 + shipping as the confirmation page said: read the totals from the orders.
    await expectAccessible(page);
    await row.getByRole("link", { name: "Gil Guest" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gil Guest");
    await expect(page.getByText("guest (no account)")).toBeVisible();
    const orders = page.getByTestId("customer-orders");
    await expect(orders).toContainText(first);
    await expect(orders).toContainText(second);
    const totals = await orders.locator("tbody tr td:nth-child(4)").allTextContents();
    expect(totals).toHaveLength(2);
    const sum = totals.map((t) => Number(t.replace(/[^0-9.]/g, ""))).reduce((a, b) => a + b, 0);
    await expect(page.getByText("Total spent").locator("..")).toContainText(`$${sum.toFixed(2)}`);
    await expect(page.getByTestId("message-thread")).toContainText("arrived a little pale");
    await expectAccessible(page);
    // The customers list said the same total.
    await page.goBack();
    await expect(row.getByRole("cell").nth(3)).toHaveText(`$${sum.toFixed(2)}`);
  });
}

test("a reply under a double click is recorded and mailed once, the box clears, and the thread shows it", async ({
  page,
}) => {
  const email = `writer-${unique()}@example.com`;
  const subject = `Pale chaeto ${unique()}`;
  await sendContactMessage(page, email, "Wren Writer", subject);
  await signInAsAdmin(page, "/admin/messages");
  const thread = page.getByTestId("message-thread").filter({ hasText: subject });
  await thread.getByText("Reply by email").click();
  const box = thread.getByLabel("Your reply");
  await box.fill("Pale is normal after shipping: it greens up within a week under light.");
  await thread.getByRole("button", { name: "Send reply" }).dblclick();
  await expect(thread.getByTestId("message-reply")).toHaveCount(1);
  await expect(thread.getByTestId("message-reply")).toContainText("greens up within a week");
  await expect(thread.getByTestId("message-reply")).toContainText("Reply from");
  await expect(thread.getByRole("status")).toHaveText(/Reply sent|already sent/);
  await expect(thread.getByText("Handled")).toBeVisible();
  await thread.getByText("Reply again by email").click();
  await expect(thread.getByLabel("Your reply")).toHaveValue("");
  await expectAccessible(page);

  await waitForMail(email, new RegExp(`Re: ${subject}`));
  // Give a second (wrong) delivery time to arrive before counting.
  await page.waitForTimeout(1500);
  expect(mailCount(email, new RegExp(`Subject: Re: ${subject}`))).toBe(1);

  // A reload keeps the thread; the page never offers to resend.
  await page.reload();
  await expect(
    page.getByTestId("message-thread").filter({ hasText: subject }).getByTestId("message-reply"),
  ).toHaveCount(1);
});

test("without JavaScript a reply posts, shows on its message, and a resent form does not send twice", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `nojs-${unique()}@example.com`;
  const subject = `No script ${unique()}`;
  await sendContactMessage(page, email, "Nora NoJS", subject);
  await signInAsAdmin(page, "/admin/messages");
  const thread = page.getByTestId("message-thread").filter({ hasText: subject });
  await thread.getByText("Reply by email").click();
  const intent = await thread.getByRole("button", { name: "Send reply" }).getAttribute("value");
  await thread.getByLabel("Your reply").fill("Thanks for writing: it will green up.");
  await thread.getByRole("button", { name: "Send reply" }).click();
  const after = page.getByTestId("message-thread").filter({ hasText: subject });
  await expect(after.getByRole("status")).toHaveText("Reply sent.");
  await expect(after.getByTestId("message-reply")).toHaveCount(1);
  // The browser sends the same form again (a resubmitting reload): recorded and mailed once.
  const resent = await page.request.post("/admin/messages", {
    form: { intent: intent!, seq: "1", reply: "Thanks for writing: it will green up." },
  });
  expect(resent.status()).toBe(200);
  expect(await resent.text()).toContain("This reply was already sent.");
  await page.reload();
  await expect(
    page.getByTestId("message-thread").filter({ hasText: subject }).getByTestId("message-reply"),
  ).toHaveCount(1);
  await context.close();
});
