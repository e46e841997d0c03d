import { expect, expectAccessible, test, visit } from "./fixtures";
import type { Page } from "@playwright/test";

/** Searches from the header as a person would at this width: the box on a desktop, the button on a phone. */
async function searchFromHeader(page: Page, query: string) {
  const header = page.locator("header").first();
  const box = header.getByLabel("Search products and guides");
  if (await box.isVisible()) {
    await box.fill(query);
  } else {
    await header.getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    // By label, not role: once focused, the box loads its suggestions and becomes a combobox.
    const pageBox = page.locator("main").getByLabel("Search products and guides");
    await expect(pageBox).toBeFocused();
    await pageBox.fill(query);
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(query)}$`));
}

const catalogueResults = (page: Page) => page.getByTestId("catalogue-results").getByRole("listitem");
const guideResults = (page: Page) => page.getByTestId("guide-results").getByRole("listitem");

for (const width of [390, 1440]) {
  test.describe(`search at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 900 }));

    test("'phosphate' finds chaeto and the water chemistry sections, with a count and a title", async ({ page }) => {
      await visit(page, "/");
      await searchFromHeader(page, "phosphate");
      await expect(page).toHaveTitle(/^Search results for “phosphate” \| Lazy Reefer$/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(catalogueResults(page).first()).toContainText("Premium Chaeto");
      await expect(guideResults(page).filter({ hasText: "High phosphate" })).toHaveCount(1);
      const shown = (await catalogueResults(page).count()) + (await guideResults(page).count());
      await expect(page.getByTestId("search-count")).toHaveText(`${shown} results for “phosphate”`);
      // The query stays in the box.
      await expect(page.locator("#search-page")).toHaveValue("phosphate");
      await expectAccessible(page);
    });

    test("'chaeto' lists products and bundles with the server's price and picture, then guide sections", async ({
      page,
      request,
    }) => {
      await visit(page, "/search?q=chaeto");
      const { product } = (await (await request.get("/api/products/premium-chaeto")).json()) as {
        product: { price: number };
      };
      const first = catalogueResults(page).first();
      await expect(first.getByRole("heading")).toHaveText("Premium Chaeto (Chaetomorpha)");
      await expect(first).toContainText(`$${product.price.toFixed(2)}`);
      await expect(first.locator("img")).toHaveAttribute("src", /premium-chaeto/);
      await expect(catalogueResults(page).filter({ hasText: "Bundle" }).first()).toBeVisible();
      const section = guideResults(page).first();
      await expect(section.getByRole("link")).toHaveAttribute("href", /#[a-z0-9-]+$/);
      await expect(section.locator("mark").first()).toHaveText(/chaeto/i);
      await first.getByRole("heading").click();
      await expect(page).toHaveURL(/\/product\/premium-chaeto$/);
    });

    test("the typo 'cheato' is read as chaeto", async ({ page }) => {
      await visit(page, "/search?q=cheato");
      await expect(page.getByTestId("search-count")).toContainText("for “chaeto”");
      await expect(page.getByTestId("search-count")).toContainText("you typed “cheato”");
      await expect(catalogueResults(page).first()).toContainText("Premium Chaeto");
    });

    test("a word only the guides use ('refractometer') finds guide sections and no products", async ({ page }) => {
      await visit(page, "/search?q=refractometer");
      await expect(page.getByTestId("catalogue-results")).toHaveCount(0);
      const first = guideResults(page).first();
      await expect(first).toContainText("Water Chemistry");
      await first.getByRole("link", { name: /Refractometer/ }).click();
      await expect(page).toHaveURL(/\/reef-wisdom\/lazy-reefer-guide\/water-chemistry-mastery#refractometer/);
    });

    test("nothing found: a plain answer with ideas that do find something", async ({ page }) => {
      await visit(page, "/search?q=xylophone");
      await expect(page.getByRole("heading", { name: "Nothing matches “xylophone”" })).toBeVisible();
      await expect(page.getByTestId("search-count")).toHaveText("0 results for “xylophone”");
      await page.getByRole("link", { name: "refractometer", exact: true }).click();
      await expect(guideResults(page).first()).toBeVisible();
    });

    test("suggestions as you type, chosen with the keyboard", async ({ page }) => {
      await visit(page, width >= 1280 ? "/" : "/search");
      const box = page.locator(width >= 1280 ? "#site-search" : "#search-page");
      await box.click();
      await box.pressSequentially("chae", { delay: 40 });
      const list = page.getByRole("listbox", { name: "Suggestions" });
      await expect(list).toBeVisible();
      await expect(box).toHaveAttribute("role", "combobox");
      await expect(box).toHaveAttribute("aria-expanded", "true");
      const options = list.getByRole("option");
      await expect(options.first()).toContainText("Premium Chaeto");
      await expect(options.last()).toContainText("See all results for “chae”");
      await expectAccessible(page);

      await page.keyboard.press("ArrowDown");
      await expect(options.first()).toHaveAttribute("aria-selected", "true");
      await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowUp");
      await expect(options.first()).toHaveAttribute("aria-selected", "true");
      await page.keyboard.press("Escape");
      await expect(list).toBeHidden();
      await expect(box).toHaveAttribute("aria-expanded", "false");
      await expect(box).toHaveValue("chae");

      await page.keyboard.press("ArrowDown");
      await expect(list).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/product\/premium-chaeto$/);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's box searches at 1440 px", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    await page.locator("#site-search").fill("chaeto");
    await page.locator("#site-search").press("Enter");
    await expect(page).toHaveURL(/\/search\?q=chaeto$/);
    await expect(catalogueResults(page).first()).toContainText("Premium Chaeto");
    await expect(guideResults(page).first()).toBeVisible();
  });

  test("the header's button leads to the search page at 390 px, and the typo still finds chaeto", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.locator("header").getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    await page.locator("#search-page").fill("cheato");
    await page.getByRole("button", { name: "Search", exact: true }).last().click();
    await expect(page).toHaveURL(/\/search\?q=cheato$/);
    await expect(page.getByTestId("search-count")).toContainText("for “chaeto”");
    await expect(catalogueResults(page).first()).toContainText("Premium Chaeto");
  });

  test("the menu offers search on the smallest phones", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/");
    await page.locator("summary", { hasText: "Menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
  });
});

test("the menu closes once a page is chosen from it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  // Client-side navigation, the case where the open menu used to stay over the new page.
  await page.waitForFunction(() => (window as { __lrHydrated?: boolean }).__lrHydrated === true);
  await page.locator("summary", { hasText: "Menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await menu.getByRole("link", { name: "Reef Wisdom" }).click();
  await expect(page).toHaveURL(/\/reef-wisdom$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(menu).toBeHidden();
});

test("odd input answers 200 (or the server's 400 for a NUL in the address), never an error", async ({ request }) => {
  expect((await request.get("/search?q=%00")).status()).toBe(400);
  expect((await request.get("/search/suggest?q=%00")).status()).toBe(400);
  for (const q of [
    "a".repeat(5000),
    "%E2%80%AE%F0%9F%90%A0%CC%81%E2%80%8B",
    "%F0%9F",
    "<script>alert(1)</script>",
    "%EF%BC%A3",
  ]) {
    const page = await request.get(`/search?q=${q}`);
    expect(page.status(), `/search?q=${q.slice(0, 20)}`).toBe(200);
    const suggest = await request.get(`/search/suggest?q=${q}`);
    expect(suggest.status()).toBe(200);
    expect(await suggest.json()).toHaveProperty("suggestions");
  }
  const html = await (await request.get("/search?q=<script>alert(1)</script>")).text();
  expect(html).not.toContain("<script>alert(1)</script>");
});

test("the listing sorts by Newest and Best selling", async ({ page }) => {
  await visit(page, "/products");
  const sort = page.getByLabel("Sort by");
  await expect(sort.locator("option")).toHaveText([
    "Featured",
    "Newest",
    "Best selling",
    "Price: low to high",
    "Price: high to low",
  ]);
  await sort.selectOption("best-selling");
  await expect(page).toHaveURL(/sort=best-selling/);
  await sort.selectOption("newest");
  await expect(page).toHaveURL(/sort=newest/);
  await expect(page.getByTestId("product-grid").locator("article")).not.toHaveCount(0);
});

test("joined words, a hobbyist's other name and an unknown word", async ({ page }) => {
  await visit(page, "/search?q=coralfood");
  await expect(page.getByTestId("search-count")).toContainText("for “coral food”");
  await expect(page.getByTestId("search-count")).toContainText("(you typed “coralfood”)");
  await visit(page, "/search?q=ick");
  await expect(page.getByTestId("search-count")).toContainText("for “ich”");
  await visit(page, "/search?q=gift%20card");
  await expect(page.getByRole("heading", { name: "Nothing matches “gift card”" })).toBeVisible();
  await expect(page.getByText("lift card")).toHaveCount(0);
});
