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
  /**
   * The charge days of periods already claimed (the worker moved `nextChargeOn` past them) whose
   * order is not placed yet: one waiting to place again after finding no stock, or one a worker is
   * placing. Their units are still to come out of today's stock, at the subscription's lines.
   */
  unplaced?: readonly string[];
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
 * The renewals of this week (from its Monday) and the `weeks - 1` after it, each period counted
 * once against the stock that is free today (`stock`: products.quantity, which a placed order's
 * reservation has already left):
 * - the periods from `nextChargeOn` on are not claimed yet: nothing holds their units;
 * - a claimed period whose order is placed (paid, or waiting on a retry or 3-D Secure with its
 *   stock held) is not passed in at all: `nextChargeOn` moved past it when it was claimed, and its
 *   units are already out of `stock`; counting it again would take them twice;
 * - a claimed period with no order yet (`unplaced`) still needs its units: it counts once.
 * A charge day already gone (a claim the worker has not made, or a period waiting to be placed
 * again) counts in this week: its units are needed now.
 */
export function renewalWeeks(
  subscriptions: Iterable<RenewingSubscription>,
  stock: ReadonlyMap<string, number>,
  today: string,
  weeks = RENEWAL_WEEKS_AHEAD,
): RenewalWeek[] {
  const start = mondayOf(today);
  // Day numbers, not date strings: thousands of subscriptions, each a few charges, per view.
  const first = dayNumber(start);
  const end = first + weeks * 7;
  const counts = Array.from({ length: weeks }, () => ({ renewals: 0, units: new Map<string, number>() }));
  for (const sub of subscriptions) {
    const count = (day: number) => {
      const week = counts[day < first ? 0 : Math.floor((day - first) / 7)]!;
      week.renewals += 1;
      for (const line of sub.lines)
        week.units.set(line.productId, (week.units.get(line.productId) ?? 0) + line.quantity);
    };
    for (const on of sub.unplaced ?? []) if (dayNumber(on) < end) count(dayNumber(on));
    if (!Number.isInteger(sub.everyWeeks) || sub.everyWeeks < 1) continue;
    for (let day = dayNumber(sub.nextChargeOn); day < end; day += sub.everyWeeks * 7) count(day);
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

/** Days since 1970-01-01 of a "YYYY-MM-DD" date. */
function dayNumber(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
}
