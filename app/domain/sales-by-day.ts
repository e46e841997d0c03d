import { SOLD_STATUSES } from "./item-sales";

/** One UTC day's revenue-bearing orders: net revenue (charged less refunded), how many, their units. */
export interface DaySales {
  revenueCents: number;
  orders: number;
  units: number;
}

interface SaleOrder {
  status: string;
  paidAt: string | null;
  totalCents: number;
  refundedCents: number;
  lines: readonly { quantity: number }[];
}

/** "YYYY-MM-DD" of the UTC day an instant falls on: the dashboard's day. */
export function utcDay(instant: Date | string): string {
  return (typeof instant === "string" ? new Date(instant) : instant).toISOString().slice(0, 10);
}

/**
 * What an order adds to its payment day: paid, shipped and delivered orders count, dated by
 * `paidAt`, for what they charged less what was refunded of them; other statuses add nothing.
 */
export function daySales(order: SaleOrder): Map<string, DaySales> {
  const days = new Map<string, DaySales>();
  if (!(SOLD_STATUSES as readonly string[]).includes(order.status) || !order.paidAt) return days;
  days.set(utcDay(order.paidAt), {
    revenueCents: order.totalCents - order.refundedCents,
    orders: 1,
    units: order.lines.reduce((sum, l) => sum + l.quantity, 0),
  });
  return days;
}

/** What an order's change moves the per-day running totals by (days that do not move are left out). */
export function daySalesDelta(before: SaleOrder, after: SaleOrder): Map<string, DaySales> {
  const delta = daySales(after);
  for (const [day, old] of daySales(before)) {
    const now = delta.get(day) ?? { revenueCents: 0, orders: 0, units: 0 };
    delta.set(day, {
      revenueCents: now.revenueCents - old.revenueCents,
      orders: now.orders - old.orders,
      units: now.units - old.units,
    });
  }
  for (const [day, d] of delta) if (d.revenueCents === 0 && d.orders === 0 && d.units === 0) delta.delete(day);
  return delta;
}
