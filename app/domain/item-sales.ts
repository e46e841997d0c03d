import type { OrderStatus } from "./order-status";

/** Orders whose items count as sold: paid and not given back (cancelled, refunded) or abandoned. */
export const SOLD_STATUSES: readonly OrderStatus[] = ["paid", "shipped", "delivered"];

/** `product:<id>` or `bundle:<id>`: products and bundles may share an id. */
export type ListingKey = `${"product" | "bundle"}:${string}`;

interface SaleLine {
  kind: string;
  id: string | null;
  productIds: readonly string[] | null;
  quantity: number;
}

/** Units an order counts for, per item. A bundle counts as itself; a custom combo counts each product in it. */
export function unitsSold(order: { status: string; lines: readonly SaleLine[] }): Map<ListingKey, number> {
  const units = new Map<ListingKey, number>();
  if (!(SOLD_STATUSES as readonly string[]).includes(order.status)) return units;
  const add = (key: ListingKey, n: number) => units.set(key, (units.get(key) ?? 0) + n);
  for (const line of order.lines) {
    if (line.kind === "combo") for (const id of line.productIds ?? []) add(`product:${id}`, line.quantity);
    else if ((line.kind === "product" || line.kind === "bundle") && line.id)
      add(`${line.kind}:${line.id}`, line.quantity);
  }
  return units;
}

/** What an order's change moves the running totals by (items that do not move are left out). */
export function salesDelta(
  before: { status: string; lines: readonly SaleLine[] },
  after: { status: string; lines: readonly SaleLine[] },
): Map<ListingKey, number> {
  const delta = unitsSold(after);
  for (const [key, n] of unitsSold(before)) delta.set(key, (delta.get(key) ?? 0) - n);
  for (const [key, n] of delta) if (n === 0) delta.delete(key);
  return delta;
}
