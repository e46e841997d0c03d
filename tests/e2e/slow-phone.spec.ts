import crypto from "node:crypto";
import { describeDelivery } from "../../app/domain/ship-calendar";
import { expect, expectAccessible, slowPhone, test, visit } from "./fixtures";
import { deliveryAnswer } from "./journeys";
import { E2E_ADMIN, waitForMail } from "./mailbox";
import type { Page } from "@playwright/test";

/*
 * The shopper of issue 18: a phone 390 px wide on a slow connection (400 kb/s each way, 400 ms
 * latency) with a CPU four times slower. The page shows seconds before its JavaScript has run;
 * nothing done in that window may be lost (docs/decisions/018-input-before-javascript.md).
 * Every wait is on something the page shows, never a fixed sleep.
 */
test.setTimeout(120_000);

async function slowPhoneWarm(page: Page) {
  // A server that has just started answers its first pages slowly, whatever the line: warm it
  // up first, so the page (not a cold server) sets the pace.
  for (const path of ["/product/premium-chaeto", "/checkout"]) expect((await page.request.get(path)).ok()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await slowPhone(page);
}

const isHydrated = (page: Page) => page.evaluate(() => (window as { __lrHydrated?: boolean }).__lrHydrated === true);
const hydrated = (page: Page) =>
  page.waitForFunction(() => (window as { __lrHydrated?: boolean }).__lrHydrated === true, null, { timeout: 60_000 });

test("slow phone: add to cart, type the checkout before the page is ready, reload, pick a later ship day, pay", async ({
  page,
}) => {
  await slowPhoneWarm(page);

  // "Add to cart" as soon as the button shows.
  await page.goto("/product/premium-chaeto", { waitUntil: "commit" });
  const add = page.getByRole("button", { name: "Add to cart" });
  await add.click();
  expect(await isHydrated(page), "the tap came before the page was ready").toBe(false);
  await expect(page.getByTestId("cart-count")).toHaveText("1", { timeout: 60_000 });

  // Checkout: email and name typed as soon as the fields show.
  await page.goto("/checkout", { waitUntil: "commit" });
  const email = page.getByLabel("Email", { exact: true });
  const name = page.getByLabel("Full name");
  await email.fill("slow@example.com");
  await name.fill("Sol Slow");
  expect(await isHydrated(page), "typed before the page was ready").toBe(false);
  const pay = page.getByRole("button", { name: /^Pay \$/ });
  await expect(pay).toBeVisible({ timeout: 60_000 });
  await expect(email).toHaveValue("slow@example.com");
  await expect(name).toHaveValue("Sol Slow");
  // The phone's summary bar says the figure the pay button says.
  const amount = (await pay.textContent())!.replace("Pay", "").trim();
  await expect.poll(() => page.locator(".summary-bar > summary").innerText()).toBe(`Show order summary · ${amount}`);

  // A reload keeps the fields, never the card.
  await page.getByLabel("Card number").fill("4242424242424242");
  await page.reload({ waitUntil: "commit" });
  await expect(pay).toBeVisible({ timeout: 60_000 });
  await expect(email).toHaveValue("slow@example.com");
  await expect(name).toHaveValue("Sol Slow");
  await expect(page.getByLabel("Card number")).toHaveValue("");

  await page.getByLabel("Street address").fill("3 Slow Lane");
  await page.getByLabel("City").fill("Tampa");
  await page.getByLabel("State").selectOption("FL");
  // The ZIP brings the shop's ship days over the slow line; the buyer, home on Thursday, picks a later one.
  const answer = deliveryAnswer(page, "33602");
  await page.getByLabel("ZIP code").fill("33602");
  const { delivery } = await answer;
  const later = delivery!.choices[2]!;
  const days = page.getByRole("group", { name: /later day/ });
  await days.getByRole("radio", { name: describeDelivery(later) }).check();
  await expect(page.getByTestId("checkout-delivery")).toHaveText(describeDelivery(later));
  await page.getByLabel("Card number").fill("4242424242424242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await pay.click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, Sol!");
  await expect(page.getByTestId("order-total")).toHaveText(amount);
  await expect(page.getByTestId("order-delivery")).toHaveText(describeDelivery(later));
});

test("slow phone: a quantity + tapped before the page is ready counts", async ({ page }) => {
  await slowPhoneWarm(page);
  await page.goto("/product/premium-chaeto", { waitUntil: "commit" });
  const quantity = page.getByLabel("Quantity", { exact: true });
  await page.getByRole("button", { name: "Increase quantity" }).click();
  expect(await isHydrated(page), "the tap came before the page was ready").toBe(false);
  await expect(quantity).toHaveValue("2");
  await hydrated(page);
  await expect(quantity).toHaveValue("2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
});

test("slow phone: 'Add to cart' tapped after the page is ready but before the cart's rules have come adds once", async ({
  page,
}) => {
  // No idle time on this phone: the cart's rules (loaded when idle, decision 015) come only with the tap.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await slowPhoneWarm(page);
  const rules: string[] = [];
  page.on("request", (r) => /\/assets\/cart(-actions)?-/.test(r.url()) && rules.push(r.url()));
  await page.goto("/product/premium-chaeto", { waitUntil: "commit" });
  await hydrated(page);
  expect(rules, "the cart's rules are not part of the page's first load").toEqual([]);
  // A double tap while the rules are on their way: the button is busy, the second tap adds nothing.
  await page.getByRole("button", { name: "Add to cart" }).dblclick();
  await expect(page.getByText("Added 1 × Premium Chaeto")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  expect(rules.length).toBeGreaterThan(0);
  await expect(page.getByText(/^Added \d+ ×/)).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath("added-after-ready.png") });
});

test("the newsletter form works with JavaScript off", async ({ browser, page: withScripts }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { "X-Forwarded-For": `198.18.251.${Math.floor(Math.random() * 250) + 1}` },
  });
  const page = await context.newPage();
  const address = `nojs-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await page.goto("/");
  const footer = page.locator("#site-footer");
  await footer.getByLabel("Email address").fill(address);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/newsletter$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await expect(page.getByRole("status")).toHaveText("Check your inbox: we sent a link to confirm your subscription.");
  // Double opt-in as with JavaScript: the confirmation mail is on its way.
  await waitForMail(address, /Confirm your/);
  await context.close();

  // The same page with JavaScript (axe needs it), answering in place.
  await visit(withScripts, "/newsletter");
  const main = withScripts.getByRole("main");
  await main.getByLabel("Email address").fill(`js-${address}`);
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(withScripts.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await expectAccessible(withScripts);
});

test("sign-in and the contact form work with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { "X-Forwarded-For": `198.18.252.${Math.floor(Math.random() * 250) + 1}` },
  });
  const page = await context.newPage();
  await page.goto("/contact");
  await page.getByLabel("Your name").fill("Nora No-Script");
  await page.getByLabel("Email", { exact: true }).fill("noscript@example.com");
  await page.getByLabel("Message", { exact: true }).fill("Does the refugium kit come with a light timer?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/thankyou\?from=contact$/);

  await page.goto("/sign-in?redirectTo=%2Fprofile");
  await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("account-link")).not.toHaveText("Sign in");
  await context.close();
});

test("checkout with JavaScript off says why it can't go on, before and after a post, and nothing is charged", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const html = await (await page.goto("/checkout"))!.text();
  // In a <noscript>: shown by a browser with scripting off (Playwright's switch leaves the HTML parser
  // thinking scripts run, so it is read from the page's source here).
  expect(html).toMatch(/<noscript>[^]*Checkout needs JavaScript turned on[^]*<\/noscript>/);
  await page.getByLabel("Email", { exact: true }).fill("noscript@example.com");
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  // The checkout form itself, not the "Add a code" form above it.
  await page.locator("#checkout-form form[method=post]").evaluate((form: HTMLFormElement) => form.submit());
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("Nothing was charged.");
  await context.close();
});

test("slow phone: a sort picked before the page is ready is applied once it is", async ({ page }) => {
  await slowPhoneWarm(page);
  await page.goto("/products", { waitUntil: "commit" });
  await page.getByLabel("Sort by").selectOption("price-asc");
  expect(await isHydrated(page), "picked before the page was ready").toBe(false);
  await hydrated(page);
  await expect(page).toHaveURL(/[?&]sort=price-asc/, { timeout: 60_000 });
  // The list says what the select says: cheapest first.
  const prices = page.getByTestId("product-grid").getByRole("article");
  await expect(prices.first()).toContainText("Tip the Lazy Reefer", { timeout: 60_000 });
  await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
});

test("slow phone: a question asked before the page is ready is answered once it is", async ({ page }) => {
  await slowPhoneWarm(page);
  await page.goto("/reef-wisdom", { waitUntil: "commit" });
  const box = page.getByLabel("Your question");
  await box.fill("how do I get rid of aiptasia");
  await box.press("Enter");
  expect(await isHydrated(page), "asked before the page was ready").toBe(false);
  await expect(page).toHaveURL(/\/reef-wisdom$/);
  const log = page.getByRole("list", { name: "Conversation" });
  await expect(log).toContainText("how do I get rid of aiptasia", { timeout: 60_000 });
  await expect(log.getByRole("link", { name: /aiptasia/i }).first()).toBeVisible({ timeout: 60_000 });
  await expect(box).toHaveValue("");
});

test("slow phone: a message asking two things gets both answered, each under its own section", async ({ page }) => {
  await slowPhoneWarm(page);
  await page.goto("/reef-wisdom");
  const box = page.getByLabel("Your question");
  await box.fill("what temp should my reef be, and how often should i feed my fish?");
  await box.press("Enter");
  const answer = page.getByTestId("wisdom-chat").locator('[data-role="reef-wisdom"]').first();
  await expect(answer.getByText(/76–80 °F/)).toBeVisible({ timeout: 60_000 });
  await expect(answer.getByText(/once or twice a day/)).toBeVisible();
  const sources = answer.getByRole("list", { name: "Sources" }).getByRole("link");
  await expect(sources).toHaveText([/Reef tank temperature/, /how often to feed reef fish/i]);
  await page.screenshot({ path: test.info().outputPath("two-questions.png") });
});

test("slow phone: a password typed before the page is ready is kept, and the sign-up goes through", async ({
  page,
}) => {
  await slowPhoneWarm(page);
  await page.goto("/sign-up", { waitUntil: "commit" });
  const email = `early-${crypto.randomUUID()}@example.com`;
  await page.getByLabel("Display name (optional)").fill("Early Typist");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("typed-early-1");
  expect(await isHydrated(page), "typed before the page was ready").toBe(false);
  await hydrated(page);
  // The rules tick off what was typed, and a re-render (the cart loading) does not empty the box.
  await expect(page.getByRole("list", { name: "Password requirements" })).toContainText("(met)");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("typed-early-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Check your inbox")).toContainText(`we've sent an email to ${email}`, {
    timeout: 60_000,
  });
});
