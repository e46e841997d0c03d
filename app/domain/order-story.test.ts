import { describe, expect, it } from "vitest";
import { orderStory, trackingUrl, type StoryOrder } from "./order-story";
import { PAID_ELSEWHERE } from "./paid-elsewhere";
import { ARRIVE_ALIVE_HOURS, fillPolicyPlaceholders } from "./shop-policies";

const paid: StoryOrder = {
  status: "paid",
  requiresShipping: true,
  totalCents: 4999,
  refundedCents: 0,
  paidAt: "2026-11-21T12:00:00.000Z",
  carrier: null,
  trackingNumber: null,
  shippedAt: null,
  paymentProvider: "test",
  events: [
    { toStatus: "pending_payment", createdAt: "2026-11-21T11:58:00.000Z" },
    { toStatus: "paid", createdAt: "2026-11-21T12:00:00.000Z" },
  ],
};

describe("order story", () => {
  it("promises a tracking mail only when the shop sends mail", () => {
    expect(orderStory(paid, { mailSent: true }).nextSteps.join(" ")).toMatch(/tracking number by email/);
    const quiet = orderStory(paid, { mailSent: false }).nextSteps.join(" ");
    expect(quiet).not.toMatch(/by email|we email you|on its way/i);
    expect(quiet).toMatch(/shows on this page/);
  });

  it("an order never paid and cancelled says no payment was taken", () => {
    const told = orderStory({ ...paid, status: "cancelled", paidAt: null }, { mailSent: true });
    expect(told.refund).toBe("No payment was taken.");
    expect(told.goingAhead).toBe(false);
  });

  it("links known carriers' tracking pages and leaves an unknown carrier's number as text", () => {
    expect(trackingUrl("FedEx", "1234 5678")).toBe("https://www.fedex.com/fedextrack/?trknbr=12345678");
    expect(trackingUrl("ups", "1Z999")).toBe("https://www.ups.com/track?tracknum=1Z999");
    expect(trackingUrl("Carrier pigeon", "42")).toBeNull();
  });
});

describe("refund arrival", () => {
  it("sends money paid outside the shop back the way it was paid, a card payment back to the card", () => {
    const refunded = { ...paid, status: "refunded" as const, refundedCents: paid.totalCents };
    expect(orderStory({ ...refunded, paymentProvider: PAID_ELSEWHERE }, { mailSent: true }).refund).toMatch(
      /back the way you paid/,
    );
    expect(orderStory(refunded, { mailSent: true }).refund).toMatch(/back to the card you paid with/);
  });
});

describe("policy placeholders", () => {
  it("fills the shop's figures into page text and refuses a name it does not know", () => {
    expect(fillPolicyPlaceholders("within {{arriveAliveHours}} hours")).toBe(`within ${ARRIVE_ALIVE_HOURS} hours`);
    expect(() => fillPolicyPlaceholders("{{nonsense}}")).toThrow(/Unknown policy placeholder/);
  });
});
