/**
 * The owner's view of subscriptions (issue 38): the statuses the back office lists, and the
 * renewals ahead: each active subscription's charge dates (its next charge, then every
 * `everyWeeks` after it) counted into ISO weeks (Monday, shop's local dates), with the units
 * each week needs per product against today's stock. Pure: the back-office model reads the rows.
 */
import { addDays, weekdayOf } from "./ship-calendar";
import type { SubscriptionStatus } from "./subscriptions";

export const OWNER_STATUSES = ["active", "paused", "cancelled", "pending"] as const satisfies SubscriptionStatus[];
/** How the owner's page names each status: a pending one waits for its first order's payment. */
export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Active",
  paused: "Paused",
  cancelled: "Cancelled",
  pending: "Starting",
};

export const RENEWAL_WEEKS_AHEAD = 8;

export interface RenewingSubscription {
  everyWeeks: number;
  nextChargeOn: string;
  lines: ReadonlyArray<{ productId: string; quantity: number }>;
}

export interface ProductNeed {
  productId: string;
  /** Units this week's renewals take. */
  units: number;
  /** Units the renewals take from the first week up to and including this one. */
  unitsSoFar: number;
  stock: number;
  /** Today's stock does not cover the renewals up to this week. */
  short: boolean;
}

export interface RenewalWeek {
  /** The week's Monday, "YYYY-MM-DD". */
  weekOf: string;
  /** "2026-W49" */
  isoWeek: string;
  renewals: number;
  products: ProductNeed[];
}

/** The Monday of the ISO week `iso` falls in. */
export const mondayOf = (iso: string) => addDays(iso, 1 - weekdayOf(iso));

/** "2026-W49": the ISO year and week number of a date. */
export function isoWeekOf(iso: string): string {
  // The week's Thursday decides its year.
  const thursday = addDays(mondayOf(iso), 3);
  const year = Number(thursday.slice(0, 4));
  const first = Date.UTC(year, 0, 1);
  const week = Math.floor((Date.parse(`${thursday}T00:00:00Z`) - first) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/**
 * The renewals of this week (from its Monday) and the `weeks - 1` after it. A charge already
 * due before this week (a renewal waiting on its retry) counts in this week.
 */
export function renewalWeeks(
  subscriptions: Iterable<RenewingSubscription>,
  stock: ReadonlyMap<string, number>,
  today: string,
  weeks = RENEWAL_WEEKS_AHEAD,
): RenewalWeek[] {
  const start = mondayOf(today);
  const end = addDays(start, weeks * 7);
  const counts = Array.from({ length: weeks }, () => ({ renewals: 0, units: new Map<string, number>() }));
  for (const sub of subscriptions) {
    if (!Number.isInteger(sub.everyWeeks) || sub.everyWeeks < 1) continue;
    for (let on = sub.nextChargeOn; on < end; on = addDays(on, sub.everyWeeks * 7)) {
      const index = on < start ? 0 : Math.floor(daysBetween(start, on) / 7);
      const week = counts[index]!;
      week.renewals += 1;
      for (const line of sub.lines)
        week.units.set(line.productId, (week.units.get(line.productId) ?? 0) + line.quantity);
    }
  }
  const soFar = new Map<string, number>();
  return counts.map((week, i) => {
    const weekOf = addDays(start, i * 7);
    const products = [...week.units]
      .map(([productId, units]) => {
        const unitsSoFar = (soFar.get(productId) ?? 0) + units;
        soFar.set(productId, unitsSoFar);
        const inStock = stock.get(productId) ?? 0;
        return { productId, units, unitsSoFar, stock: inStock, short: unitsSoFar > inStock };
      })
      .sort((a, b) => b.units - a.units || a.productId.localeCompare(b.productId));
    return { weekOf, isoWeek: isoWeekOf(weekOf), renewals: week.renewals, products };
  });
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
