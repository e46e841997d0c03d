import { describeDelivery } from "../../app/domain/ship-calendar";
import { expect, expectAccessible, PLACE_ORDER, test, visit } from "./fixtures";
import { addToCart, deliveryAnswer, fillCheckout } from "./journeys";

test("browse → add → checkout with 4242 → the confirmation page shows the order", async ({ page }) => {
  await visit(page, "/products");
  await addToCart(page, "/product/refugium-starter-kit");
  await page.getByRole("button", { name: /Open cart/ }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("test-mode")).toContainText("4242 4242 4242 4242");
  await expect(page.getByTestId("server-total")).toHaveText("$89.99");
  await expectAccessible(page);

  // Client-side validation, errors next to their fields.
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await fillCheckout(page, { card: "4242 4242 4242 4242" });
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=.+&token=.+/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, Sam!");
  await expect(page.getByTestId("order-status")).toHaveText("Paid, being packed");
  // Live chaeto: the ship calendar's day it leaves and the day it is due.
  await expect(page.getByTestId("order-delivery")).toHaveText(
    /^Ships \w{3}, \w{3} \d{1,2} · arrives \w{3}, \w{3} \d{1,2}$/,
  );
  await expect(page.getByTestId("order-total")).toHaveText("$89.99");
  await expect(page.getByText("1 Reef Road")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await expectAccessible(page);

  const number = (await page.getByText(/^Order LR-/).textContent())!.replace("Order ", "");
  // Back to the checkout, scrolled down to where "Pay" was: the empty cart is what comes into view,
  // not the footer of a page that is now short.
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("cart-empty")).toBeInViewport();
  // …and points at the order just placed, not only at the shop.
  const last = page.getByTestId("last-order");
  await expect(last).toContainText(number);
  await last.getByRole("link").click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=.+&token=.+/);
});

test("the order page printed says whose shop it is and how to reach it; on screen the header does", async ({
  page,
}) => {
  await addToCart(page, "/product/premium-chaeto");
  await page.goto("/checkout");
  await fillCheckout(page);
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
  const shopLine = page.getByTestId("order-print-shop");
  await expect(shopLine).toBeHidden();
  await page.emulateMedia({ media: "print" });
  // The site's header and footer are not printed: this line is the paper's only word of the shop.
  await expect(page.locator("footer").first()).toBeHidden();
  await expect(shopLine).toBeVisible();
  await expect(shopLine).toContainText(/Lazy Reefer · [^\s]+@[^\s]+ · 127\.0\.0\.1:\d+ · Order placed \w+ \d+, \d{4}/);
});

test("the 3-D Secure journey: challenge page, complete, paid", async ({ page }) => {
  await addToCart(page, "/product/premium-chaeto");
  await page.goto("/checkout");
  await fillCheckout(page, { card: "4000002500003155" });
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page).toHaveURL(/\/checkout\/challenge\?/);
  await expect(page.getByTestId("challenge")).toContainText("$24.99");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
  await expect(page.getByTestId("order-status")).toHaveText("Paid, being packed");
});

test("a declined card shows the error and keeps the cart; another card then succeeds", async ({ page }) => {
  await addToCart(page, "/product/chaeto-coral-food-combo");
  await page.goto("/checkout");
  await fillCheckout(page, { card: "4000000000000002" });
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page.getByRole("alert").filter({ hasText: "declined" })).toContainText("Your cart is still here");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expectAccessible(page);

  await page.getByLabel("Card number").fill("4242424242424242");
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
});

test("a tip needs no address", async ({ page }) => {
  await addToCart(page, "/product/service-tip");
  await page.goto("/checkout");
  await expect(page.getByText("we don't need a shipping address")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill("fan@example.com");
  await page.getByLabel("Full name").fill("Fan");
  await page.getByLabel("Card number").fill("4242424242424242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page).toHaveURL(/\/thankyou\?order=/);
  await expect(page.getByTestId("tip-thanks")).toContainText("$5.00");
  await page.getByRole("link", { name: "View receipt" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Delivered");
});

test("an answer lost on the way back: placing the order again sends the same Idempotency-Key and gets the same order", async ({
  page,
}) => {
  await addToCart(page, "/product/premium-chaeto");
  await page.goto("/checkout");
  await fillCheckout(page, { card: "4242 4242 4242 4242" });

  const keys: string[] = [];
  const orderNumbers: string[] = [];
  let dropAnswer = true;
  await page.route("**/api/checkout", async (route) => {
    keys.push(route.request().headers()["idempotency-key"]!);
    const response = await route.fetch(); // the shop places the order…
    orderNumbers.push((await response.json()).order.number);
    if (dropAnswer) {
      dropAnswer = false;
      await route.abort("connectionreset"); // …but its answer never arrives
    } else {
      await route.fulfill({ response });
    }
  });

  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page.getByRole("alert")).toContainText("couldn't reach the shop");
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=.+&token=.+/);

  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(orderNumbers[1]).toBe(orderNumbers[0]);
  await expect(page.getByText(orderNumbers[0]!)).toBeVisible();
});

test("checkout fields survive a reload (the card never does); card and expiry are formatted as typed; the button says the amount", async ({
  page,
}) => {
  await addToCart(page, "/product/premium-chaeto");
  await page.goto("/checkout");
  await expect(page.getByTestId("server-total")).toHaveText("$24.99");
  await expect(page.getByRole("button", { name: "Pay $24.99" })).toBeVisible();
  await fillCheckout(page, { email: "kept@example.com", name: "Kept Person", street: "9 Tide Lane" });
  await page.getByLabel("Card number").clear();
  await page.getByLabel("Card number").pressSequentially("4242424242424242");
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").clear();
  await page.getByLabel("Expiry (MM/YY)").pressSequentially("1234");
  await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("12/34");

  await page.reload();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("kept@example.com");
  await expect(page.getByLabel("Full name")).toHaveValue("Kept Person");
  await expect(page.getByLabel("Street address")).toHaveValue("9 Tide Lane");
  await expect(page.getByLabel("State")).toHaveValue("FL");
  await expect(page.getByLabel("ZIP code")).toHaveValue("33602");
  await expect(page.getByLabel("Card number")).toHaveValue("");
  await expect(page.getByLabel("CVC")).toHaveValue("");
});

test("on a phone the order summary is a bar at the top with the confirmed total; on a desktop it sits beside the form", async ({
  page,
}) => {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      "lazyReefer.cart",
      JSON.stringify([{ kind: "product", id: "refugium-starter-kit", quantity: 1 }]),
    ),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/checkout");
  const pay = page.getByRole("button", { name: "Pay $89.99" });
  await expect(pay).toBeVisible();
  const bar = page.locator(".summary-bar > summary");
  const heading = page.getByRole("heading", { name: "Order summary" });
  // (innerText: the word for the other state is in the markup, hidden by CSS.)
  await expect.poll(() => bar.innerText()).toBe("Show order summary · $89.99");
  await expect(heading).toBeHidden();
  // Above the form, so the total is the first thing a shopper sees.
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y).toBeLessThan((await page.getByLabel("Email", { exact: true }).boundingBox())!.y);
  await bar.click();
  await expect.poll(() => bar.innerText()).toBe("Hide order summary · $89.99");
  await expect(heading).toBeVisible();
  const line = page.getByRole("list", { name: "Items in your cart" }).getByTestId("summary-line");
  await expect(line).toHaveCount(1);
  await expect(line).toHaveText(/1 × Refugium Starter Kit\s*\$89\.99/);
  await expectAccessible(page);
  await bar.click();
  await expect(heading).toBeHidden();

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(bar).toBeHidden();
  await expect(heading).toBeVisible();
  await expect(page.getByTestId("server-total")).toHaveText("$89.99");
  const summaryBox = (await heading.boundingBox())!;
  const formBox = (await page.getByLabel("Email", { exact: true }).boundingBox())!;
  expect(summaryBox.x).toBeGreaterThan(formBox.x + formBox.width);
  await expectAccessible(page);
});

test("the summary is the shop's pricing of the cart; Edit cart changes it there and the summary and pay button follow", async ({
  page,
}) => {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      "lazyReefer.cart",
      JSON.stringify([
        { kind: "product", id: "premium-chaeto", quantity: 2 },
        { kind: "bundle", id: "lazy-starter", quantity: 1 },
      ]),
    ),
  );
  const quotes: unknown[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/cart/quote")) quotes.push(request.postDataJSON());
  });
  await page.goto("/checkout");
  const lines = page.getByRole("list", { name: "Items in your cart" }).getByTestId("summary-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toHaveText(/^2 × Premium Chaeto.*\$49\.98$/);
  await expect(page.getByTestId("server-total")).toHaveText("$129.93");
  await expect(page.getByRole("button", { name: "Pay $129.93" })).toBeVisible();

  await page.getByRole("button", { name: "Edit cart" }).click();
  const panel = page.getByRole("dialog");
  await panel.getByRole("button", { name: "Remove Premium Chaeto" }).click();
  await page.keyboard.press("Escape");
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId("server-total")).toHaveText("$79.95");
  await expect(page.getByRole("button", { name: "Pay $79.95" })).toBeVisible();
  // Only ids and quantities go to the shop; it prices them.
  expect(quotes.at(-1)).toEqual({ items: [{ kind: "bundle", id: "lazy-starter", quantity: 1 }] });
});

test("the checkout form's code comes on first use and takes over the server's form in place: the field being typed in keeps its node, focus and text", async ({
  page,
}) => {
  await page.addInitScript(() => {
    // No idle time: the form's code must come because the shopper reached the form.
    window.requestIdleCallback = () => 0;
    window.localStorage.setItem(
      "lazyReefer.cart",
      JSON.stringify([{ kind: "product", id: "premium-chaeto", quantity: 1 }]),
    );
  });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/checkout");
  await expect(page.getByTestId("server-total")).toHaveText("$24.99");
  await page.waitForLoadState("networkidle");
  const formCode = () => scripts.filter((path) => path.includes("checkout-form"));
  expect(formCode(), "the form's code is not loaded before it is used").toEqual([]);
  // Before the form's code: the server's form, its card fields in no form, the server's label.
  await expect(page.getByLabel("Card number")).toHaveAttribute("form", /.+/);
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();

  const email = page.getByLabel("Email", { exact: true });
  const node = await email.elementHandle();
  await email.click();
  await page.keyboard.type("first.tap@example.com", { delay: 15 });
  // Hydrated: the card fields belong to the form, the button says the confirmed amount.
  await expect(page.getByLabel("Card number")).not.toHaveAttribute("form");
  await expect(page.getByRole("button", { name: "Pay $24.99" })).toBeVisible();
  expect(formCode().length).toBeGreaterThan(0);
  expect(await node.evaluate((input) => input.isConnected && input === document.activeElement)).toBe(true);
  await expect(email).toHaveValue("first.tap@example.com");

  await fillCheckout(page, { email: "first.tap@example.com" });
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=.+&token=.+/);
  await expect(page.getByTestId("order-total")).toHaveText("$24.99");
});

test("the test-card banner keeps each card's label on one or two lines at 1440 px and on a phone", async ({ page }) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await visit(page, "/products");
    await addToCart(page, "/product/premium-chaeto");
    await page.goto("/checkout");
    const labels = page.getByTestId("test-mode").locator("li > span");
    await expect(labels.first()).toBeVisible();
    const lines = await labels.evaluateAll((spans) =>
      spans.map((s) => Math.round(s.getBoundingClientRect().height / parseFloat(getComputedStyle(s).lineHeight))),
    );
    for (const n of lines) expect(n, `${width} px`).toBeLessThanOrEqual(2);
  }
});

test("at 390 px a buyer types a ZIP, sees when the box ships and arrives, picks a later day, and the order keeps it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await addToCart(page, "/product/premium-chaeto");
  await page.goto("/checkout");
  const line = page.getByTestId("checkout-delivery");
  await expect(line).toHaveText("Enter your ZIP code to see when your order ships and arrives.");

  // The e2e server runs on the real clock: the expected days are the shop's own answer.
  const answer = deliveryAnswer(page, "33602");
  await fillCheckout(page, { zip: "33602" });
  const { delivery } = await answer;
  expect(delivery?.choices.length, "live chaeto to Florida has several ship days").toBeGreaterThan(2);
  const [first, , later] = delivery!.choices;
  await expect(line).toHaveText(describeDelivery(first!));
  const days = page.getByRole("group", { name: /later day/ });
  await expect(days.getByRole("radio")).toHaveCount(delivery!.choices.length);
  await expect(days.getByRole("radio", { name: `${describeDelivery(first!)} (earliest)` })).toBeChecked();
  await expectAccessible(page);

  await days.getByRole("radio", { name: describeDelivery(later!) }).check();
  await expect(line).toHaveText(describeDelivery(later!));
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/checkout"));
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  expect((await sent).postDataJSON()).toMatchObject({ shipOn: later!.shipOn });
  await expect(page).toHaveURL(/\/order-confirmation\?order=.+&token=.+/);
  await expect(page.getByTestId("order-delivery")).toHaveText(describeDelivery(later!));
});

test("a ship day the shop no longer offers is refused next to the days, which are asked for again", async ({
  page,
}) => {
  await addToCart(page, "/product/premium-chaeto");
  await page.goto("/checkout");
  const answer = deliveryAnswer(page, "33602");
  await fillCheckout(page);
  const { delivery } = await answer;
  const [first, second] = delivery!.choices;
  const days = page.getByRole("group", { name: /later day/ });
  await days.getByRole("radio", { name: describeDelivery(second!) }).check();

  // The calendar moved on between showing the days and paying: the shop gets a day it no longer offers.
  await page.route(
    "**/api/checkout",
    (route) => route.continue({ postData: { ...route.request().postDataJSON(), shipOn: "2020-01-06" } }),
    { times: 1 },
  );
  const again = deliveryAnswer(page, "33602");
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  const error = page.locator("#shipOn-error");
  await expect(error).toHaveText(/no longer open/);
  await expect(days).toHaveAttribute("aria-describedby", "shipOn-error");
  await again;
  // The shop's first day again, until the buyer picks.
  await expect(page.getByTestId("checkout-delivery")).toHaveText(describeDelivery(first!));
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expectAccessible(page);

  await days.getByRole("radio", { name: describeDelivery(second!) }).check();
  await expect(error).toHaveCount(0);
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
  await expect(page.getByTestId("order-delivery")).toHaveText(describeDelivery(second!));
});

test("a price check lost on the way is asked for again with Try again, and the summary comes", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await addToCart(page, "/product/premium-chaeto");
  await page.route("**/api/cart/quote", (route) => route.abort("connectionreset"), { times: 1 });
  await page.goto("/checkout");
  await page.locator(".summary-bar > summary").click();
  const quote = page.getByTestId("server-quote");
  await expect(quote.getByRole("alert")).toContainText("We couldn't check prices with the shop");
  await quote.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("server-total")).toHaveText(/^\$\d+\.\d\d$/);
  await expect(quote.getByRole("alert")).toHaveCount(0);
});
