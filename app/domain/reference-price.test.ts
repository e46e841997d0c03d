import { describe, expect, it } from "vitest";
import { referencePriceAfterChange, type PriceChange } from "./reference-price";

const NOW = new Date("2026-11-21T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const change = (fromCents: number, toCents: number, days: number): PriceChange => ({
  fromCents,
  toCents,
  changedAt: daysAgo(days),
});

describe("a reference ('Was') price", () => {
  it("is the price the product sold at before a cut", () => {
    expect(referencePriceAfterChange(2999, 2499, [], NOW)).toBe(2999);
  });

  it("is nothing for a rise or an unchanged price", () => {
    expect(referencePriceAfterChange(2499, 2999, [], NOW)).toBeNull();
    expect(referencePriceAfterChange(2499, 2499, [], NOW)).toBeNull();
  });

  it("is the lowest price of the 30 days before the cut: a rise for a day and a cut back saves nothing", () => {
    // 24.99 for months, raised to 99.00 yesterday, cut to 24.99 today.
    expect(referencePriceAfterChange(9900, 2499, [change(2499, 9900, 1)], NOW)).toBeNull();
    // Cut to 19.99 instead: the honest reference is 24.99, what it sold at, not 99.00.
    expect(referencePriceAfterChange(9900, 1999, [change(2499, 9900, 1)], NOW)).toBe(2499);
  });

  it("forgets prices older than the window", () => {
    // 19.99 until 40 days ago, 29.99 since: a cut to 24.99 today was from 29.99.
    expect(referencePriceAfterChange(2999, 2499, [change(1999, 2999, 40)], NOW)).toBe(2999);
    // The same with a day at 21.99 two weeks ago: it sold at 21.99 within the window, so a cut
    // to 24.99 is no saving and a cut to 19.99 saves against 21.99.
    const history = [change(1999, 2999, 40), change(2999, 2199, 14), change(2199, 2999, 13)];
    expect(referencePriceAfterChange(2999, 2499, history, NOW)).toBeNull();
    expect(referencePriceAfterChange(2999, 1999, history, NOW)).toBe(2199);
  });
});
