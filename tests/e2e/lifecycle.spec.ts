import crypto from "node:crypto";
import { expect, expectAccessible, PLACE_ORDER, test } from "./fixtures";
import { addToCart, fillCheckout } from "./journeys";
import { E2E_ADMIN, waitForMail } from "./mailbox";

test("pay with 3-D Secure, go Back: the challenge page says the order is paid and links to it", async ({ page }) => {
  await addToCart(page, "/product/premium-chaeto");
  await page.goto("/checkout");
  await fillCheckout(page, { card: "4000002500003155" });
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page).toHaveURL(/\/checkout\/challenge\?/);
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
  const confirmation = page.url();
  const number = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  expect(number).toBeTruthy();

  await page.goBack();
  await expect(page).toHaveURL(/\/checkout\/challenge\?/);
  const paid = page.getByTestId("challenge-paid");
  await expect(paid.getByRole("heading", { level: 1 })).toHaveText(/^Order LR-[2-9A-Z]{8} is paid$/);
  await expect(page.getByText("Your cart is unchanged")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Complete" })).toHaveCount(0);
  await expectAccessible(page);
  await paid.getByRole("link", { name: /^View order LR-/ }).click();
  await expect(page).toHaveURL(confirmation);
  await expect(page.getByTestId("order-status")).toHaveText("Paid, being packed");
});

test("a failed challenge, reached again: over, nothing charged, and the cart is still there", async ({ page }) => {
  await addToCart(page, "/product/premium-chaeto");
  await page.goto("/checkout");
  await fillCheckout(page, { card: "4000002500003155" });
  await page.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(page).toHaveURL(/\/checkout\/challenge\?/);
  await page.getByRole("button", { name: "Fail" }).click();
  await expect(page.getByRole("alert")).toContainText("could not confirm");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This payment step is over");
  await expect(page.getByText("nothing was charged")).toBeVisible();
  await expect(page.getByText("Your cart is unchanged")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});

test("the owner sees a declined checkout under abandoned checkouts, not orders; cancelling a paid order refunds and mails the customer", async ({
  page,
  browser,
}) => {
  const email = `declined-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const shopper = await (await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.19.2.2" } })).newPage();
  await addToCart(shopper, "/product/premium-chaeto");
  await shopper.goto("/checkout");
  await fillCheckout(shopper, { email, card: "4000000000000002" });
  await shopper.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(shopper.getByRole("alert").filter({ hasText: "declined" })).toBeVisible();
  await shopper.getByLabel("Card number").fill("4242424242424242");
  await shopper.getByRole("button", { name: PLACE_ORDER }).click();
  await expect(shopper).toHaveURL(/\/order-confirmation/);
  // Read once the confirmation is drawn: the URL changes before the page does.
  const number = (await shopper.getByText(/^Order LR-/).textContent())!.replace("Order ", "").trim();

  await page.goto("/admin/orders");
  await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await page.getByLabel("Order number or email").fill(email);
  await page.getByRole("button", { name: "Filter" }).click();
  // Only the paid order: the declined attempt is not an order, and nothing shows as cancelled.
  await expect(page.getByTestId("orders-table").getByRole("row")).toHaveCount(2);
  await expect(page.getByTestId("orders-table")).toContainText(number);
  await expect(page.getByTestId("orders-table")).not.toContainText("Cancelled");

  await page
    .getByRole("navigation", { name: "Order views" })
    .getByRole("link", { name: "Abandoned checkouts" })
    .click();
  await expect(page.getByRole("heading", { name: "Abandoned checkouts", level: 1 })).toBeVisible();
  await page.getByLabel("Order number or email").fill(email);
  await page.getByRole("button", { name: "Filter" }).click();
  // The provider's code in plain words for the owner.
  await expect(page.getByTestId("orders-table")).toContainText("last attempt: card declined by the bank");
  await expect(page.getByTestId("orders-table")).not.toContainText("card-declined");
  await expect(page.getByTestId("orders-table")).not.toContainText(number);
  await expectAccessible(page);

  await page.goto("/admin/orders");
  await page.getByLabel("Order number or email").fill(number);
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByTestId("orders-table").getByRole("link", { name: number }).click();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId("order-actions").getByRole("button", { name: "Cancel and refund" }).click();
  await expect(page.getByTestId("refunds")).toContainText("$24.99 · refunded");
  await expectAccessible(page);

  const mail = await waitForMail(email, /cancelled/i);
  expect(mail).toContain(number);
  expect(mail).toContain("$24.99");
  expect(mail).toMatch(/5 to 10 business\s+days/);

  // The customer's own page tells what happened: cancelled and refunded, nothing left to pack.
  await shopper.reload();
  await expect(shopper.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(shopper.getByTestId("order-state")).toContainText("before it shipped: nothing will be sent");
  await expect(shopper.getByTestId("order-refund")).toContainText("$24.99 (all you paid) has been refunded");
  await expect(shopper.getByText(/pack your order/)).toHaveCount(0);
  await expect(shopper.getByRole("heading", { name: "What happens next" })).toHaveCount(0);
  await expectAccessible(shopper);
});
