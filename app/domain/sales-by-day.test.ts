import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daySales, daySalesDelta, itemDaySales, itemDaySalesDelta, utcDay } from "./sales-by-day";

const order = (over: Partial<Parameters<typeof daySales>[0]> = {}) => ({
  status: "paid",
  paidAt: "2026-11-20T23:59:59.000Z",
  totalCents: 5000,
  refundedCents: 0,
  lines: [{ quantity: 2 }, { quantity: 1 }],
  ...over,
});

describe("sales by day", () => {
  it("dates a payment by its UTC day", () => {
    expect(utcDay("2026-11-20T23:59:59.999Z")).toBe("2026-11-20");
    expect(utcDay(new Date("2026-11-21T00:00:00.000Z"))).toBe("2026-11-21");
  });

  it("counts paid, shipped and delivered orders net of refunds, and nothing else", () => {
    expect(Object.fromEntries(daySales(order({ refundedCents: 1200 })))).toEqual({
      "2026-11-20": { revenueCents: 3800, orders: 1, units: 3 },
    });
    for (const status of ["pending_payment", "cancelled", "refunded", "expired"])
      expect(daySales(order({ status })).size).toBe(0);
    expect(daySales(order({ paidAt: null })).size).toBe(0);
  });

  it("moves a day by what a payment, a partial refund and a cancellation change", () => {
    const pending = order({ status: "pending_payment", paidAt: null });
    const paid = order();
    const partly = order({ refundedCents: 700 });
    const cancelled = order({ status: "cancelled", refundedCents: 5000 });
    expect(Object.fromEntries(daySalesDelta(pending, paid))).toEqual({
      "2026-11-20": { revenueCents: 5000, orders: 1, units: 3 },
    });
    expect(Object.fromEntries(daySalesDelta(paid, partly))).toEqual({
      "2026-11-20": { revenueCents: -700, orders: 0, units: 0 },
    });
    expect(Object.fromEntries(daySalesDelta(partly, cancelled))).toEqual({
      "2026-11-20": { revenueCents: -4300, orders: -1, units: -3 },
    });
    expect(daySalesDelta(paid, order({ status: "shipped" })).size).toBe(0);
  });
});

describe("sales by day and item", () => {
  const sold = {
    status: "paid",
    paidAt: "2026-11-20T10:00:00.000Z",
    refundedCents: 0,
    lines: [
      { kind: "bundle", id: "kit", productIds: null, quantity: 2, totalCents: 6000 },
      {
        kind: "combo",
        id: null,
        productIds: ["a", "b"],
        partPricesCents: [1000, 3000],
        quantity: 1,
        totalCents: 3600,
      },
    ],
  };

  it("credits a combo's products its cents in proportion to their prices when bought, and its quantity to each", () => {
    expect([...itemDaySales(sold).values()]).toEqual([
      { day: "2026-11-20", item: "bundle:kit", units: 2, revenueCents: 6000 },
      { day: "2026-11-20", item: "product:a", units: 1, revenueCents: 900 },
      { day: "2026-11-20", item: "product:b", units: 1, revenueCents: 2700 },
    ]);
  });

  it("takes a partial refund off the lines in proportion, so the items add up to the order's net revenue", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9600 }), (refunded) => {
        const takes = [...itemDaySales({ ...sold, refundedCents: refunded }).values()];
        expect(takes.reduce((sum, t) => sum + t.revenueCents, 0)).toBe(9600 - refunded);
      }),
    );
  });

  it("moves by the difference of a change, and not at all for a change that does not touch sales", () => {
    const delta = itemDaySalesDelta(sold, { ...sold, refundedCents: 960 });
    expect([...delta.values()].reduce((sum, t) => sum + t.revenueCents, 0)).toBe(-960);
    expect([...delta.values()].every((t) => t.units === 0)).toBe(true);
    expect(itemDaySalesDelta(sold, { ...sold, status: "shipped" }).size).toBe(0);
    expect([...itemDaySalesDelta(sold, { ...sold, status: "cancelled" }).values()].map((t) => t.units)).toEqual([
      -2, -1, -1,
    ]);
  });
});
