import { expect, PLACE_ORDER } from "./fixtures";
import { E2E_ADMIN, firstLink, waitForMail } from "./mailbox";
import type { DeliveryChoice } from "../../app/domain/ship-calendar";
import type { Page } from "@playwright/test";

export async function addToCart(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole("button", { name: "Add to cart" }).click();
  // As a shopper sees it: the toast says it is in the cart (the add may wait for the cart's rules
  // to arrive, decision 015), before they move on.
  await expect(page.getByText(/^Added \d+ ×/).first()).toBeVisible();
}

/** Fills the checkout form the way a shopper types it. */
export async function fillCheckout(
  page: Page,
  options: { card?: string; email?: string; name?: string; street?: string; city?: string; zip?: string } = {},
) {
  await page.getByLabel("Email", { exact: true }).fill(options.email ?? "shopper@example.com");
  await page.getByLabel("Full name").fill(options.name ?? "Sam Shopper");
  await page.getByLabel("Street address").fill(options.street ?? "1 Reef Road");
  await page.getByLabel("City").fill(options.city ?? "Tampa");
  await page.getByLabel("State").selectOption("FL");
  await page.getByLabel("ZIP code").fill(options.zip ?? "33602");
  await page.getByLabel("Card number").fill(options.card ?? "4242424242424242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
}

/** Buys one premium chaeto and returns the order number shown on the confirmation page. */
export async function buyChaeto(page: Page, options: Parameters<typeof fillCheckout>[1] = {}): Promise<string> {
  await addToCart(page, "/product/premium-chaeto");
  await page.goto("/checkout");
  await fillCheckout(page, options);
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
  await expect(page.getByTestId("order-status")).toBeVisible();
  return (await page.locator(".eyebrow").first().textContent())!.replace("Order ", "").trim();
}

/** Opens a back-office page signed out and signs in as the e2e administrator on the way. */
export async function signInAsAdmin(page: Page, to = "/admin") {
  await page.goto(to);
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);
  await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/**
 * Creates an account as a person does: the form says "check your inbox" (the same for a known
 * address), and the confirmation link from the mail signs them in and lands on `/profile`.
 */
export async function signUp(
  page: Page,
  { email, password, name }: { email: string; password: string; name?: string },
) {
  if (new URL(page.url()).pathname !== "/sign-up") await page.goto("/sign-up");
  if (name) await page.getByLabel("Display name (optional)").fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(`Check your inbox: we've sent an email to ${email}`)).toBeVisible();
  await page.goto(firstLink(await waitForMail(email, /Confirm your email/), "/api/auth/verify-email"));
  await expect(page).toHaveURL(/\/profile$/);
}

/** The shop's ship days for the checkout's ZIP, as its quote answered the form. */
export function deliveryAnswer(page: Page, postalCode: string) {
  return page
    .waitForResponse(
      (r) =>
        r.url().endsWith("/api/cart/quote") &&
        (r.request().postDataJSON() as { shippingAddress?: { postalCode?: string } }).shippingAddress?.postalCode ===
          postalCode,
    )
    .then(async (r) => (await r.json()) as { delivery: (DeliveryChoice & { choices: DeliveryChoice[] }) | null });
}
