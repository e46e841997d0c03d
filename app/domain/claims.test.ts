import { describe, expect, it } from "vitest";
import { claimValueCents, claimWindowOpen, doaRates, resolveClaimLines, sniffImageType, weekOf } from "./claims";
import type { Order } from "./order-types";

const line = (id: string, quantity: number, totalCents: number) => ({
  kind: "product" as const,
  id,
  productIds: null,
  title: id,
  quantity,
  unitPriceCents: totalCents / quantity,
  totalCents,
  partPricesCents: null,
});
const order = {
  status: "delivered" as const,
  events: [
    {
      fromStatus: "shipped" as const,
      toStatus: "delivered" as const,
      note: null,
      actor: null,
      createdAt: "2026-11-23T15:00:00.000Z",
    },
  ],
  lines: [line("premium-chaeto", 3, 3000), line("pods", 1, 1500)],
  totalCents: 4500,
  refundedCents: 0,
} satisfies Pick<Order, "status" | "events" | "lines" | "totalCents" | "refundedCents">;

describe("arrive-alive claim rules", () => {
  it("opens the window at delivery for the configured hours, and never before delivery", () => {
    expect(claimWindowOpen(order, 24, new Date("2026-11-24T14:59:59Z"))).toBe(true);
    expect(claimWindowOpen(order, 24, new Date("2026-11-24T15:00:00Z"))).toBe(false);
    expect(claimWindowOpen({ ...order, status: "shipped" }, 24, new Date("2026-11-23T16:00:00Z"))).toBe(false);
    // A partial refund after delivery (delivered → delivered) does not open the window again.
    const refundedLater = {
      ...order,
      events: [
        ...order.events,
        {
          fromStatus: "delivered" as const,
          toStatus: "delivered" as const,
          note: null,
          actor: null,
          createdAt: "2026-11-25T15:00:00.000Z",
        },
      ],
    };
    expect(claimWindowOpen(refundedLater, 24, new Date("2026-11-25T16:00:00Z"))).toBe(false);
  });

  it("resolves lines by id or index, adds repeats, and refuses what is not on the order", () => {
    expect(
      resolveClaimLines(order, [
        { id: "pods", quantity: 1 },
        { lineIndex: 0, quantity: 1 },
        { lineIndex: 0, quantity: 1 },
      ]),
    ).toEqual({
      ok: true,
      lines: [
        { position: 0, quantity: 2 },
        { position: 1, quantity: 1 },
      ],
    });
    expect(resolveClaimLines(order, [{ id: "nope", quantity: 1 }]).ok).toBe(false);
    expect(resolveClaimLines(order, [{ lineIndex: 2, quantity: 1 }]).ok).toBe(false);
    expect(resolveClaimLines(order, [{ lineIndex: 0, quantity: 4 }]).ok).toBe(false);
    expect(resolveClaimLines(order, [{ lineIndex: 0, quantity: 2 }], new Map([[0, 2]])).ok).toBe(false);
  });

  it("values claimed lines at what they were bought for, never more than is left to refund", () => {
    expect(claimValueCents(order, [{ position: 0, quantity: 2 }])).toBe(2000);
    expect(claimValueCents({ ...order, refundedCents: 4000 }, [{ position: 0, quantity: 2 }])).toBe(500);
  });

  it("knows images by their bytes, not their names", () => {
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe("image/jpeg");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'>"))).toBeNull();
    expect(sniffImageType(new Uint8Array(4))).toBeNull();
  });

  it("counts the dead-on-arrival rate per delivery week", () => {
    expect(weekOf(new Date("2026-11-29T23:00:00Z"))).toBe("2026-11-23");
    const rates = doaRates([
      { day: "2026-11-23", weather: "unknown", delivered: 1, approvedClaims: 0 },
      { day: "2026-11-25", weather: "heat", delivered: 3, approvedClaims: 1 },
      { day: "2026-11-30", weather: "heat", delivered: 1, approvedClaims: 0 },
      { day: "2026-11-30", weather: "none", delivered: 0, approvedClaims: 0 },
    ]);
    expect(rates.byWeek).toEqual([
      { week: "2026-11-23", delivered: 4, approvedClaims: 1, rate: 0.25 },
      { week: "2026-11-30", delivered: 1, approvedClaims: 0, rate: 0 },
    ]);
    expect(rates.byArrivalWeather).toEqual([
      { weather: "heat", delivered: 4, approvedClaims: 1, rate: 0.25 },
      { weather: "unknown", delivered: 1, approvedClaims: 0, rate: 0 },
    ]);
    // No arrival's weather checked: no breakdown by it.
    expect(
      doaRates([{ day: "2026-11-23", weather: "unknown", delivered: 2, approvedClaims: 1 }]).byArrivalWeather,
    ).toEqual([]);
  });
});
