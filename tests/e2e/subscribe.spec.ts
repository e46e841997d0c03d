import crypto from "node:crypto";
import fs from "node:fs";
import { expect, expectAccessible, PLACE_ORDER, slowPhone, test } from "./fixtures";
import { fillCheckout, signInAsAdmin } from "./journeys";
import type { Browser, Page } from "@playwright/test";

/*
 * Subscribe & save, started from the storefront (issue 38): the product page's "Subscribe & save:
 * deliver every N weeks", the cart's line and its switch, and the checkout that says what the card
 * is kept for. The Chaeto + Coral Food Combo is $34.99; 10 % off on a schedule: $31.49 a delivery,
 * $3.50 saved. Every wait is on something the page shows, never a fixed sleep.
 */
test.setTimeout(150_000);

const COMBO = "/product/chaeto-coral-food-combo";
const SHOTS = "/tmp/shots-storefront";

const isHydrated = (page: Page) => page.evaluate(() => (window as { __lrHydrated?: boolean }).__lrHydrated === true);

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function slowPhoneWarm(page: Page) {
  // A server that has just started answers its first pages slowly: warm it first, so the slow line sets the pace.
  for (const path of [COMBO, "/checkout"]) expect((await page.request.get(path)).ok()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await slowPhone(page);
}

/** The order as the back office's API holds it (a context of its own, signed in as the owner). */
async function orderInShop(browser: Browser, id: string) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": `198.18.252.${Math.floor(Math.random() * 250) + 1}` },
  });
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  const response = await admin.request.get(`/api/admin/orders/${id}`);
  expect(response.ok()).toBe(true);
  const { order } = (await response.json()) as {
    order: { total: number; subscriptionId: string | null; lines: { id?: string; unitPrice: number; total: number }[] };
  };
  await context.close();
  return order;
}

/** Picks "Subscribe & save" every `weeks` weeks on the product page. */
async function subscribeEvery(page: Page, weeks: number) {
  const plan = page.getByRole("group", { name: "How would you like it?" });
  await plan.getByRole("radio", { name: /Subscribe & save 10%/ }).check();
  await plan.getByLabel("Deliver every").selectOption(String(weeks));
  await expect(plan.getByLabel("Deliver every")).toHaveValue(String(weeks));
}

/** Checks out what is in the cart with the 4242 test card; returns the order the shop answered. */
async function payFor(page: Page, email: string) {
  await fillCheckout(page, { email, name: "Sue Scriber" });
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/checkout") && r.request().method() === "POST");
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  const body = (await (await answer).json()) as { order: { id: string; total: number; subscriptionId: string | null } };
  await expect(page).toHaveURL(/\/order-confirmation\?order=/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, Sue!");
  return body.order;
}

test("slow phone: subscribe to the combo every 4 weeks, see the saving in the cart, pay, and the order is at the subscribed price", async ({
  page,
  browser,
}) => {
  await slowPhoneWarm(page);
  await page.goto(COMBO, { waitUntil: "commit" });

  // The choice, priced by the server: once at $34.99, or $31.49 every N weeks.
  const plan = page.getByRole("group", { name: "How would you like it?" });
  await expect(plan.getByRole("radio", { name: /One-time purchase/ })).toBeChecked({ timeout: 60_000 });
  await expect(plan).toContainText("$34.99 each");
  const every = plan.getByLabel("Deliver every");
  await expect(every).toHaveValue("4");
  await expect(every.locator("option:checked")).toHaveText("$31.49 every 4 weeks (save $3.50)");
  await expect(every.locator("option")).toHaveCount(11);
  await subscribeEvery(page, 4);
  await shot(page, "product-subscribe-390");

  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added 1 × Chaeto + Coral Food Combo, delivered every 4 weeks")).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expectAccessible(page);

  // The cart: the subscribed price, the saving each time, and the switch.
  await page.getByRole("button", { name: /^Open cart/ }).click();
  const line = page.getByRole("dialog").getByTestId("cart-line");
  await expect(line.getByTestId("line-subscription")).toHaveText("Delivered every 4 weeks · you save $3.50 each time");
  await expect(line).toContainText("$31.49 each");
  await expect(line.getByTestId("line-total")).toContainText("$31.49");
  await expect(line.getByLabel("Delivery of Chaeto + Coral Food Combo")).toHaveValue("4");
  await expect(page.getByTestId("cart-total")).toHaveText("$31.49");
  await shot(page, "cart-subscribed-390");
  await page.getByRole("dialog").getByRole("link", { name: "Checkout" }).click();

  // Checkout: the summary marks the line, and the pay button's neighbour says what the card is kept for.
  await expect(page).toHaveURL(/\/checkout$/);
  const pay = page.getByRole("button", { name: "Pay $31.49" });
  await expect(pay).toBeVisible({ timeout: 60_000 });
  await page.locator(".summary-bar > summary").click();
  await expect(page.getByTestId("summary-line-note")).toHaveText("Delivered every 4 weeks · you save $3.50 each time");
  const terms = page.getByTestId("subscription-terms");
  await expect(terms).toContainText("your card is kept with the payment provider");
  await expect(terms).toContainText("3 days before each charge");
  await expect(terms).toContainText("skip a delivery or cancel anytime");
  await shot(page, "checkout-subscribed-390");

  const email = `sub-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const order = await payFor(page, email);
  await expect(page.getByTestId("order-total")).toHaveText("$31.49");
  await shot(page, "confirmation-subscribed-390");
  expect(order.total).toBe(31.49);
  expect(order.subscriptionId).toBeTruthy();

  // The shop's own record of the order: the subscribed price, and the subscription it started.
  const stored = await orderInShop(browser, order.id);
  expect(stored.total).toBe(31.49);
  expect(stored.lines).toEqual([
    expect.objectContaining({ id: "chaeto-coral-food-combo", unitPrice: 31.49, total: 31.49 }),
  ]);
  expect(stored.subscriptionId).toBe(order.subscriptionId);
});

test("slow phone: 'Subscribe & save' picked and 'Add to cart' tapped before the page is ready are both kept", async ({
  page,
}) => {
  await slowPhoneWarm(page);
  await page.goto(COMBO, { waitUntil: "commit" });
  const every = page.getByLabel("Deliver every");
  // Changing the weeks alone picks "Subscribe & save" (the inline script, before any of the page's code).
  await every.selectOption("6");
  await expect(page.getByRole("radio", { name: /Subscribe & save 10%/ })).toBeChecked();
  await page.getByRole("button", { name: "Add to cart" }).click();
  expect(await isHydrated(page), "the tap came before the page was ready").toBe(false);
  await expect(page.getByTestId("cart-count")).toHaveText("1", { timeout: 60_000 });
  await expect(page.getByText("Added 1 × Chaeto + Coral Food Combo, delivered every 6 weeks")).toBeVisible();
  const stored = await page.evaluate(() => window.localStorage.getItem("lazyReefer.cart"));
  expect(JSON.parse(stored!)).toEqual([{ kind: "product", id: "chaeto-coral-food-combo", quantity: 1, everyWeeks: 6 }]);
});

test("desktop: subscribe, switch the line to once and back in the cart, and pay the subscribed price", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(COMBO);
  await expect.poll(() => isHydrated(page)).toBe(true);
  await subscribeEvery(page, 4);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added 1 × Chaeto + Coral Food Combo, delivered every 4 weeks")).toBeVisible();
  // One more, bought once: a product has one line and the latest choice applies to all of it,
  // which the shopper is told rather than left to find in the cart.
  await page.getByRole("radio", { name: /One-time purchase/ }).check();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(
    page.getByText("All 2 are now bought once, not delivered every 4 weeks: choose in the cart."),
  ).toBeVisible();

  await page.getByRole("button", { name: /^Open cart/ }).click();
  const line = page.getByRole("dialog").getByTestId("cart-line");
  await line.getByRole("button", { name: /Decrease/ }).click();
  await expect(line.getByRole("spinbutton", { name: "Quantity of Chaeto + Coral Food Combo" })).toHaveValue("1");
  const delivery = line.getByLabel("Delivery of Chaeto + Coral Food Combo");
  // Bought once: today's price, no schedule.
  await expect(delivery).toHaveValue("0");
  await expect(line.getByTestId("line-subscription")).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).toHaveText("$34.99");
  // Every 4 weeks again: the saving is back.
  await delivery.selectOption("4");
  await expect(line.getByTestId("line-subscription")).toHaveText("Delivered every 4 weeks · you save $3.50 each time");
  await expect(page.getByTestId("cart-total")).toHaveText("$31.49");
  await page.getByRole("dialog").getByRole("link", { name: "Checkout" }).click();

  await expect(page.getByRole("button", { name: "Pay $31.49" })).toBeVisible();
  await expect(page.getByTestId("summary-line-note")).toHaveText("Delivered every 4 weeks · you save $3.50 each time");
  await expect(page.getByTestId("subscription-terms")).toBeVisible();
  const order = await payFor(page, `sub-${crypto.randomBytes(4).toString("hex")}@example.com`);
  expect(order.total).toBe(31.49);
  expect((await orderInShop(browser, order.id)).total).toBe(31.49);
});

test("a product bought once says nothing of subscriptions at checkout, and one not offered so has no choice", async ({
  page,
}) => {
  await page.goto("/product/premium-chaeto");
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();
  await expect(page.getByRole("group", { name: "How would you like it?" })).toHaveCount(0);
  await page.goto(COMBO);
  await expect.poll(() => isHydrated(page)).toBe(true);
  // One-time purchase is the default.
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText(/^Added 1 × Chaeto \+ Coral Food Combo$/)).toBeVisible();
  await page.goto("/checkout");
  await expect(page.getByRole("button", { name: "Pay $34.99" })).toBeVisible();
  await expect(page.getByTestId("summary-line-note")).toHaveCount(0);
  await expect(page.getByTestId("subscription-terms")).toHaveCount(0);
});
