import { expect, PLACE_ORDER, test } from "./fixtures";
import { fillCheckout } from "./journeys";
import { E2E_ADMIN } from "./mailbox";
import type { Page } from "@playwright/test";

/*
 * A slow phone shows the page seconds before its JavaScript runs. Holding the app's scripts back
 * reproduces that deterministically: whatever the shopper does in that window must not be lost
 * (docs/decisions/018-input-before-javascript.md).
 */

/** Holds the app's scripts until `release()`: the page is there, its JavaScript is not. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => (window as { __lrHydrated?: boolean }).__lrHydrated === true);

/** A returning shopper: one premium chaeto in the cart, and what was typed into checkout earlier in this tab. */
async function returningShopper(page: Page, kept: Record<string, string> = {}) {
  await page.addInitScript((fields) => {
    window.localStorage.setItem(
      "lazyReefer.cart",
      JSON.stringify([{ kind: "product", id: "premium-chaeto", quantity: 1 }]),
    );
    if (Object.keys(fields).length > 0) window.sessionStorage.setItem("lazyReefer.checkout", JSON.stringify(fields));
  }, kept);
}

test("'Add to cart' tapped before the page is ready ends up in the cart", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/product/premium-chaeto", { waitUntil: "commit" });
  const button = page.getByRole("button", { name: "Add to cart" });
  await expect(button).toBeVisible();
  await page.getByLabel("Quantity", { exact: true }).fill("2");
  await button.click();
  await expect(button).toHaveAttribute("aria-busy", "true");
  release();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await expect(button).not.toHaveAttribute("aria-busy", "true");
  // After hydration a tap is answered by the page itself, once.
  await button.click();
  await expect(page.getByTestId("cart-count")).toHaveText("3");
});

test("the quantity stepper's − and + tapped before the page is ready are kept", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/product/premium-chaeto", { waitUntil: "commit" });
  const quantity = page.getByLabel("Quantity", { exact: true });
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(quantity).toHaveValue("3");
  // − was disabled at 1; it works as soon as there is something to take away.
  await page.getByRole("button", { name: "Decrease quantity" }).click();
  await expect(quantity).toHaveValue("2");
  release();
  await hydrated(page);
  await expect(quantity).toHaveValue("2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
});

test("the cart button tapped before the page is ready opens the cart once it is", async ({ page }) => {
  await returningShopper(page);
  const release = await holdScripts(page);
  await page.goto("/", { waitUntil: "commit" });
  await page.getByRole("button", { name: /Open cart/ }).click();
  // (Once the panel is open the page behind it, the button included, is hidden from the accessibility tree.)
  const cartButton = page.locator("[data-early-open]");
  await expect(cartButton).toHaveAttribute("aria-busy", "true");
  release();
  const panel = page.getByRole("dialog", { name: "Your cart" });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("cart-line")).toHaveCount(1);
  await expect(cartButton).not.toHaveAttribute("aria-busy", "true");
});

test("checkout fields typed before the page is ready stay; fields kept from earlier fill only the untouched ones", async ({
  page,
}) => {
  await returningShopper(page, { email: "earlier@example.com", name: "Earlier Name", city: "Miami" });
  const release = await holdScripts(page);
  await page.goto("/checkout", { waitUntil: "commit" });
  // The form is in the server's HTML: typing starts at once.
  await page.getByLabel("Email", { exact: true }).fill("typed@example.com");
  await page.getByLabel("Street address").fill("5 Early Street");
  release();
  await expect(page.getByRole("button", { name: "Pay $24.99" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("typed@example.com");
  await expect(page.getByLabel("Street address")).toHaveValue("5 Early Street");
  await expect(page.getByLabel("Full name")).toHaveValue("Earlier Name");
  await expect(page.getByLabel("City")).toHaveValue("Miami");
  // What was typed before hydration is kept for a reload too.
  const kept = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem("lazyReefer.checkout") ?? "{}"));
  expect(kept).toMatchObject({ email: "typed@example.com", line1: "5 Early Street", name: "Earlier Name" });
});

test("'Pay' tapped before the page is ready places the order once it is", async ({ page }) => {
  await returningShopper(page);
  const release = await holdScripts(page);
  await page.goto("/checkout", { waitUntil: "commit" });
  await fillCheckout(page);
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  // Held, not sent as a plain form (the card must never go to the server that way).
  await expect(page).toHaveURL(/\/checkout$/);
  release();
  await expect(page).toHaveURL(/\/order-confirmation\?order=/);
  await expect(page.getByTestId("order-total")).toHaveText("$24.99");
});

test("signed in: typed before the page is ready, then kept from earlier, then what the shop knows", async ({
  page,
}) => {
  await page.goto("/sign-in");
  await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("account-link")).not.toHaveText("Sign in");

  await returningShopper(page, { name: "Kept Name", city: "Miami" });
  const release = await holdScripts(page);
  await page.goto("/checkout", { waitUntil: "commit" });
  // The server knows the customer: email and name are there before the page is ready.
  const email = page.getByLabel("Email", { exact: true });
  await expect(email).toHaveValue(E2E_ADMIN.email);
  await email.fill("typed-over@example.com");
  release();
  await expect(page.getByRole("button", { name: "Pay $24.99" })).toBeVisible();
  await expect(email).toHaveValue("typed-over@example.com");
  await expect(page.getByLabel("Full name")).toHaveValue("Kept Name");
  await expect(page.getByLabel("City")).toHaveValue("Miami");

  // Nothing typed and nothing kept: what the shop knows.
  await page.evaluate(() => window.sessionStorage.clear());
  await page.unrouteAll();
  await page.addInitScript(() => window.sessionStorage.clear());
  await page.reload();
  await expect(page.getByRole("button", { name: "Pay $24.99" })).toBeVisible();
  await expect(email).toHaveValue(E2E_ADMIN.email);
  await expect(page.getByLabel("Full name")).toHaveValue("Olivia Owner");
});

test("a sign-in or a message refused before the page is ready comes back with what was typed (never the password)", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto("/sign-in", { waitUntil: "commit" });
  await page.getByLabel("Email", { exact: true }).fill("nobody-early@example.com");
  await page.getByLabel("Password", { exact: true }).fill("not-the-one-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("don't match an account");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("nobody-early@example.com");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

  await page.goto("/contact", { waitUntil: "commit" });
  await page.getByLabel("Your name").fill("Rae Early");
  // The browser lets this address through; the shop's own check does not.
  await page.getByLabel("Email", { exact: true }).fill("rae@localhost");
  await page.getByLabel("Subject (optional)").fill("Chaeto turning white");
  await page.getByLabel("Message", { exact: true }).fill("My chaeto went pale in two days under the new light.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Rae Early");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("rae@localhost");
  await expect(page.getByLabel("Subject (optional)")).toHaveValue("Chaeto turning white");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
    "My chaeto went pale in two days under the new light.",
  );
  release();
});
