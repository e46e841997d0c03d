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
