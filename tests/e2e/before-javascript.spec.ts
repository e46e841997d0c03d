import { expect, test } from "./fixtures";

/*
 * A slow phone shows the page seconds before its JavaScript runs. Holding the app's scripts back
 * reproduces that deterministically: whatever the shopper does in that window must not be lost.
 */
test("'Add to cart' tapped before the page is ready ends up in the cart", async ({ page }) => {
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
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
