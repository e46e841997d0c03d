import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SEED_BUNDLES, SEED_PRODUCTS } from "#database/seed/catalogue-data";
import { assembleBundles, chargedBundlePrice, kitQuantity } from "./bundles";
import {
  addCombo,
  addLine,
  EMPTY_CART,
  priceCart,
  productDemand,
  type CartState,
  type CatalogueSnapshot,
} from "./cart";
import { percentOff } from "./money";
import type { Product } from "./catalogue";

const NOW = new Date("2026-11-21T12:00:00Z");
const seedProducts: Product[] = SEED_PRODUCTS.map((p) => ({ ...p, active: true }));
const records = SEED_BUNDLES.map((b) => ({ ...b, active: true }));

function catalogueWith(products: Product[]): CatalogueSnapshot {
  return { products, bundles: assembleBundles(records, products) };
}

/** The same goods bought as plain lines at the catalogue's prices, worked out independently of priceCart. */
function plainGoods(cart: CartState, catalogue: CatalogueSnapshot): number {
  let cents = 0;
  for (const [id, units] of productDemand(cart, catalogue))
    cents += catalogue.products.find((p) => p.id === id)!.priceCents * units;
  return cents;
}

const ids = seedProducts.map((p) => p.id);
const bundleIds = SEED_BUNDLES.map((b) => b.id);

/** Any catalogue prices the owner might set, then any cart a shopper can build against them. */
const scenario = fc
  .record({
    prices: fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: ids.length, maxLength: ids.length }),
    steps: fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant("product" as const), i: fc.nat(20), q: fc.integer({ min: 1, max: 40 }) }),
        fc.record({ kind: fc.constant("bundle" as const), i: fc.nat(20), q: fc.integer({ min: 1, max: 40 }) }),
        fc.record({
          kind: fc.constant("combo" as const),
          picks: fc.uniqueArray(fc.nat(5), { minLength: 2, maxLength: 5 }),
        }),
      ),
      { minLength: 1, maxLength: 10 },
    ),
  })
  .map(({ prices, steps }) => {
    const catalogue = catalogueWith(seedProducts.map((p, i) => ({ ...p, priceCents: prices[i]! })));
    const cart = steps.reduce((c, s) => {
      if (s.kind === "combo")
        return addCombo(
          c,
          s.picks.map((i) => ids[i % ids.length]!),
          catalogue,
          NOW,
        ).cart;
      const list = s.kind === "product" ? ids : bundleIds;
      return addLine(c, s.kind, list[s.i % list.length]!, catalogue, NOW, s.q).cart;
    }, EMPTY_CART);
    return { catalogue, cart };
  });

describe("price truth", () => {
  it("a cart never costs more than its goods as plain lines, nor less than 70 % of them (to the cent)", () => {
    fc.assert(
      fc.property(scenario, ({ catalogue, cart }) => {
        const quote = priceCart(cart, catalogue);
        const goods = plainGoods(cart, catalogue);
        expect(quote.total).toBeLessThanOrEqual(goods);
        // A combo's price is rounded half up to the cent, so each combo unit may sit up to half a
        // cent under 70 % of its goods; nothing else does.
        const comboUnits = quote.lines.filter((l) => l.kind === "combo").reduce((n, l) => n + l.quantity, 0);
        expect(quote.total * 100).toBeGreaterThanOrEqual(goods * 70 - 50 * comboUnits);
        // The "you save" figure is exactly what the cart saves against those plain lines.
        expect(quote.discount).toBe(goods - quote.subtotal);
        for (const line of quote.lines) {
          expect(line.unitPrice).toBeLessThanOrEqual(line.unitOriginalPrice);
          if (line.discountPercent !== undefined && line.discountPercent > 0)
            expect(line.discountPercent).toBe(
              line.kind === "combo" ? line.discountPercent : percentOff(line.unitPrice, line.unitOriginalPrice),
            );
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a bundle's price stays within [70 %, 100 %] of its contents whatever the owner sets", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (list, value) => {
        const price = chargedBundlePrice(list, value);
        expect(price).toBeLessThanOrEqual(value);
        expect(price * 100).toBeGreaterThanOrEqual(value * 70);
        if (list <= value && list * 100 >= value * 70) expect(price).toBe(list);
      }),
    );
  });

  it("the seeded bundles cost what the spec says and save what decision 012 works out", () => {
    const { bundles } = catalogueWith(seedProducts);
    const figures = Object.fromEntries(
      bundles.map((b) => [b.id, [b.priceCents, b.valueCents, percentOff(b.priceCents, b.valueCents)]]),
    );
    expect(figures).toEqual({
      "lazy-starter": [7995, 10497, 24],
      "complete-reef-recovery": [8995, 12497, 28],
      "lazy-pro-maintenance": [5995, 8497, 29],
      "lazy-clean-up-crew": [3995, 4998, 20],
      "complete-reef-starter-pack": [11499, 15997, 28],
    });
  });

  it("a bundle's stock is the smallest its components make", () => {
    const byId = new Map(seedProducts.map((p) => [p.id, p]));
    expect(kitQuantity([{ productId: "chaeto-coral-food-combo", quantity: 3 }], byId)).toBe(25);
    expect(
      kitQuantity(
        [
          { productId: "refugium-starter-kit", quantity: 1 },
          { productId: "chaeto-coral-food-combo", quantity: 2 },
        ],
        byId,
      ),
    ).toBe(25);
    byId.set("refugium-starter-kit", { ...byId.get("refugium-starter-kit")!, quantity: 0 });
    expect(kitQuantity([{ productId: "refugium-starter-kit", quantity: 1 }], byId)).toBe(0);
    byId.set("premium-chaeto", { ...byId.get("premium-chaeto")!, active: false });
    expect(kitQuantity([{ productId: "premium-chaeto", quantity: 1 }], byId)).toBe(0);
    expect(kitQuantity([], byId)).toBe(0);
  });

  it("a bundle and its component share one stock in the cart", () => {
    const catalogue = catalogueWith(
      seedProducts.map((p) => (p.id === "refugium-starter-kit" ? { ...p, quantity: 10 } : p)),
    );
    let cart = addLine(EMPTY_CART, "bundle", "complete-reef-starter-pack", catalogue, NOW, 4).cart;
    const more = addLine(cart, "product", "refugium-starter-kit", catalogue, NOW, 20);
    expect(more).toMatchObject({ added: 6, reason: "limit" });
    cart = more.cart;
    expect(addLine(cart, "bundle", "complete-reef-starter-pack", catalogue, NOW).reason).toBe("out-of-stock");
  });
});
