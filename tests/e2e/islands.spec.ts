import crypto from "node:crypto";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

/*
 * Islands (docs/decisions/032-islands.md): parts of a page whose code loads after the page's own,
 * on first reach or when they scroll into view. Holding one island's code back reproduces a slow
 * line deterministically: what the shopper does in that window must still happen, once.
 */

/** Holds the island chunk `chunk` (name and an 8-character hash) until `release()`; counts its requests. */
async function holdIsland(page: Page, chunk: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]{8}\\.js$`), async (route) => {
    requested.push(route.request().url());
    await held;
    await route.continue();
  });
  return { release, requested };
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => (window as { __lrHydrated?: boolean }).__lrHydrated === true);

test("a combo box ticked before the builder's code is there counts once it is", async ({ page }) => {
  const { release, requested } = await holdIsland(page, "combo-builder");
  await page.goto("/products");
  await hydrated(page);
  const builder = page.locator("#combo-builder-slot");
  const box = builder.getByRole("checkbox").first();
  await box.scrollIntoViewIfNeeded();
  // Scrolled into view: the builder asks for its code, which is held.
  await expect.poll(() => requested.length).toBeGreaterThan(0);
  await box.check();
  await expect(builder.getByText("No products picked yet.")).toBeVisible();
  release();
  // The builder's own state takes the tick over: it counts it, and the box stays ticked.
  await expect(builder.getByText(/1 picked/)).toBeVisible();
  await expect(box).toBeChecked();
});

test("a footer link followed before the footer's code is there is a client navigation", async ({ page }) => {
  const { release, requested } = await holdIsland(page, "site-footer");
  await page.goto("/contact");
  await hydrated(page);
  const documents: string[] = [];
  page.on("request", (request) => request.resourceType() === "document" && documents.push(request.url()));
  await page.locator("#site-footer").getByRole("link", { name: "Chaeto care" }).click();
  await expect(page).toHaveURL(/\/care$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(documents, "no page load: the router followed the link").toEqual([]);
  expect(requested.length, "pointing at the footer asked for its code").toBeGreaterThan(0);
  release();
});

test("the footer's newsletter form sent before its code is there is sent once it is, in place", async ({ page }) => {
  const { release } = await holdIsland(page, "site-footer");
  await page.goto("/contact");
  await hydrated(page);
  const footer = page.locator("#site-footer");
  await footer.getByLabel("Email address").fill(`island-${crypto.randomBytes(4).toString("hex")}@example.com`);
  await footer.getByLabel("Email address").press("Enter");
  // Held, not posted as a plain form to /newsletter.
  await expect(page).toHaveURL(/\/contact$/);
  release();
  await expect(footer.getByTestId("newsletter-done")).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
});

test("a search typed into the header before its code is there goes to the results as a client navigation", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { release } = await holdIsland(page, "search-box");
  await page.goto("/care");
  await hydrated(page);
  const documents: string[] = [];
  page.on("request", (request) => request.resourceType() === "document" && documents.push(request.url()));
  const box = page.locator("#site-search");
  await box.fill("chaeto light");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/care$/);
  release();
  await expect(page).toHaveURL(/\/search\?q=chaeto\+light$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(documents).toEqual([]);
});
