import crypto from "node:crypto";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { firstLink, waitForMail } from "./mailbox";

test("the reef-wisdom chat answers with a working source link and is honest about off-topic questions", async ({
  page,
}) => {
  await visit(page, "/reef-wisdom");
  const chat = page.getByTestId("wisdom-chat");
  await chat.getByRole("button", { name: "My chaeto is turning white, what do I do?" }).click();
  const answer = chat.locator('[data-role="reef-wisdom"]').first();
  await expect(answer).toBeVisible();
  const source = answer.getByRole("list", { name: "Sources" }).getByRole("link").first();
  const href = await source.getAttribute("href");
  expect(href).toMatch(/#[a-z0-9-]+$/);

  await chat.getByLabel("Your question").fill("what's the best pizza topping?");
  await chat.getByLabel("Your question").press("Enter");
  await expect(chat.locator('[data-role="reef-wisdom"]').nth(1)).toContainText("don't cover that");
  await expectAccessible(page);

  await source.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?.]/g, "\\$&")}$`));
  const anchor = href!.split("#")[1]!;
  await expect(page.locator(`[id="${anchor}"]`)).toBeVisible();
});

test("a question left without its answer by a reload is offered again, and asked once", async ({ page }) => {
  // What the chat stores when the page is reloaded while a question is on its way.
  await page.addInitScript(() => {
    if (!window.sessionStorage.getItem("seeded")) {
      window.sessionStorage.setItem("seeded", "1");
      window.localStorage.setItem(
        "lazyReefer.wisdomChat",
        JSON.stringify([{ role: "you", text: "how often should i harvest chaeto" }]),
      );
    }
  });
  await visit(page, "/reef-wisdom");
  const chat = page.getByTestId("wisdom-chat");
  await expect(chat.getByText("No answer came.")).toBeVisible();
  await chat.getByRole("button", { name: "Ask again" }).click();
  await expect(chat.locator('[data-role="reef-wisdom"]').first()).toContainText("Harvest when any of these is true");
  await expect(chat.locator('[data-role="you"]')).toHaveCount(1);
  await expect(chat.getByText("No answer came.")).toHaveCount(0);
});

test("the chat answers 'do you sell chaeto' with what is on sale, and the product page has the price", async ({
  page,
}) => {
  await visit(page, "/reef-wisdom");
  const chat = page.getByTestId("wisdom-chat");
  await chat.getByLabel("Your question").fill("do you guys sell cheato?");
  await chat.getByLabel("Your question").press("Enter");
  const answer = chat.locator('[data-role="reef-wisdom"]').first();
  await expect(answer).toContainText("Searching the shop for “chaeto” finds:");
  await expect(answer.getByRole("link", { name: "Closest guide: Chaeto and Macroalgae Care" })).toBeVisible();
  await expect(answer.getByRole("link", { name: "Search the shop for “chaeto”" })).toHaveAttribute(
    "href",
    "/search?q=chaeto",
  );
  await expectAccessible(page);
  await answer.getByRole("list", { name: "In the shop" }).getByRole("link", { name: "Premium Chaeto" }).click();
  await expect(page).toHaveURL(/\/product\/premium-chaeto$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Premium Chaeto");
  await expect(page.getByText(/\$\d+\.\d{2}/).first()).toBeVisible();
});

test("newsletter double opt-in with the link read from a real SMTP peer", async ({ page }) => {
  const email = `fan-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await visit(page, "/coming-soon");
  const form = page.locator("section", { has: page.getByRole("heading", { name: "Notify me when they land" }) });
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByTestId("newsletter-done")).toContainText("Check your inbox");

  const mail = await waitForMail(email, /Confirm your/);
  await page.goto(firstLink(mail, "/api/newsletter/confirm"));
  await expect(page).toHaveURL(/\/confirmed\?subscribed=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're on the list");
  // The tab says what the page says, whichever way the page was reached.
  await expect(page).toHaveTitle(/^You're on the list \|/);
  for (const [query, heading] of [
    ["", "Confirm your reef notes"],
    ["?problem=expired", "That link has expired"],
    ["?problem=invalid", "That link didn't work"],
    ["?unsubscribed=1", "You're unsubscribed"],
  ]) {
    await page.goto(`/confirmed${query}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
    await expect(page).toHaveTitle(new RegExp(`^${heading!} \\|`));
  }
  const welcome = await waitForMail(email, /List-Unsubscribe:/);
  expect(welcome).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
});

test("the contact form stores the message, acknowledges it by email and thanks the sender", async ({ page }) => {
  const email = `writer-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await visit(page, "/contact");
  await page.getByLabel("Your name").fill("Wren Writer");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Message", { exact: true }).fill("Short");
  await page.getByRole("button", { name: "Send message" }).click();
  // The browser's own validation stops a too-short message before it is sent.
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator("#message:invalid")).toHaveCount(1);
  await page.getByLabel("Subject (optional)").fill("Refugium light question");
  await page
    .getByLabel("Message", { exact: true })
    .fill("Which photoperiod do you recommend for the refugium starter kit light?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/thankyou/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message sent");
  await expect(page.getByText("left a tip")).toHaveCount(0);
  await waitForMail(email, /We got your message/);
});
