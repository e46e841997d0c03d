import type { Cents } from "./money";

/**
 * A "Was" price is shown only when it is true: the product really sold at it. When the owner
 * lowers a price, the reference is the lowest price the product sold at in the REFERENCE_DAYS
 * before the cut (the rule EU shops follow for announced reductions): raising a price for a
 * day and cutting it back never makes a saving, and a price typed into a field never does.
 */
export const REFERENCE_DAYS = 30;

export interface PriceChange {
  fromCents: Cents;
  toCents: Cents;
  /** ISO timestamp. */
  changedAt: string;
}

/**
 * The reference price for a change of price from `beforeCents` to `newCents` at `now`, given
 * the product's earlier recorded changes (any order), or null when the new price is not a cut
 * from a price the product sold at within the window.
 */
export function referencePriceAfterChange(
  beforeCents: Cents,
  newCents: Cents,
  history: readonly PriceChange[],
  now: Date,
): Cents | null {
  const from = now.getTime() - REFERENCE_DAYS * 24 * 60 * 60 * 1000;
  const inWindow = history
    .filter((c) => {
      const at = Date.parse(c.changedAt);
      return at >= from && at <= now.getTime();
    })
    .sort((a, b) => Date.parse(a.changedAt) - Date.parse(b.changedAt));
  // Prices in effect during the window: the one before its first change (in effect when the
  // window opened), every price it changed to, and the price until now.
  const prices = [beforeCents, ...inWindow.flatMap((c, i) => (i === 0 ? [c.fromCents, c.toCents] : [c.toCents]))];
  const lowest = Math.min(...prices);
  return lowest > newCents ? lowest : null;
}

/**
 * How long a cut is shown as one. A lowered price that has stood this long is simply the price:
 * a "Was" from months ago is no longer what the shopper could have paid last week.
 */
export const REDUCTION_SHOWN_DAYS = 30;

/** Cuts made before this moment are no longer shown as savings at `now`. */
export function reductionsShownSince(now: Date): Date {
  return new Date(now.getTime() - REDUCTION_SHOWN_DAYS * 24 * 60 * 60 * 1000);
}
