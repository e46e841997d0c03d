import crypto from "node:crypto";
import sharp from "sharp";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { buyChaeto, signInAsAdmin } from "./journeys";
import type { Page } from "@playwright/test";

/** A small square photo of one colour, made here (no fixture files). */
const photo = async (name: string, colour: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 120, height: 90, channels: 3, background: colour } })
    .png()
    .toBuffer(),
});

/** The storefront's image list for a product, as the JSON API gives it. */
async function shopImages(page: Page, productId: string): Promise<string[]> {
  const res = await page.request.get(`/api/products/${productId}`);
  return ((await res.json()) as { product: { images: string[] } }).product.images;
}

// The catalogue page is long (every item's form and photos): axe alone takes seconds on it.
test.describe.configure({ timeout: 120_000 });

const keyOf = async (item: ReturnType<Page["locator"]>) =>
  /\/images\/catalog\/(.+)-240\.webp$/.exec((await item.locator("img").getAttribute("src")) ?? "")![1]!;

/**
 * The owner's photo journey (decision 021): uploads are drafts the storefront does not show;
 * keyboard reorder, make main (the storefront follows), remove and undo. Each viewport works on
 * its own product, so the two runs can share the server.
 */
for (const { width, productId } of [
  { width: 1440, productId: "reef-care-bundle" },
  { width: 390, productId: "refugium-starter-kit" },
]) {
  test(`photos: upload to drafts, reorder by keyboard, make main, remove and undo at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page, "/admin/catalogue");
    // The first sign-in of a fresh server can take a while on a busy machine.
    await expect(page.getByRole("heading", { name: "Catalogue", level: 1 })).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState("load");
    const strip = page.getByTestId(`photos-${productId}`);
    const photos = strip.getByTestId("photo");
    const before = await photos.count();
    const shopBefore = await shopImages(page, productId);
    expect(shopBefore.length).toBe(before);

    await strip
      .getByLabel(/^Add photos/)
      .setInputFiles([await photo("green.png", "#3f8f3a"), await photo("coral.png", "#e4572e")]);
    await expect(strip.getByTestId(`photos-live-${productId}`)).toHaveText(/^2 photos added as drafts/, {
      // sharp renders six variants of each photo; a busy machine takes a while.
      timeout: 30_000,
    });
    await expect(photos).toHaveCount(before + 2);
    await expect(photos.nth(before)).toContainText("Draft");
    await expect(photos.nth(before + 1)).toContainText("Draft");
    // The thumbnails are real images (sharp's variants, served from storage); lazy, so scrolled to.
    await photos.nth(before + 1).scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        photos
          .nth(before + 1)
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(240);
    expect(await shopImages(page, productId)).toEqual(shopBefore);
    await expectAccessible(page);

    // Keyboard: the last photo moves one place earlier; the live region says where, focus stays on it.
    const last = photos.nth(before + 1);
    const coralKey = await keyOf(last);
    const handle = last.getByRole("button", { name: /^Reorder photo/ });
    await handle.focus();
    await page.keyboard.press("ArrowLeft");
    const total = before + 2;
    await expect(strip.getByTestId(`photos-live-${productId}`)).toHaveText(
      `Photo moved to place ${total - 1} of ${total}.`,
    );
    await expect(photos.nth(before)).toHaveAttribute("aria-label", `Photo ${total - 1} of ${total}, draft`);
    expect(await keyOf(photos.nth(before))).toBe(coralKey);
    await expect(photos.nth(before).getByRole("button", { name: /^Reorder photo/ })).toBeFocused();
    expect(await shopImages(page, productId)).toEqual(shopBefore);

    // Make main: the storefront's first image is now this photo.
    await photos.nth(before).getByRole("button", { name: "Make main" }).click();
    await expect(strip.getByTestId(`photos-live-${productId}`)).toHaveText("Photo is now the main photo in the shop.");
    await expect(photos.first()).toContainText("Main");
    expect(await keyOf(photos.first())).toBe(coralKey);
    await expect.poll(async () => (await shopImages(page, productId))[0]).toBe(`/images/catalog/${coralKey}-800.webp`);

    // Remove, then undo: gone from the shop at once, back as main after undo.
    await photos.first().getByRole("button", { name: "Remove photo 1" }).click();
    await expect(strip.getByTestId(`photos-removed-${productId}`)).toContainText("1 photo removed");
    await expect(photos).toHaveCount(total - 1);
    await expect.poll(() => shopImages(page, productId)).toEqual(shopBefore);
    await expectAccessible(page);
    await strip.getByRole("button", { name: "Undo remove" }).click();
    await expect(strip.getByTestId(`photos-live-${productId}`)).toHaveText("Photo put back.");
    await expect(photos).toHaveCount(total);
    await expect.poll(async () => (await shopImages(page, productId))[0]).toBe(`/images/catalog/${coralKey}-800.webp`);

    // Drag and drop: the main photo dragged onto the last place.
    await photos.first().dragTo(photos.last());
    await expect(strip.getByTestId(`photos-live-${productId}`)).toHaveText(
      `Photo moved to place ${total} of ${total}.`,
    );
    expect(await keyOf(photos.last())).toBe(coralKey);
    // Back to first for the storefront check below.
    await photos.last().getByRole("button", { name: "Make main" }).click();
    await expect(strip.getByTestId(`photos-live-${productId}`)).toHaveText("Photo is now the main photo in the shop.");

    await visit(page, `/product/${productId}`);
    await expect(page.locator("article img").first()).toHaveAttribute("src", `/images/catalog/${coralKey}-480.webp`);
  });
}

test("details: typed fields save and the other keys are kept; Listed; the stock log names the order", async ({
  page,
  browser,
}) => {
  const shopper = await (await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.19.9.9" } })).newPage();
  const number = await buyChaeto(shopper, {
    email: `stocklog-${crypto.randomBytes(4).toString("hex")}@example.com`,
    name: "Sam Stock",
    street: "1 Reef Road",
    city: "Miami",
    zip: "33101",
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page, "/admin/catalogue");
  await expect(page.getByRole("heading", { name: "Catalogue", level: 1 })).toBeVisible({ timeout: 15_000 });
  const card = page.getByTestId("catalogue-chaeto-coral-food-combo");
  await expect(card.getByLabel("Listed")).toBeChecked();
  await expect(card.getByLabel("Listed")).toHaveAccessibleDescription("Shown in the shop");
  await expect(page.getByText("On sale", { exact: true })).toHaveCount(0);

  await card.getByText("Title, description, tags and details").click();
  await expect(card.getByLabel("Care level")).toHaveValue("Beginner");
  await card.getByLabel("Tank size").fill("Up to 90 gallons");
  await card.getByLabel("Chaeto portion").fill("Grapefruit");
  await card.getByText("Advanced: other details (JSON)").click();
  const other = card.getByLabel("Other details (JSON)");
  await expect(other).toHaveValue(/"marketplaceItemId": "MKT-204871593"/);
  const before = await other.inputValue();
  await other.fill('{"marketplaceItemId": "MKT-204871593"');
  await card.getByRole("button", { name: "Save" }).click();
  await expect(other).toHaveAccessibleDescription(/Write the other details as JSON/);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setViewportSize({ width: 1440, height: 900 });
  // The details other journeys read (the coral food's label dose) stay as they were.
  const details = JSON.parse(before) as Record<string, unknown>;
  await other.fill(JSON.stringify({ ...details, batch: "B-7" }, null, 2));
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByText("Saved.")).toBeVisible();

  const saved = await page.request.get("/api/products/chaeto-coral-food-combo");
  const { product } = (await saved.json()) as { product: { metadata: Record<string, unknown> } };
  expect(product.metadata).toMatchObject({
    tankSize: "Up to 90 gallons",
    chaetoSize: "Grapefruit",
    careLevel: "Beginner",
    marketplaceItemId: "MKT-204871593",
    batch: "B-7",
  });

  // The order's stock movement names its order number and links to the order.
  const log = page.getByRole("region", { name: "Recent stock movements" });
  const link = log.getByRole("link", { name: number }).first();
  await expect(link).toBeVisible();
  await expect(log).not.toContainText("order:");
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing on the page is wider than a phone (the log scrolls inside its own box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(number);
});

test("photos without JavaScript: upload, show in shop and make main are plain form posts", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": "198.19.9.10" },
  });
  const page = await context.newPage();
  const productId = "october-special";
  await signInAsAdmin(page, "/admin/catalogue");
  await expect(page.getByRole("heading", { name: "Catalogue", level: 1 })).toBeVisible({ timeout: 15_000 });
  // The heading arrives long before the end of this long page's stream: count the photos once the
  // whole document is in (a count taken mid-stream read 0 where the product had 2).
  await page.waitForLoadState("load");
  const strip = page.getByTestId(`photos-${productId}`);
  const photos = strip.getByTestId("photo");
  const before = await photos.count();
  const shopBefore = await shopImages(page, productId);

  await strip.getByLabel(/^Add photos/).setInputFiles([await photo("gold.png", "#e8b33a")]);
  await strip.getByRole("button", { name: "Upload" }).click();
  await expect(strip.getByText(/^1 photo added as a draft/).first()).toBeVisible({ timeout: 30_000 });
  await expect(photos).toHaveCount(before + 1);
  expect(await shopImages(page, productId)).toEqual(shopBefore);

  const added = photos.last();
  const key = await keyOf(added);
  await added.getByRole("button", { name: "Show in shop" }).click();
  await expect(strip.getByText("Photo shown in the shop.").first()).toBeVisible();
  expect(await shopImages(page, productId)).toEqual([...shopBefore, `/images/catalog/${key}-800.webp`]);
  await photos.last().getByRole("button", { name: "Make main" }).click();
  await expect(strip.getByText("Photo is now the main photo in the shop.").first()).toBeVisible();
  expect((await shopImages(page, productId))[0]).toBe(`/images/catalog/${key}-800.webp`);
  await context.close();
});
