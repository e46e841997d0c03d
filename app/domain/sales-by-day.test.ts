import { describe, expect, it } from "vitest";
import { daySales, daySalesDelta, utcDay } from "./sales-by-day";

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
