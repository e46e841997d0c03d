import { describe, expect, it } from "vitest";
import {
  isRecovered,
  parseRestoreLink,
  reminderDecision,
  REMINDER_DELAY_MS,
  type ReminderFacts,
} from "./checkout-reminder";

const expiredAt = new Date("2026-11-29T10:00:00Z");
const facts = (over: Partial<ReminderFacts> = {}): ReminderFacts => ({
  status: "expired",
  expiredAt,
  unsubscribed: false,
  paidAnotherSince: false,
  now: new Date(expiredAt.getTime() + REMINDER_DELAY_MS),
  ...over,
});

describe("reminderDecision", () => {
  it("sends an hour after the checkout expired, not a minute before", () => {
    expect(reminderDecision(facts())).toEqual({ kind: "send" });
    expect(reminderDecision(facts({ now: new Date(expiredAt.getTime() + REMINDER_DELAY_MS - 60_000) }))).toEqual({
      kind: "wait",
    });
  });

  it("waits while the checkout may still be paid", () => {
    expect(reminderDecision(facts({ status: "pending_payment", expiredAt: null }))).toEqual({ kind: "wait" });
  });

  it("never reminds a checkout that was paid or cancelled", () => {
    for (const status of ["paid", "shipped", "delivered", "refunded"])
      expect(reminderDecision(facts({ status }))).toEqual({ kind: "skip", reason: "paid" });
    expect(reminderDecision(facts({ status: "cancelled" }))).toEqual({ kind: "skip", reason: "cancelled" });
  });

  it("never reminds a buyer who paid another order since, or an address that unsubscribed", () => {
    expect(reminderDecision(facts({ paidAnotherSince: true }))).toEqual({ kind: "skip", reason: "paid-elsewhere" });
    expect(reminderDecision(facts({ unsubscribed: true }))).toEqual({ kind: "skip", reason: "unsubscribed" });
    // Known before the hour is up: dropped at once, not held until it would have gone.
    expect(reminderDecision(facts({ paidAnotherSince: true, now: expiredAt }))).toEqual({
      kind: "skip",
      reason: "paid-elsewhere",
    });
  });
});

describe("isRecovered", () => {
  const sent = new Date("2026-11-29T11:00:00Z");
  it("counts an order paid within seven days of the reminder, not before it nor after", () => {
    expect(isRecovered(sent, new Date("2026-12-06T11:00:00Z"))).toBe(true);
    expect(isRecovered(sent, new Date("2026-12-06T11:00:01Z"))).toBe(false);
    expect(isRecovered(sent, new Date("2026-11-29T10:59:59Z"))).toBe(false);
  });
});

describe("parseRestoreLink", () => {
  const order = "0194f5a8-1c2e-7b3a-8c4d-5e6f7a8b9c0d";
  const sig = "a".repeat(43);
  it("takes an order id and a signature of the shape we make", () => {
    expect(parseRestoreLink({ order, sig })).toEqual({ orderId: order, sig });
  });
  it("refuses anything else before it reaches a query", () => {
    expect(parseRestoreLink({ order: "1 or 1=1", sig })).toBeNull();
    expect(parseRestoreLink({ order, sig: "short" })).toBeNull();
    expect(parseRestoreLink({ order, sig: ["a"] })).toBeNull();
    expect(parseRestoreLink({})).toBeNull();
  });
});

describe("reminderDecision with the shop's own delay", () => {
  it("sends when the set delay has passed", () => {
    expect(reminderDecision(facts({ now: expiredAt, delayMs: 0 }))).toEqual({ kind: "send" });
    expect(reminderDecision(facts({ delayMs: 2 * REMINDER_DELAY_MS }))).toEqual({ kind: "wait" });
  });
});
