import { expect, test } from "./fixtures";

const PAGES = [
  "/",
  "/products",
  "/product/premium-chaeto",
  "/product/lazy-starter",
  "/checkout",
  "/reef-wisdom",
  "/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery",
  "/care",
  "/plan?size=nano&level=beginner",
  "/contact",
  "/sign-in",
  "/sign-up",
  "/coming-soon",
  "/shipping-info",
];

test("no page scrolls sideways on a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/product/premium-chaeto");
  await page.getByRole("button", { name: "Add to cart" }).click();
  for (const path of PAGES) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});
