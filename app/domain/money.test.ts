import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateCents, centsToDollars, dollarsToCents, formatCents, percentOff } from "./money";

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

  it("allocates cents in proportion to weights, the parts adding up to the whole", () => {
    // A 30 %-off combo of 24.99 + 89.99 + 34.99 charged 104.98: each part is 70 % of its price, to the cent.
    expect(allocateCents(10498, [2499, 8999, 3499])).toEqual([1749, 6300, 2449]);
    expect(allocateCents(1000, [7995, 10498])).toEqual([432, 568]);
    expect(allocateCents(10, [0, 0])).toEqual([5, 5]);
    expect(allocateCents(0, [1, 2])).toEqual([0, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.array(fc.nat(100_000), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const parts = allocateCents(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          parts.forEach((part, i) => {
            expect(Number.isInteger(part)).toBe(true);
            const exact = sum > 0 ? (total * weights[i]!) / sum : total / weights.length;
            expect(Math.abs(part - exact)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});
