import crypto from "node:crypto";
import fs from "node:fs";
import { expect, expectAccessible, slowPhone, test } from "./fixtures";
import { signUp } from "./journeys";
import { firstLink, waitForMail } from "./mailbox";
import type { APIRequestContext, Page } from "@playwright/test";

/**
 * Managing a subscription (issue 38): on a slow phone at 390 px, each change the started mail
 * links to (skip, change the date, change the quantity, cancel) done from its signed page with
 * one more tap; and signed in at 1440 px, the account's page pauses, resumes and takes a new card.
 */
test.setTimeout(180_000);
const SHOTS = "/tmp/shots-manage";
const ADDRESS = { line1: "12 Coral Way", city: "Tampa", state: "FL", postalCode: "33602", country: "US" };
const COMBO = "Chaeto + Coral Food Combo";

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

/** A 4-weekly combo through the checkout API, paid with the test Visa. */
async function subscribe(request: APIRequestContext, baseURL: string, email: string) {
  const res = await request.post("/api/checkout", {
    headers: { "Idempotency-Key": crypto.randomUUID(), Origin: baseURL },
    data: {
      items: [{ kind: "product", id: "chaeto-coral-food-combo", quantity: 1, subscribeEveryWeeks: 4 }],
      customer: { email, name: "Sam Subscriber" },
      shippingAddress: ADDRESS,
      payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
    },
  });
  expect(res.status()).toBe(201);
  expect(((await res.json()) as { order: { status: string } }).order.status).toBe("paid");
}

const panel = (page: Page) => page.getByTestId("subscription-panel");
const notice = (page: Page) => panel(page).getByRole("status");
/** A page sent again after a post on the slow phone, beside other suites on a busy machine. */
const AFTER_POST = { timeout: 40_000 };

test("each change from the mail's signed links on a slow phone at 390 px", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `sub-link-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await subscribe(page.request, baseURL!, email);
  const mail = await waitForMail(email, /Your subscription has started/);
  const link = (focus: string) => firstLink(mail, `do=${focus}`);
  await slowPhone(page);

  // Skip: the link, then one tap.
  await page.goto(link("skip"));
  await expect(panel(page).getByTestId("subscription-status")).toHaveText("Active", AFTER_POST);
  const next = (await panel(page).getByTestId("subscription-next").textContent()) ?? "";
  await page.getByRole("button", { name: `Skip the delivery of ${next}` }).click();
  await expect(notice(page)).toContainText("Delivery skipped. The next one is charged", AFTER_POST);
  await expect(panel(page).getByTestId("subscription-next")).not.toHaveText(next);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/skip-390.png`, fullPage: true });

  // Change the date: the link, a day, one tap.
  await page.goto(link("date"));
  const date = page.getByLabel("Charge the next delivery on");
  await expect(date).toBeVisible();
  const day = (await date.getAttribute("min"))!;
  await date.fill(day);
  await page.getByRole("button", { name: "Move the next delivery" }).click();
  await expect(notice(page)).toContainText("Moved: the next delivery is charged", AFTER_POST);
  await expect(page.getByLabel("Charge the next delivery on")).toHaveValue(day);
  await page.screenshot({ path: `${SHOTS}/date-390.png`, fullPage: true });

  // Change the quantity.
  await page.goto(link("quantity"));
  await page.getByLabel(`How many ${COMBO}`).fill("2");
  await page.getByRole("button", { name: "Save quantities" }).click();
  await expect(notice(page)).toContainText("Quantities saved", AFTER_POST);
  await expect(panel(page).getByText(`2 × ${COMBO}`)).toBeVisible();
  await expect(panel(page).getByTestId("subscription-total")).toHaveText("$62.98 every 4 weeks (save $7.00)");
  await page.screenshot({ path: `${SHOTS}/quantity-390.png`, fullPage: true });

  // A quantity out of range is refused beside its field (the browser's own check set aside).
  await page.goto(link("quantity"));
  await page
    .getByRole("button", { name: "Save quantities" })
    .evaluate((b) => b.closest("form")!.setAttribute("novalidate", ""));
  await page.getByLabel(`How many ${COMBO}`).fill("11");
  await page.getByRole("button", { name: "Save quantities" }).click();
  await expect(panel(page).getByText("Choose 1 to 10.")).toBeVisible(AFTER_POST);
  await expect(page.getByLabel(`How many ${COMBO}`)).toHaveAttribute("aria-invalid", "true");
  await page.screenshot({ path: `${SHOTS}/quantity-error-390.png`, fullPage: true });

  // Cancel: the link, then one clearly worded tap.
  await page.goto(link("cancel"));
  await page.getByRole("button", { name: "Cancel my subscription" }).click();
  await expect(notice(page)).toContainText("Cancelled: nothing more will be sent or charged.", AFTER_POST);
  await expect(panel(page).getByTestId("subscription-status")).toHaveText("Cancelled");
  await expect(page.getByRole("button")).not.toContainText(["Skip"]);
  await page.screenshot({ path: `${SHOTS}/cancel-390.png`, fullPage: true });

  // A forged link is a missing page.
  const forged = new URL(link("skip"));
  forged.searchParams.set("sig", "x".repeat(43));
  const res = await page.goto(forged.toString());
  expect(res?.status()).toBe(404);
});

test("signed in at 1440 px: the account's subscriptions pause, resume and take a new card", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = `sub-acct-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await signUp(page, { email, password: "reef12345" });
  await subscribe(page.request, baseURL!, email);
  await page.getByTestId("my-subscriptions-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My subscriptions");
  await expect(panel(page)).toHaveCount(1);
  await expect(panel(page).getByTestId("subscription-total")).toHaveText("$31.49 every 4 weeks (save $3.50)");
  await expect(panel(page).getByText("Visa •••• 4242", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Pause the subscription" }).click();
  await expect(panel(page).getByTestId("subscription-status")).toHaveText("Paused", AFTER_POST);
  await expect(panel(page).getByText("You paused it.")).toBeVisible();
  await page.getByRole("button", { name: "Resume the subscription" }).click();
  await expect(panel(page).getByTestId("subscription-status")).toHaveText("Active", AFTER_POST);

  await page.getByLabel("Card number").fill("4000 0000 0000 0341");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Use this card" }).click();
  await expect(notice(page)).toContainText("Card saved: Visa •••• 0341 pays from now on.", AFTER_POST);
  await expect(page.getByLabel("Card number")).toHaveValue("");
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/account-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/account-390.png`, fullPage: true });

  // Signed out, the page asks to sign in first.
  await page.context().clearCookies();
  await page.goto("/account/subscriptions");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Faccount%2Fsubscriptions/);
});
