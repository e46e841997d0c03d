import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents, formatCents, percentOff } from "./money";

describe("money", () => {
  it("formats cents as US dollars", () => {
    expect(formatCents(2995)).toBe("$29.95");
    expect(formatCents(500)).toBe("$5.00");
    expect(formatCents(11499)).toBe("$114.99");
  });

  it("round-trips any cent amount through decimal dollars", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });

  it("computes the percentage saved, or nothing when there is no saving", () => {
    expect(percentOff(2995, 3995)).toBe(25);
    expect(percentOff(500, null)).toBeNull();
    expect(percentOff(500, 400)).toBeNull();
  });
});
