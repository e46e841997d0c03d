import { describe, expect, it } from "vitest";
import { SEED_BUNDLES, SEED_PRODUCTS } from "#database/seed/catalogue-data";
import { assembleBundles } from "./bundles";
import { cartFromItems, CartItemsSchema } from "./cart-items";
import type { CatalogueSnapshot } from "./cart";
import type { Product } from "./catalogue";

const products: Product[] = SEED_PRODUCTS.map((p) => ({ ...p, active: true }));
const catalogue: CatalogueSnapshot = {
  products,
  bundles: assembleBundles(
    SEED_BUNDLES.map((b) => ({ ...b, active: true })),
    products,
  ),
};
const now = new Date("2026-11-21T00:00:00Z");

describe("cart items from the contract", () => {
  it("sums a product's quantity across lines and combos against its stock", () => {
    const ok = cartFromItems(
      [
        { kind: "product", id: "refugium-starter-kit", quantity: 20 },
        { kind: "combo", productIds: ["refugium-starter-kit", "premium-chaeto"], quantity: 5 },
      ],
      catalogue,
      now,
    );
    expect("cart" in ok).toBe(true);
    const over = cartFromItems(
      [
        { kind: "product", id: "refugium-starter-kit", quantity: 20 },
        { kind: "combo", productIds: ["refugium-starter-kit", "premium-chaeto"], quantity: 6 },
      ],
      catalogue,
      now,
    );
    expect(over).toEqual({
      problem: { reason: "out-of-stock", message: "Only 25 of Refugium Starter Kit left in stock." },
    });
  });

  it("refuses unknown ids and the ended special", () => {
    expect(cartFromItems([{ kind: "product", id: "ghost", quantity: 1 }], catalogue, now)).toMatchObject({
      problem: { reason: "unknown-item" },
    });
    expect(cartFromItems([{ kind: "bundle", id: "premium-chaeto", quantity: 1 }], catalogue, now)).toMatchObject({
      problem: { reason: "unknown-item" },
    });
    expect(cartFromItems([{ kind: "product", id: "october-special", quantity: 1 }], catalogue, now)).toMatchObject({
      problem: { reason: "offer-expired" },
    });
  });

  it.each([
    [
      ["premium-chaeto", "premium-chaeto", "premium-chaeto"],
      "combo-duplicate-product",
      /Premium Chaeto .* more than once/,
    ],
    [["refugium-starter-kit", "service-tip", "service-tip"], "combo-not-eligible", /Tip the Lazy Reefer/],
    [["refugium-starter-kit", "service-tip"], "combo-not-eligible", /can't be part of a custom combo/],
    [["premium-chaeto", "october-special"], "combo-not-eligible", /October Special/],
  ])("refuses the combo %j (%s) with a reason a shopper can read", (productIds, reason, message) => {
    const built = cartFromItems([{ kind: "combo", productIds, quantity: 1 }], catalogue, now);
    expect(built).toMatchObject({ problem: { reason, message: expect.stringMatching(message) } });
  });

  it("validates shapes: quantities 1–99, combos of at least two products, no empty cart", () => {
    expect(CartItemsSchema.safeParse([]).success).toBe(false);
    expect(CartItemsSchema.safeParse([{ kind: "product", id: "a", quantity: 0 }]).success).toBe(false);
    expect(CartItemsSchema.safeParse([{ kind: "product", id: "a", quantity: 1.5 }]).success).toBe(false);
    expect(CartItemsSchema.safeParse([{ kind: "combo", productIds: ["a"], quantity: 1 }]).success).toBe(false);
    const parsed = CartItemsSchema.parse([{ kind: "product", id: "a", quantity: 2, price: 0.01 }]);
    expect(parsed[0]).not.toHaveProperty("price");
  });
});
