import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  coralFoodOf,
  currentPurchases,
  dueReorders,
  feedingTank,
  foodPurchases,
  parseReorderLink,
  predictionBasis,
  predictRunOut,
  REORDER_LEAD_DAYS,
  reorderDecision,
  type FoodPurchase,
  type PaidOrder,
  type TankVolume,
} from "./reorder-reminder";
import type { CatalogueSnapshot } from "./cart-state";
import type { Product } from "./catalogue";

const DAY = 86_400_000;
const KINGS_FEAST = {
  coralFoodId: "kings-feast",
  coralFoodName: "Kings Feast",
  coralFoodAmount: 40,
  coralFoodUnit: "g",
  coralFoodDosePer100Gal: 2.5,
  coralFoodFeedsPerWeek: 3,
};
const product = (id: string, metadata: Product["metadata"]): Product => ({
  id,
  title: id,
  description: "",
  priceCents: 3499,
  originalPriceCents: null,
  imageKeys: [],
  category: "combo",
  quantity: 10,
  active: true,
  sku: id,
  weightGrams: 300,
  supplier: "local",
  fulfillmentType: "manual",
  tags: [],
  metadata,
});
const catalogue = {
  products: [
    product("food-combo", KINGS_FEAST),
    product("care-kit", KINGS_FEAST),
    product("chaeto", { chaetoSize: "Softball" }),
  ],
  bundles: [{ id: "starter", components: [{ productId: "food-combo", quantity: 3 }] }],
} as unknown as CatalogueSnapshot;
const tank75: TankVolume = { id: "t1", displayVolume: 75, sumpVolume: null, volumeUnit: "gal" };
const order = (id: string, at: string, lines: PaidOrder["lines"]): PaidOrder => ({
  id,
  receivedAt: new Date(at),
  lines,
});
const productLine = (id: string, quantity = 1) => ({ kind: "product", itemId: id, productIds: [], quantity });

describe("coral food run-out and the reorder reminder", () => {
  it("the worked example: one 40 g jar of Kings Feast received 2 Oct in a 75 gal tank runs out 20 Nov", () => {
    const [purchase] = foodPurchases([order("o1", "2026-10-02T00:00:00Z", [productLine("food-combo")])], catalogue);
    const p = predictRunOut(purchase!, tank75)!;
    // 2.5 g × 75/100 = 1.875 g a feeding; 21 whole feedings; 3 a week: 49 days.
    expect(p.runOutOn.toISOString()).toBe("2026-11-20T00:00:00.000Z");
    expect(p.dueAt.toISOString()).toBe("2026-11-13T00:00:00.000Z");
    expect(p.weeks).toBe(7);
    expect(predictionBasis(p)).toBe(
      "At the label dose (2.5 g per 100 gal a feeding) for a 75 gal tank, 3 feeds a week, your 40 g of Kings Feast " +
        "received on Oct 2 runs out about Nov 20. That is a rule of thumb: feed more or less and it moves.",
    );
  });

  it("reads the food from product data only, and refuses incomplete data", () => {
    expect(coralFoodOf(KINGS_FEAST)?.amount).toBe(40);
    expect(coralFoodOf({ ...KINGS_FEAST, coralFoodDosePer100Gal: 0 })).toBeNull();
    expect(coralFoodOf({ chaetoSize: "Softball" })).toBeNull();
  });

  it("counts the food in products, bundles and combos, summed per order and food", () => {
    const purchases = foodPurchases(
      [
        order("o1", "2026-10-02T00:00:00Z", [
          productLine("food-combo", 2),
          { kind: "bundle", itemId: "starter", productIds: [], quantity: 1 },
          { kind: "combo", itemId: null, productIds: ["care-kit", "chaeto"], quantity: 1 },
          productLine("chaeto"),
        ]),
      ],
      catalogue,
    );
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.amount).toBe(40 * 6);
    expect(purchases[0]!.items).toEqual([
      { productId: "food-combo", quantity: 5 },
      { productId: "care-kit", quantity: 1 },
    ]);
  });

  const arbTank = fc.record({
    id: fc.constant("t"),
    displayVolume: fc.integer({ min: 5, max: 1000 }),
    sumpVolume: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
    volumeUnit: fc.constantFrom("gal" as const, "L" as const),
  });
  const arbDay = fc.integer({ min: 0, max: 3650 }).map((d) => new Date(Date.parse("2025-01-01T00:00:00Z") + d * DAY));

  it("property: the reminder is due exactly REORDER_LEAD_DAYS before the run-out, never before the purchase", () => {
    fc.assert(
      fc.property(arbTank, arbDay, fc.integer({ min: 1, max: 6 }), (tank, at, jars) => {
        const [purchase] = foodPurchases([order("o", at.toISOString(), [productLine("food-combo", jars)])], catalogue);
        const p = predictRunOut(purchase!, tank);
        if (!p) return;
        expect(p.runOutOn.getTime() - p.dueAt.getTime()).toBe(REORDER_LEAD_DAYS * DAY);
        expect(p.runOutOn.getTime()).toBeGreaterThanOrEqual(at.getTime());
      }),
    );
  });

  it("property: more water never makes the food last longer; more jars never shorter", () => {
    fc.assert(
      fc.property(
        arbTank,
        fc.integer({ min: 1, max: 200 }),
        arbDay,
        fc.integer({ min: 1, max: 5 }),
        (tank, more, at, jars) => {
          const [one] = foodPurchases([order("o", at.toISOString(), [productLine("food-combo", jars)])], catalogue);
          const [two] = foodPurchases([order("o", at.toISOString(), [productLine("food-combo", jars + 1)])], catalogue);
          const small = predictRunOut(one!, tank);
          const big = predictRunOut(one!, { ...tank, displayVolume: tank.displayVolume + more });
          const moreJars = predictRunOut(two!, tank);
          if (small && big) expect(big.runOutOn.getTime()).toBeLessThanOrEqual(small.runOutOn.getTime());
          if (small && moreJars) expect(moreJars.runOutOn.getTime()).toBeGreaterThanOrEqual(small.runOutOn.getTime());
        },
      ),
    );
  });

  it("property: over any run of passes a purchase is sendable in one window only: wait, then send, then late", () => {
    fc.assert(
      fc.property(
        arbTank,
        arbDay,
        fc.array(fc.integer({ min: -30, max: 200 }), { minLength: 1 }),
        (tank, at, offsets) => {
          const [purchase] = foodPurchases([order("o", at.toISOString(), [productLine("food-combo")])], catalogue);
          const p = predictRunOut(purchase!, tank);
          if (!p) return;
          for (const days of offsets) {
            const now = new Date(at.getTime() + days * DAY);
            const kind = reorderDecision(p, now).kind;
            const expected = now < p.dueAt ? "wait" : now >= p.runOutOn ? "late" : "send";
            expect(kind).toBe(expected);
          }
        },
      ),
    );
  });

  it("property: a later purchase of the same food supersedes every earlier one", () => {
    fc.assert(
      fc.property(fc.array(arbDay, { minLength: 1, maxLength: 8 }), (days) => {
        const orders = days.map((d, i) =>
          order(`o${i}`, d.toISOString(), [productLine(i % 2 ? "food-combo" : "care-kit")]),
        );
        const current = currentPurchases(foodPurchases(orders, catalogue));
        expect(current).toHaveLength(1);
        const latest = Math.max(...days.map((d) => d.getTime()));
        expect(current[0]!.receivedAt.getTime()).toBe(latest);
      }),
    );
  });

  it("sends for the re-bought jar only, at its own time, and nothing without a tank", () => {
    const first = order("o1", "2026-10-02T00:00:00Z", [productLine("food-combo")]);
    const rebuy = order("o2", "2026-11-01T00:00:00Z", [productLine("care-kit")]);
    const at = (iso: string, orders: PaidOrder[], tanks = [tank75]) =>
      dueReorders(orders, catalogue, tanks, new Date(iso)).map((p) => p.purchase.orderId);
    expect(at("2026-11-12T23:59:59Z", [first])).toEqual([]);
    expect(at("2026-11-13T00:00:00Z", [first])).toEqual(["o1"]);
    expect(at("2026-11-13T00:00:00Z", [first, rebuy])).toEqual([]);
    expect(at("2026-12-13T00:00:00Z", [first, rebuy])).toEqual(["o2"]);
    expect(at("2026-11-13T00:00:00Z", [first], [])).toEqual([]);
  });

  it("uses the tank with the most water, whatever its unit", () => {
    const litres: TankVolume = { id: "L", displayVolume: 300, sumpVolume: 50, volumeUnit: "L" };
    expect(feedingTank([tank75, litres])?.id).toBe("L");
    expect(feedingTank([{ ...litres, displayVolume: 200 }, tank75])?.id).toBe("t1");
  });

  it("reads only a well-formed reorder link", () => {
    const id = "0b6f2f5e-8f3a-4c55-9a3e-2b1f4c5d6e7f";
    const sig = "a".repeat(43);
    expect(parseReorderLink({ reorder: id, until: "1790000000000", sig })).toEqual({
      reminderId: id,
      until: 1790000000000,
      sig,
    });
    expect(parseReorderLink({ reorder: id, until: "soon", sig })).toBeNull();
    expect(parseReorderLink({ reorder: "x", until: "1", sig })).toBeNull();
    expect(parseReorderLink({ reorder: id, until: "1", sig: "short" })).toBeNull();
  });

  it("types a FoodPurchase's items as products to reorder", () => {
    const p: FoodPurchase = foodPurchases(
      [order("o", "2026-10-02T00:00:00Z", [productLine("care-kit", 2)])],
      catalogue,
    )[0]!;
    expect(p.items).toEqual([{ productId: "care-kit", quantity: 2 }]);
  });
});
