import { expect, expectAccessible, test } from "./fixtures";
import { addToCart, fillCheckout } from "./journeys";

test("pay with 3-D Secure, go Back: the challenge page says the order is paid and links to it", async ({ page }) => {
  await addToCart(page, "/product/premium-chaeto");
  await page.goto("/checkout");
  await fillCheckout(page, { card: "4000002500003155" });
  await page.getByRole("button", { name: "Place order" }).click();
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
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/checkout\/challenge\?/);
  await page.getByRole("button", { name: "Fail" }).click();
  await expect(page.getByRole("alert")).toContainText("could not confirm");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This payment step is over");
  await expect(page.getByText("nothing was charged")).toBeVisible();
  await expect(page.getByText("Your cart is unchanged")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});
