/** Money is integer cents everywhere except at the JSON edge, where it is decimal dollars. */
export type Cents = number;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatCents(cents: Cents): string {
  return usd.format(cents / 100);
}

/** Cents → decimal dollars for API answers (exact for any integer cent amount). */
export function centsToDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** Decimal dollars → cents, rounding half away from zero at the cent. */
export function dollarsToCents(dollars: number): Cents {
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100);
}

/** Percentage of `part` saved against `whole`, rounded to a whole percent. */
export function percentOff(price: Cents, originalPrice: Cents | null): number | null {
  if (originalPrice === null || originalPrice <= price || originalPrice <= 0) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

/**
 * Splits `total` cents into integer parts in proportion to `weights` that add up to exactly
 * `total` (largest remainder: the parts whose exact share lost most to rounding down get the
 * leftover cents, earlier parts first on a tie). Equal parts when no weight is positive.
 */
export function allocateCents(total: Cents, weights: readonly number[]): Cents[] {
  if (weights.length === 0) return [];
  const positive = weights.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
  const sum = positive.reduce((a, b) => a + b, 0);
  const shares = sum > 0 ? positive.map((w) => w / sum) : positive.map(() => 1 / weights.length);
  const sign = total < 0 ? -1 : 1;
  const magnitude = Math.abs(total);
  const exact = shares.map((s) => s * magnitude);
  const parts = exact.map((x) => Math.floor(x));
  let left = magnitude - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, lost: x - parts[i]! })).sort((a, b) => b.lost - a.lost || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts.map((p) => sign * p);
}
