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
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  for (const path of PAGES) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});

test("the header never wraps: one row and one-line items at 320, 390, 768, 1024 and 1440 px", async ({ page }) => {
  for (const width of [320, 390, 768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/", "/products"]) {
      await page.goto(path);
      const header = page.locator("header").first();
      expect((await header.boundingBox())!.height, `header at ${width}px on ${path}`).toBeLessThanOrEqual(72);
      // A label on two lines is about twice its one-line height (logo ~28 px, nav links ~36 px).
      const labelHeights = await header
        .locator('a > span, nav[aria-label="Main"] a')
        .evaluateAll((els) =>
          els.filter((el) => el.getClientRects().length > 0).map((el) => el.getBoundingClientRect().height),
        );
      for (const h of labelHeights) expect(h, `a header label is two lines at ${width}px`).toBeLessThan(40);
    }
  }
});

test("two product cards per row on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/products");
  const cards = page.getByTestId("product-grid").locator("article");
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
  expect(first!.width).toBeLessThan(200);
  // The sort label stays on one line.
  expect((await page.getByText("Sort by", { exact: true }).boundingBox())!.height).toBeLessThan(30);
});

test("a page's main heading keeps its lines when the heading font arrives", async ({ browser }) => {
  // The same pages twice at 390 px: once with the font files refused (a first visit before they
  // arrive), once with Fraunces drawn; the fallback is scaled to its metrics, so h1s stay put.
  const heights = async (blockFonts: boolean) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    if (blockFonts) await page.route(/\.woff2$/, (route) => route.abort());
    const found: number[] = [];
    for (const path of ["/", "/products", "/product/premium-chaeto", "/care", "/reef-wisdom"]) {
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      if (!blockFonts)
        expect(await page.evaluate(() => document.fonts.check('600 32px "Fraunces Variable"'))).toBe(true);
      found.push(Math.round((await page.locator("h1").first().boundingBox())!.height));
    }
    await context.close();
    return found;
  };
  expect(await heights(true)).toEqual(await heights(false));
});
