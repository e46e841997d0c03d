import { describe, expect, it } from "vitest";
import { checkTestCard, luhnValid, TEST_CARDS } from "./test-cards";

const now = new Date("2026-11-21T00:00:00Z");
const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: "123",
  ...extra,
});

describe("test card checks", () => {
  it("accepts every published test number with its outcome", () => {
    for (const [number, { outcome }] of Object.entries(TEST_CARDS)) {
      expect(luhnValid(number)).toBe(true);
      expect(checkTestCard(card(number), now)).toEqual({ ok: true, outcome });
    }
    expect(checkTestCard(card("4242 4242 4242 4242"), now).ok).toBe(true);
  });

  it("refuses any other number, even a valid one", () => {
    expect(checkTestCard(card("4111111111111111"), now)).toEqual({ ok: false, problem: "not-a-test-card" });
    expect(checkTestCard(card("4242424242424241"), now)).toEqual({ ok: false, problem: "invalid-number" });
    expect(checkTestCard(card("abcd"), now)).toEqual({ ok: false, problem: "invalid-number" });
  });

  it("checks expiry and CVC", () => {
    expect(checkTestCard(card("4242424242424242", { expMonth: 13 }), now)).toEqual({
      ok: false,
      problem: "invalid-expiry",
    });
    expect(checkTestCard(card("4242424242424242", { expMonth: 10, expYear: 2026 }), now)).toEqual({
      ok: false,
      problem: "card-expired",
    });
    expect(checkTestCard(card("4242424242424242", { expMonth: 11, expYear: 26 }), now).ok).toBe(true);
    expect(checkTestCard(card("4242424242424242", { cvc: "12" }), now)).toEqual({ ok: false, problem: "invalid-cvc" });
    expect(checkTestCard(card("4242424242424242", { cvc: "12345" }), now)).toEqual({
      ok: false,
      problem: "invalid-cvc",
    });
  });
});
