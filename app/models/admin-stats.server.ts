/**
 * The owner's "business at a glance": revenue, orders and units over a few windows, a daily
 * series for the chart, best sellers, low stock, orders waiting to ship and stuck mail.
 *
 * Portability: everything here is plain Kysely that runs unchanged on SQLite and PostgreSQL.
 * Date windows are compared as ISO strings (ISO text sorts correctly on SQLite and PostgreSQL
 * casts the parameter to timestamptz). Revenue-bearing orders of the last 90 days and their
 * lines are fetched and aggregated in TypeScript: a few thousand rows at most at this shop's
 * scale, and it avoids dialect-specific date bucketing (strftime vs date_trunc) and JSON
 * functions (json_each vs jsonb_array_elements_text) for combo lines.
 *
 * Definitions:
 * - Revenue-bearing orders: status paid, shipped or delivered, dated by `paid_at`
 *   (refunded, cancelled, expired and pending_payment orders never count).
 * - Revenue is what the order charged (shipping included) less what has been refunded of it (a
 *   partial refund lowers it; a full refund turns the order "refunded", which never counts).
 *   Top items are net the same way: a partial refund names no line, so it is taken off the
 *   order's lines in proportion to their totals, and the top items add up to the revenue cards.
 * - Windows: "today" runs from UTC midnight of `now`; "7d", "30d", "90d" are rolling windows
 *   (now − N×24 h, now]. Orders paid after `now` are ignored.
 * - `units` in a period is the sum of line quantities, as the customer counted them in the cart
 *   (a combo of three products bought once is 1 unit, a bundle bought twice is 2).
 * - Top items use the rolling 30-day window. Product and bundle lines count for their item.
 *   A combo line counts its quantity toward every product in its `product_ids`, and its (net)
 *   total is split across those products in proportion to their prices, as the combo's one
 *   percentage discounts each of them alike (the parts always add up to the line's total). A
 *   product in a combo is therefore credited its discounted price, never more than it sells for.
 * - Daily: the 30 UTC calendar days ending with today (today included, partial), oldest first.
 */
import { allocateCents, type Cents } from "~/domain/money";
import { parseJson, toIso } from "../../database/values";
import { listBundles } from "./catalogue.server";
import type { Database } from "../../database/schema";
import type { Kysely } from "kysely";

// ---- public types ------------------------------------------------------------------------

export type StatsPeriodKey = "today" | "7d" | "30d" | "90d";

export interface StatsPeriod {
  key: StatsPeriodKey;
  label: string;
  revenueCents: Cents;
  orders: number;
  /** Rounded to the cent; 0 when there were no orders. */
  averageOrderCents: Cents;
  units: number;
}

export interface DailyRevenue {
  /** UTC calendar day, "YYYY-MM-DD". */
  date: string;
  revenueCents: Cents;
  orders: number;
}

export interface TopItem {
  kind: "product" | "bundle";
  id: string;
  title: string;
  units: number;
  revenueCents: Cents;
}

export interface LowStockItem {
  kind: "product" | "bundle";
  id: string;
  title: string;
  quantity: number;
}

export interface AwaitingShipmentOrder {
  id: string;
  number: string;
  customerName: string;
  /** ISO timestamp. */
  paidAt: string;
  totalCents: Cents;
}

export interface DashboardStats {
  /** ISO timestamp of `now`, for a "as of" line. */
  generatedAt: string;
  /** Always in the order today, 7d, 30d, 90d. */
  periods: StatsPeriod[];
  /** Exactly DAILY_DAYS entries, oldest first, zeros included. */
  daily: DailyRevenue[];
  /** At most TOP_ITEMS_LIMIT entries, by units then revenue. */
  topItems: TopItem[];
  /** Active items with quantity below LOW_STOCK_BELOW, lowest first. */
  lowStock: LowStockItem[];
  awaitingShipment: {
    /** All paid, not yet shipped orders that need shipping. */
    count: number;
    /** The AWAITING_LIMIT oldest of them, oldest paid first. */
    oldest: AwaitingShipmentOrder[];
  };
  /** Outbox rows that gave up after their retries. */
  failedEmails: number;
  /** Outbox rows not yet sent (queued or being sent right now). */
  pendingEmails: number;
}

export const REVENUE_STATUSES = ["paid", "shipped", "delivered"] as const;
export const DAILY_DAYS = 30;
export const TOP_ITEMS_LIMIT = 5;
export const LOW_STOCK_BELOW = 10;
export const AWAITING_LIMIT = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

const PERIODS: Array<{ key: StatsPeriodKey; label: string; days: number | null }> = [
  { key: "today", label: "Today", days: null },
  { key: "7d", label: "Last 7 days", days: 7 },
  { key: "30d", label: "Last 30 days", days: 30 },
  { key: "90d", label: "Last 90 days", days: 90 },
];

// ---- helpers -----------------------------------------------------------------------------

function utcMidnight(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** "YYYY-MM-DD" of the UTC day an instant falls on. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function periodStart(now: Date, days: number | null): Date {
  return days === null ? utcMidnight(now) : new Date(now.getTime() - days * DAY_MS);
}

// ---- the query ---------------------------------------------------------------------------

export async function getDashboardStats(db: Kysely<Database>, now: Date): Promise<DashboardStats> {
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  const starts = PERIODS.map((p) => periodStart(now, p.days).getTime());
  const dailyStart = new Date(utcMidnight(now).getTime() - (DAILY_DAYS - 1) * DAY_MS);
  const topStartMs = nowMs - 30 * DAY_MS;
  // The earliest instant any figure needs (90 days back covers the 30 daily buckets too).
  const fetchFrom = new Date(Math.min(...starts, dailyStart.getTime(), topStartMs)).toISOString();

  const [orderRows, lineRows, lowProducts, lowBundles, awaitingCount, awaitingRows, outboxCounts] = await Promise.all([
    db
      .selectFrom("orders")
      .select(["id", "paid_at", "total_cents", "refunded_cents"])
      .where("status", "in", REVENUE_STATUSES)
      .where("paid_at", ">=", fetchFrom)
      .where("paid_at", "<=", nowIso)
      .execute(),
    db
      .selectFrom("order_lines")
      .innerJoin("orders", "orders.id", "order_lines.order_id")
      .select([
        "order_lines.order_id",
        "order_lines.kind",
        "order_lines.item_id",
        "order_lines.product_ids",
        "order_lines.title",
        "order_lines.quantity",
        "order_lines.total_cents",
      ])
      .where("orders.status", "in", REVENUE_STATUSES)
      .where("orders.paid_at", ">=", fetchFrom)
      .where("orders.paid_at", "<=", nowIso)
      .orderBy("order_lines.order_id")
      .orderBy("order_lines.position")
      .execute(),
    db
      .selectFrom("products")
      .select(["id", "title", "quantity"])
      .where("is_active", "=", 1)
      .where("quantity", "<", LOW_STOCK_BELOW)
      .execute(),
    // A bundle's stock is what its components make (decision 012).
    listBundles(db).then((all) => all.filter((b) => b.active && b.quantity < LOW_STOCK_BELOW)),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("status", "=", "paid")
      .where("requires_shipping", "=", 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select(["id", "number", "customer_name", "paid_at", "created_at", "total_cents"])
      .where("status", "=", "paid")
      .where("requires_shipping", "=", 1)
      .orderBy("paid_at", "asc")
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .limit(AWAITING_LIMIT)
      .execute(),
    db
      .selectFrom("outbox")
      .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("status", "in", ["failed", "pending", "sending"])
      .groupBy("status")
      .execute(),
  ]);

  // Orders by paid time (ms), for windows and daily buckets.
  const paidAtById = new Map<string, number>();
  const refundedById = new Map<string, number>();
  const orders = orderRows.map((row) => {
    const paidAt = new Date(toIso(row.paid_at)!).getTime();
    paidAtById.set(row.id, paidAt);
    refundedById.set(row.id, Number(row.refunded_cents));
    return { id: row.id, paidAt, totalCents: Number(row.total_cents) - Number(row.refunded_cents) };
  });

  // ---- periods
  const unitsByOrder = new Map<string, number>();
  for (const line of lineRows)
    unitsByOrder.set(line.order_id, (unitsByOrder.get(line.order_id) ?? 0) + Number(line.quantity));
  const periods: StatsPeriod[] = PERIODS.map((p, i) => {
    const start = starts[i]!;
    let revenueCents = 0;
    let count = 0;
    let units = 0;
    for (const o of orders) {
      if (o.paidAt < start || o.paidAt > nowMs) continue;
      revenueCents += o.totalCents;
      count += 1;
      units += unitsByOrder.get(o.id) ?? 0;
    }
    return {
      key: p.key,
      label: p.label,
      revenueCents,
      orders: count,
      averageOrderCents: count ? Math.round(revenueCents / count) : 0,
      units,
    };
  });

  // ---- daily series
  const daily: DailyRevenue[] = Array.from({ length: DAILY_DAYS }, (_, i) => ({
    date: utcDay(new Date(dailyStart.getTime() + i * DAY_MS)),
    revenueCents: 0,
    orders: 0,
  }));
  const dayIndex = new Map(daily.map((d, i) => [d.date, i]));
  for (const o of orders) {
    const i = dayIndex.get(utcDay(new Date(o.paidAt)));
    if (i === undefined) continue;
    daily[i]!.revenueCents += o.totalCents;
    daily[i]!.orders += 1;
  }

  // ---- top items (rolling 30 days)
  const tally = new Map<
    string,
    { kind: "product" | "bundle"; id: string; lineTitle: string; units: number; revenueCents: number }
  >();
  const add = (kind: "product" | "bundle", id: string, lineTitle: string, units: number, revenueCents: number) => {
    const key = `${kind}:${id}`;
    const entry = tally.get(key) ?? { kind, id, lineTitle, units: 0, revenueCents: 0 };
    entry.units += units;
    entry.revenueCents += revenueCents;
    tally.set(key, entry);
  };
  const recentLines = lineRows.filter((line) => {
    const paidAt = paidAtById.get(line.order_id);
    return paidAt !== undefined && paidAt >= topStartMs;
  });
  const comboProductIds = (line: (typeof lineRows)[number]) => {
    const ids = parseJson<unknown>(line.product_ids, []);
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === "string") : [];
  };
  // A combo's products are weighed by their catalogue prices (the combo's discount is one
  // percentage of their sum, so each is discounted alike).
  const inCombos = [...new Set(recentLines.filter((l) => l.kind === "combo").flatMap(comboProductIds))];
  const listPrices = new Map(
    inCombos.length
      ? (await db.selectFrom("products").select(["id", "price_cents"]).where("id", "in", inCombos).execute()).map(
          (r) => [r.id, Number(r.price_cents)] as const,
        )
      : [],
  );
  // Each line's total net of its share of the order's refunds.
  const netTotals = new Map<(typeof lineRows)[number], number>();
  const linesByOrder = new Map<string, typeof recentLines>();
  for (const line of recentLines) linesByOrder.set(line.order_id, [...(linesByOrder.get(line.order_id) ?? []), line]);
  for (const [orderId, lines] of linesByOrder) {
    const totals = lines.map((l) => Number(l.total_cents));
    const refunds = allocateCents(refundedById.get(orderId) ?? 0, totals);
    lines.forEach((l, i) => netTotals.set(l, totals[i]! - refunds[i]!));
  }
  for (const line of recentLines) {
    const quantity = Number(line.quantity);
    const total = netTotals.get(line) ?? Number(line.total_cents);
    if ((line.kind === "product" || line.kind === "bundle") && line.item_id) {
      add(line.kind, line.item_id, line.title, quantity, total);
    } else if (line.kind === "combo") {
      const productIds = comboProductIds(line);
      const shares = allocateCents(
        total,
        productIds.map((id) => listPrices.get(id) ?? 0),
      );
      productIds.forEach((pid, i) => add("product", pid, pid, quantity, shares[i]!));
    }
  }
  const ranked = [...tally.values()]
    .sort((a, b) => b.units - a.units || b.revenueCents - a.revenueCents || a.id.localeCompare(b.id))
    .slice(0, TOP_ITEMS_LIMIT);
  // Current catalogue titles (a combo line's own title names the whole combo, not the product).
  const productIds = ranked.filter((r) => r.kind === "product").map((r) => r.id);
  const bundleIds = ranked.filter((r) => r.kind === "bundle").map((r) => r.id);
  const [productTitles, bundleTitles] = await Promise.all([
    productIds.length
      ? db.selectFrom("products").select(["id", "title"]).where("id", "in", productIds).execute()
      : Promise.resolve([]),
    bundleIds.length
      ? db.selectFrom("bundles").select(["id", "name as title"]).where("id", "in", bundleIds).execute()
      : Promise.resolve([]),
  ]);
  const titles = new Map<string, string>([
    ...productTitles.map((r) => [`product:${r.id}`, r.title] as [string, string]),
    ...bundleTitles.map((r) => [`bundle:${r.id}`, r.title] as [string, string]),
  ]);
  const topItems: TopItem[] = ranked.map((r) => ({
    kind: r.kind,
    id: r.id,
    title: titles.get(`${r.kind}:${r.id}`) ?? r.lineTitle,
    units: r.units,
    revenueCents: r.revenueCents,
  }));

  // ---- low stock
  const lowStock: LowStockItem[] = [
    ...lowProducts.map((p) => ({ kind: "product" as const, id: p.id, title: p.title, quantity: Number(p.quantity) })),
    ...lowBundles.map((b) => ({ kind: "bundle" as const, id: b.id, title: b.name, quantity: Number(b.quantity) })),
  ].sort((a, b) => a.quantity - b.quantity || a.title.localeCompare(b.title));

  // ---- awaiting shipment
  const oldest: AwaitingShipmentOrder[] = awaitingRows.map((row) => ({
    id: row.id,
    number: row.number,
    customerName: row.customer_name,
    paidAt: toIso(row.paid_at) ?? toIso(row.created_at)!,
    totalCents: Number(row.total_cents),
  }));

  // ---- mail
  const outbox = new Map(outboxCounts.map((r) => [r.status, Number(r.n)]));

  return {
    generatedAt: nowIso,
    periods,
    daily,
    topItems,
    lowStock,
    awaitingShipment: { count: Number(awaitingCount.n), oldest },
    failedEmails: outbox.get("failed") ?? 0,
    pendingEmails: (outbox.get("pending") ?? 0) + (outbox.get("sending") ?? 0),
  };
}
