import { describe, expect, it } from "vitest";
import { canTransition, ORDER_STATUSES, type OrderStatus } from "./order-status";

const LEGAL: Array<[OrderStatus, OrderStatus]> = [
  ["pending_payment", "paid"],
  ["pending_payment", "cancelled"],
  ["pending_payment", "expired"],
  ["paid", "shipped"],
  ["paid", "delivered"],
  ["paid", "cancelled"],
  ["paid", "refunded"],
  ["shipped", "delivered"],
  ["shipped", "refunded"],
  ["delivered", "refunded"],
];

describe("order state machine", () => {
  it("allows exactly the legal transitions and refuses every other pair", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const legal = LEGAL.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(legal);
      }
    }
  });

  it("never cancels after shipping and never leaves a final state", () => {
    expect(canTransition("shipped", "cancelled")).toBe(false);
    for (const final of ["cancelled", "expired", "refunded"] as const) {
      for (const to of ORDER_STATUSES) expect(canTransition(final, to)).toBe(false);
    }
  });
});
