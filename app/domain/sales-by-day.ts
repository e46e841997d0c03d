import { SOLD_STATUSES, type ListingKey } from "./item-sales";
import { allocateCents, type Cents } from "./money";

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

/** What one item took on one day of payment: units, and net cents (charged less its share of refunds). */
export interface ItemDayTake {
  day: string;
  item: ListingKey;
  units: number;
  revenueCents: Cents;
}

interface ValuedLine {
  kind: string;
  id: string | null;
  productIds: readonly string[] | null;
  quantity: number;
  totalCents: Cents;
  /** A combo's products' prices when it was bought, by `productIds`: how its cents split among them. */
  partPricesCents?: readonly number[] | null;
}

interface ValuedOrder {
  status: string;
  paidAt: string | null;
  refundedCents: Cents;
  lines: readonly ValuedLine[];
}

const takeKey = (day: string, item: ListingKey) => `${day} ${item}`;

/**
 * What an order adds per item to its day of payment (UTC), for the dashboard's best sellers.
 * Only sold orders count. A partial refund names no line, so it is taken off the lines in
 * proportion to their totals; a combo's (net) cents are split among its products in proportion
 * to their prices when it was bought (its one percentage discounts each alike), and its quantity
 * counts toward each. The parts always add up to the order's net revenue.
 */
export function itemDaySales(order: ValuedOrder): Map<string, ItemDayTake> {
  const takes = new Map<string, ItemDayTake>();
  if (!(SOLD_STATUSES as readonly string[]).includes(order.status) || !order.paidAt) return takes;
  const day = utcDay(order.paidAt);
  const add = (item: ListingKey, units: number, revenueCents: Cents) => {
    const key = takeKey(day, item);
    const take = takes.get(key) ?? { day, item, units: 0, revenueCents: 0 };
    take.units += units;
    take.revenueCents += revenueCents;
    takes.set(key, take);
  };
  const totals = order.lines.map((l) => l.totalCents);
  const refunds = allocateCents(order.refundedCents, totals);
  order.lines.forEach((line, i) => {
    const net = totals[i]! - refunds[i]!;
    if (line.kind === "combo") {
      const ids = line.productIds ?? [];
      const weights = ids.map((_, j) => line.partPricesCents?.[j] ?? 0);
      allocateCents(net, weights).forEach((cents, j) => add(`product:${ids[j]!}`, line.quantity, cents));
    } else if ((line.kind === "product" || line.kind === "bundle") && line.id)
      add(`${line.kind}:${line.id}`, line.quantity, net);
  });
  return takes;
}

/** What an order's change moves the per-item, per-day totals by (takes that do not move are left out). */
export function itemDaySalesDelta(before: ValuedOrder, after: ValuedOrder): Map<string, ItemDayTake> {
  const delta = itemDaySales(after);
  for (const [key, old] of itemDaySales(before)) {
    const now = delta.get(key) ?? { day: old.day, item: old.item, units: 0, revenueCents: 0 };
    delta.set(key, { ...now, units: now.units - old.units, revenueCents: now.revenueCents - old.revenueCents });
  }
  for (const [key, d] of delta) if (d.units === 0 && d.revenueCents === 0) delta.delete(key);
  return delta;
}
