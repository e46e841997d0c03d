import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SEED_BUNDLES, SEED_PRODUCTS } from "#database/seed/catalogue-data";
import { assembleBundles } from "./bundles";
import {
  addCombo,
  addLine,
  applyDiscount,
  comboDiscountPercent,
  comboProblem,
  EMPTY_CART,
  itemCount,
  priceCart,
  priceCombo,
  productDemand,
  removeCombo,
  removeLine,
  setComboQuantity,
  setLineDelivery,
  setLineQuantity,
  type CartState,
  type CatalogueSnapshot,
} from "./cart";
import type { Product } from "./catalogue";

const products: Product[] = SEED_PRODUCTS.map((p) => ({ ...p, active: true }));
const catalogue: CatalogueSnapshot = {
  products,
  bundles: assembleBundles(
    SEED_BUNDLES.map((b) => ({ ...b, active: true })),
    products,
  ),
};
const DURING_OFFER = new Date("2024-10-15T12:00:00Z");
const AFTER_OFFER = new Date("2026-11-21T12:00:00Z");
const ids = () => "abc123";

describe("lines", () => {
  it("adds to the quantity of a line that is already there", () => {
    let cart = addLine(EMPTY_CART, "product", "premium-chaeto", catalogue, DURING_OFFER).cart;
    cart = addLine(cart, "product", "premium-chaeto", catalogue, DURING_OFFER, 2).cart;
    cart = addLine(cart, "bundle", "lazy-starter", catalogue, DURING_OFFER).cart;
    expect(cart.lines).toEqual([
      { kind: "product", id: "premium-chaeto", quantity: 3 },
      { kind: "bundle", id: "lazy-starter", quantity: 1 },
    ]);
  });

  it("removes a line when its quantity is set to zero or below, and on request", () => {
    const cart = addLine(EMPTY_CART, "product", "premium-chaeto", catalogue, DURING_OFFER).cart;
    expect(setLineQuantity(cart, "product", "premium-chaeto", 0, catalogue).lines).toEqual([]);
    expect(setLineQuantity(cart, "product", "premium-chaeto", -3, catalogue).lines).toEqual([]);
    expect(removeLine(cart, "product", "premium-chaeto").lines).toEqual([]);
  });

  it("never goes past the stock shown, counting combo components", () => {
    // The kit has 25 in stock.
    const first = addLine(EMPTY_CART, "product", "refugium-starter-kit", catalogue, DURING_OFFER, 30);
    expect(first.added).toBe(25);
    expect(first.reason).toBe("limit");
    expect(addLine(first.cart, "product", "refugium-starter-kit", catalogue, DURING_OFFER).reason).toBe("out-of-stock");
    expect(setLineQuantity(first.cart, "product", "refugium-starter-kit", 40, catalogue).lines[0]!.quantity).toBe(25);

    const withCombo = addCombo(
      EMPTY_CART,
      ["refugium-starter-kit", "premium-chaeto"],
      catalogue,
      DURING_OFFER,
      ids,
    ).cart;
    expect(addLine(withCombo, "product", "refugium-starter-kit", catalogue, DURING_OFFER, 30).added).toBe(24);
  });

  it("refuses out-of-stock items and an ended special", () => {
    const soldOut: CatalogueSnapshot = {
      ...catalogue,
      products: catalogue.products.map((p) => (p.id === "premium-chaeto" ? { ...p, quantity: 0 } : p)),
    };
    expect(addLine(EMPTY_CART, "product", "premium-chaeto", soldOut, DURING_OFFER).reason).toBe("unavailable");
    expect(addLine(EMPTY_CART, "product", "october-special", catalogue, AFTER_OFFER)).toMatchObject({
      added: 0,
      reason: "unavailable",
    });
    expect(addLine(EMPTY_CART, "product", "october-special", catalogue, DURING_OFFER).added).toBe(1);
    expect(addLine(EMPTY_CART, "product", "nope", catalogue, DURING_OFFER).reason).toBe("unavailable");
  });

  it("counts lines and combos", () => {
    let cart = addLine(EMPTY_CART, "product", "premium-chaeto", catalogue, DURING_OFFER).cart;
    cart = addCombo(cart, ["premium-chaeto", "reef-care-bundle"], catalogue, DURING_OFFER, ids).cart;
    expect(itemCount(cart)).toBe(2);
  });
});

describe("custom combos", () => {
  it("needs at least two products, otherwise creates nothing", () => {
    expect(addCombo(EMPTY_CART, ["premium-chaeto"], catalogue, DURING_OFFER)).toMatchObject({
      combo: null,
      cart: EMPTY_CART,
    });
    expect(addCombo(EMPTY_CART, ["premium-chaeto", "ghost"], catalogue, DURING_OFFER).combo).toBeNull();
  });

  it("has quantity 1, a custom- id, discount, original total, rounded price, summed weight and a timestamp", () => {
    const { combo } = addCombo(
      EMPTY_CART,
      ["premium-chaeto", "reef-care-bundle", "refugium-starter-kit"],
      catalogue,
      DURING_OFFER,
      ids,
    );
    expect(combo).toEqual({
      id: "custom-abc123",
      productIds: ["premium-chaeto", "reef-care-bundle", "refugium-starter-kit"],
      quantity: 1,
      discount: 30,
      originalTotal: 2499 + 4999 + 8999,
      // 70 % of 164.97 is 115.479: rounded half up to the cent, 115.48.
      price: 11548,
      weight: 200 + 500 + 1500,
      createdAt: DURING_OFFER.toISOString(),
    });
  });

  it("discounts 10 % for 1 item, 20 % for 2, 30 % for 3 or more", () => {
    expect([0, 1, 2, 3, 4, 9].map(comboDiscountPercent)).toEqual([0, 10, 20, 30, 30, 30]);
    expect(priceCombo(["premium-chaeto", "ghost"], catalogue)).toMatchObject({
      discount: 10,
      // 90 % of 24.99 is 22.491 → 22.49.
      price: 2249,
    });
    // 80 % of 74.98 is 59.984: the spec rounds the discounted price to the cent, 59.98.
    expect(priceCombo(["premium-chaeto", "reef-care-bundle"], catalogue).price).toBe(5998);
  });

  it("rounds the discounted price half up to the cent", () => {
    // 80 % of 0.10 is 0.08 exactly; 90 % of 0.05 is 0.045 → 0.05 (half up); 70 % of 0.01 is 0.007 → 0.01.
    expect([applyDiscount(10, 20), applyDiscount(5, 10), applyDiscount(1, 30)]).toEqual([8, 5, 1]);
    // 70 % of 0.02 is 0.014 → 0.01; 90 % of 0.15 is 0.135 → 0.14; no discount leaves the price.
    expect([applyDiscount(2, 30), applyDiscount(15, 10), applyDiscount(7498, 0)]).toEqual([1, 14, 7498]);
  });

  it.each([
    ["the same product twice", ["premium-chaeto", "premium-chaeto"], "duplicate-product"],
    ["three of one product", ["premium-chaeto", "premium-chaeto", "premium-chaeto"], "duplicate-product"],
    ["the tip", ["refugium-starter-kit", "service-tip"], "not-eligible"],
    ["the tip twice", ["refugium-starter-kit", "service-tip", "service-tip"], "not-eligible"],
    ["the special (not combo-eligible)", ["premium-chaeto", "october-special"], "not-eligible"],
    ["one product and an unknown id", ["premium-chaeto", "ghost"], "too-few-products"],
  ])("refuses a combo of %s", (_, picked, reason) => {
    expect(addCombo(EMPTY_CART, picked, catalogue, DURING_OFFER)).toEqual({ cart: EMPTY_CART, combo: null, reason });
    expect(comboProblem(priceCombo(picked, catalogue).products)).toMatchObject({ reason });
  });

  it("adds to an identical combo instead of creating a second one, and can be removed", () => {
    let cart = addCombo(EMPTY_CART, ["premium-chaeto", "reef-care-bundle"], catalogue, DURING_OFFER, ids).cart;
    cart = addCombo(cart, ["reef-care-bundle", "premium-chaeto"], catalogue, DURING_OFFER, () => "other").cart;
    expect(cart.combos).toHaveLength(1);
    expect(cart.combos[0]!.quantity).toBe(2);
    expect(setComboQuantity(cart, "custom-abc123", 0, catalogue).combos).toEqual([]);
    expect(removeCombo(cart, "custom-abc123").combos).toEqual([]);
  });
});

// ---- properties ----------------------------------------------------------------------------

const productIds = catalogue.products.map((p) => p.id);
const bundleIds = catalogue.bundles.map((b) => b.id);
const operation = fc.oneof(
  fc.record({
    op: fc.constant("add" as const),
    kind: fc.constantFrom("product" as const, "bundle" as const),
    index: fc.nat(10),
    quantity: fc.integer({ min: -3, max: 40 }),
  }),
  fc.record({ op: fc.constant("set" as const), index: fc.nat(10), quantity: fc.integer({ min: -5, max: 200 }) }),
  fc.record({ op: fc.constant("combo" as const), picks: fc.array(fc.nat(5), { minLength: 0, maxLength: 5 }) }),
  fc.record({ op: fc.constant("setCombo" as const), index: fc.nat(5), quantity: fc.integer({ min: -2, max: 60 }) }),
  fc.record({ op: fc.constant("remove" as const), index: fc.nat(10) }),
);

type Step = typeof operation extends fc.Arbitrary<infer T> ? T : never;

function apply(cart: CartState, step: Step): CartState {
  switch (step.op) {
    case "add": {
      const list = step.kind === "product" ? productIds : bundleIds;
      return addLine(cart, step.kind, list[step.index % list.length]!, catalogue, DURING_OFFER, step.quantity).cart;
    }
    case "set": {
      const line = cart.lines[step.index % Math.max(1, cart.lines.length)];
      return line ? setLineQuantity(cart, line.kind, line.id, step.quantity, catalogue) : cart;
    }
    case "combo":
      return addCombo(
        cart,
        step.picks.map((i) => productIds[i % productIds.length]!),
        catalogue,
        DURING_OFFER,
      ).cart;
    case "setCombo": {
      const combo = cart.combos[step.index % Math.max(1, cart.combos.length)];
      return combo ? setComboQuantity(cart, combo.id, step.quantity, catalogue) : cart;
    }
    default: {
      const line = cart.lines[step.index % Math.max(1, cart.lines.length)];
      return line ? removeLine(cart, line.kind, line.id) : cart;
    }
  }
}

const carts = fc.array(operation, { maxLength: 25 }).map((steps) => steps.reduce(apply, EMPTY_CART));

describe("cart properties", () => {
  it("quantities are always positive and never exceed stock", () => {
    fc.assert(
      fc.property(carts, (cart) => {
        for (const line of cart.lines) expect(line.quantity).toBeGreaterThan(0);
        for (const combo of cart.combos) expect(combo.quantity).toBeGreaterThan(0);
        for (const [id, units] of productDemand(cart, catalogue)) {
          expect(units).toBeLessThanOrEqual(catalogue.products.find((p) => p.id === id)!.quantity);
        }
        for (const line of cart.lines.filter((l) => l.kind === "bundle")) {
          expect(line.quantity).toBeLessThanOrEqual(catalogue.bundles.find((b) => b.id === line.id)!.quantity);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the total is the sum of the lines plus shipping, which is free", () => {
    fc.assert(
      fc.property(carts, (cart) => {
        const quote = priceCart(cart, catalogue);
        expect(quote.shipping).toBe(0);
        expect(quote.subtotal).toBe(quote.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0));
        expect(quote.total).toBe(quote.subtotal + quote.shipping);
        expect(quote.discount).toBeGreaterThanOrEqual(0);
        for (const line of quote.lines) expect(Number.isInteger(line.total)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("a combo's price is whole cents and between 70 % and 90 % of its original total, to the cent", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...productIds, "unknown-id"), { minLength: 1, maxLength: 8 }), (picked) => {
        const priced = priceCombo(picked, catalogue);
        fc.pre(priced.products.length > 0);
        expect(Number.isInteger(priced.price)).toBe(true);
        // The exact discounted price is never more than half a cent away from the one charged.
        const exact = priced.originalTotal * (100 - priced.discount);
        expect(Math.abs(priced.price * 100 - exact)).toBeLessThanOrEqual(50);
        expect(priced.price * 100).toBeGreaterThanOrEqual(priced.originalTotal * 70 - 50);
        expect(priced.price * 100).toBeLessThanOrEqual(priced.originalTotal * 90 + 50);
      }),
    );
  });
});

describe("subscribe & save lines", () => {
  const COMBO = "chaeto-coral-food-combo"; // $34.99, 10 % off on a schedule
  const NOW = AFTER_OFFER;

  it("adds a subscribed product with its interval, priced at the saving", () => {
    const { cart, added } = addLine(EMPTY_CART, "product", COMBO, catalogue, NOW, 2, 4);
    expect(added).toBe(2);
    expect(cart.lines).toEqual([{ kind: "product", id: COMBO, quantity: 2, everyWeeks: 4 }]);
    const line = priceCart(cart, catalogue).lines[0]!;
    expect(line).toMatchObject({ unitPrice: 3149, total: 6298 });
    expect(line.subscription).toEqual({ everyWeeks: 4, savingPercent: 10, unitSaving: 350 });
  });

  it("keeps one line per product: the latest choice applies to all of it", () => {
    let cart = addLine(EMPTY_CART, "product", COMBO, catalogue, NOW, 1).cart;
    cart = addLine(cart, "product", COMBO, catalogue, NOW, 1, 6).cart;
    expect(cart.lines).toEqual([{ kind: "product", id: COMBO, quantity: 2, everyWeeks: 6 }]);
    cart = addLine(cart, "product", COMBO, catalogue, NOW, 1).cart;
    expect(cart.lines).toEqual([{ kind: "product", id: COMBO, quantity: 3 }]);
  });

  it("takes only an interval of 2 to 12 whole weeks", () => {
    for (const weeks of [1, 13, 2.5, Number.NaN])
      expect(addLine(EMPTY_CART, "product", COMBO, catalogue, NOW, 1, weeks).cart.lines[0]!.everyWeeks).toBe(undefined);
    expect(addLine(EMPTY_CART, "product", COMBO, catalogue, NOW, 1, 12).cart.lines[0]!.everyWeeks).toBe(12);
  });

  it("never subscribes a product its owner does not offer so, nor a bundle", () => {
    expect(addLine(EMPTY_CART, "product", "premium-chaeto", catalogue, NOW, 1, 4).cart.lines[0]).toEqual({
      kind: "product",
      id: "premium-chaeto",
      quantity: 1,
    });
    expect(addLine(EMPTY_CART, "bundle", "lazy-starter", catalogue, NOW, 1, 4).cart.lines[0]?.everyWeeks).toBe(
      undefined,
    );
  });

  it("delivers at most 10 of a product each time", () => {
    const first = addLine(EMPTY_CART, "product", COMBO, catalogue, NOW, 12, 4);
    expect(first).toMatchObject({ added: 10, reason: "limit" });
    expect(addLine(first.cart, "product", COMBO, catalogue, NOW, 1, 4)).toMatchObject({ added: 0, reason: "limit" });
    expect(setLineQuantity(first.cart, "product", COMBO, 15, catalogue).lines[0]!.quantity).toBe(10);
    // Bought once, the line may hold more again.
    const once = setLineDelivery(first.cart, "product", COMBO, null, catalogue);
    expect(once.lines[0]).toEqual({ kind: "product", id: COMBO, quantity: 10 });
    expect(setLineQuantity(once, "product", COMBO, 15, catalogue).lines[0]!.quantity).toBe(15);
  });

  it("switches a line between once and every N weeks, capping a subscription's quantity", () => {
    const cart = addLine(EMPTY_CART, "product", COMBO, catalogue, NOW, 14).cart;
    const every = setLineDelivery(cart, "product", COMBO, 8, catalogue);
    expect(every.lines[0]).toEqual({ kind: "product", id: COMBO, quantity: 10, everyWeeks: 8 });
    expect(priceCart(every, catalogue).lines[0]!.subscription?.everyWeeks).toBe(8);
    expect(setLineDelivery(every, "product", COMBO, null, catalogue).lines[0]!.everyWeeks).toBe(undefined);
    // Not offered on a schedule: stays bought once; an unknown line changes nothing.
    const plain = addLine(EMPTY_CART, "product", "premium-chaeto", catalogue, NOW).cart;
    expect(setLineDelivery(plain, "product", "premium-chaeto", 4, catalogue)).toEqual(plain);
    expect(setLineDelivery(plain, "product", COMBO, 4, catalogue)).toBe(plain);
  });
});
