import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateCatalogueItem } from "#app/models/back-office/catalogue.server";
import { loader as homeLoader } from "#app/routes/home";
import { loader as productLoader } from "#app/routes/product";
import { loader as productsLoader } from "#app/routes/products";
import { loader as sitemapLoader } from "#app/routes/sitemap[.]xml";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices } from "../helpers/test-services";
import type { Clock } from "#app/domain/clock";
import type { AppServices } from "#server/services";

const DURING = new Date("2024-10-31T23:59:00Z");
const AFTER = new Date("2024-11-01T00:00:00Z");

/** The products a piece of the home page's HTML links to. */
const productLinks = (html: string) => [...html.matchAll(/href="\/product\/([\w-]+)"/g)].map((m) => m[1]);
/** The HTML of the home page's section labelled by `headingId`. */
const section = (html: string, headingId: string) =>
  /<section[^>]*aria-labelledby="([\w-]+)"[\s\S]*?<\/section>/g
    [Symbol.match](html)
    ?.find((s) => s.includes(`id="${headingId}"`)) ?? "";
/** The product the home page's special-offer panel sells, if it has one. */
const homeSpecial = (html: string) => productLinks(section(html, "special-heading"))[0] ?? null;

/** The page loaders as the server calls them, with the services' injected clock set per test. */
describe(`ended offers leave the shop window, ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let now: Date = DURING;
  const clock: Clock = () => now;
  const args = (path: string, params: Record<string, string> = {}) =>
    ({ request: new Request(`http://shop.test${path}`), params, context: { services } }) as never;

  const windowAt = async (at: Date) => {
    now = at;
    const home = await homeLoader(args("/"));
    const products = await productsLoader(args("/products"));
    const related = await (
      await productLoader(args("/product/premium-chaeto", { productId: "premium-chaeto" }))
    ).related;
    const sitemap = await (await sitemapLoader(args("/sitemap.xml"))).text();
    return {
      homeSpecial: homeSpecial(home.html ?? ""),
      homeFeatured: productLinks(section(home.html ?? "", "featured-heading")),
      listing: JSON.stringify(products).includes("october-special"),
      filters: products.categories,
      related: productLinks(related ?? ""),
      sitemap: sitemap.includes("/product/october-special"),
    };
  };

  beforeAll(async () => {
    services = await createTestServices({ clock });
  });
  afterAll(async () => {
    await services?.database.destroy();
  });

  it("shows the October special through the last day of its offer", async () => {
    const seen = await windowAt(DURING);
    expect(seen.homeSpecial).toBe("october-special");
    expect(seen.listing).toBe(true);
    expect(seen.filters).toContain("special");
    expect(seen.related).toContain("october-special");
    expect(seen.sitemap).toBe(true);
  });

  it("after validUntil it is gone from home, listings, related products and the sitemap", async () => {
    const seen = await windowAt(AFTER);
    expect(seen.homeSpecial).toBeNull();
    // The home page leads with things that can be bought.
    expect(seen.homeFeatured.length).toBeGreaterThan(0);
    expect(seen.listing).toBe(false);
    // Its category holds nothing else: no filter that would list nothing.
    expect(seen.filters).not.toContain("special");
    expect(seen.filters).toEqual(expect.arrayContaining(["macroalgae", "bundle"]));
    expect(seen.related).not.toContain("october-special");
    expect(seen.sitemap).toBe(false);
  });

  it("keeps the filter a shopper arrives on by an old link, with an empty state that links to everything", async () => {
    now = AFTER;
    const products = await productsLoader(args("/products?category=special"));
    expect(products.categories).toContain("special");
    expect(products.shown).toBe(0);
    expect(products.listing).toContain('href="/products"');
  });

  it("its URL still answers, says the offer ended and links to what replaced it", async () => {
    now = AFTER;
    const page = await productLoader(args("/product/october-special", { productId: "october-special" }));
    expect(page.item).toMatchObject({ kind: "product", purchasable: false, stock: { kind: "offer-ended" } });
    // The note under the buy button, with a link to the replacement.
    expect(page.details).toMatch(
      /data-testid="offer-ended"[^]*Offer ended[^]*href="\/product\/chaeto-coral-food-combo"/,
    );
  });

  it("comes back when the owner starts a new offer period in the back office", async () => {
    now = AFTER;
    await updateCatalogueItem(
      services.database.db,
      "product",
      "october-special",
      { validUntil: "2024-11-30" },
      "owner@example.com",
      AFTER,
    );
    const seen = await windowAt(AFTER);
    expect(seen.homeSpecial).toBe("october-special");
    expect(seen.listing).toBe(true);
    expect(seen.sitemap).toBe(true);
    expect((await windowAt(new Date("2024-12-01T00:00:00Z"))).homeSpecial).toBeNull();
  });
});
