/**
 * The owner's "business at a glance": revenue, orders and units over a few windows, a daily
 * series for the chart, best sellers, low stock, orders waiting to ship and stuck mail.
 *
 * Cost: every sum over history comes from the running totals the order lifecycle keeps in the
 * same transaction as the order (decisions 028 and 035): revenue, orders and units per day
 * (sales_by_day, ≤ 90 rows) and per item and day (item_sales_by_day, ≤ 30 × the catalogue's
 * items rows). No order is read for them, so the page costs the same at 1k orders as at 1M.
 * That is why the windows are whole calendar days (decision 037): a rolling window starting at
 * `now`'s time of day would have to read its first, partial day from the orders.
 *
 * Portability: plain Kysely that runs unchanged on SQLite and PostgreSQL. Instants are compared
 * as ISO strings (ISO text sorts correctly on SQLite and PostgreSQL casts the parameter to
 * timestamptz); day keys are "YYYY-MM-DD" text worked out in TypeScript.
 *
 * Definitions:
 * - Revenue-bearing orders: status paid, shipped or delivered, dated by `paid_at`
 *   (refunded, cancelled, expired and pending_payment orders never count).
 * - Revenue is what the order charged (shipping included) less what has been refunded of it (a
 *   partial refund lowers it; a full refund turns the order "refunded", which never counts).
 *   Top items are net the same way: a partial refund names no line, so it is taken off the
 *   order's lines in proportion to their totals, and the top items add up to the revenue cards.
 * - Windows: the last 1, 7, 30 and 90 UTC calendar days, today's included (as far as it has
 *   gone): each window is the sum of the daily chart's bars over its days.
 * - `units` in a period is the sum of line quantities, as the customer counted them in the cart
 *   (a combo of three products bought once is 1 unit, a bundle bought twice is 2).
 * - Top items use the 30-day window. Product and bundle lines count for their item.
 *   A combo line counts its quantity toward every product in its `product_ids`, and its (net)
 *   total is split across those products in proportion to their prices when it was bought
 *   (`order_lines.part_prices`; itemDaySales in app/domain/sales-by-day.ts), as the combo's one
 *   percentage discounts each of them alike (the parts always add up to the line's total). A
 *   product in a combo is therefore credited its discounted price, never more than it sells for.
 * - Daily: the 30 UTC calendar days ending with today (today included, partial), oldest first.
 */
import { type Kysely } from "kysely";
import { utcDay } from "#app/domain/sales-by-day";
import { listBundles } from "#app/models/catalogue/catalogue.server";
import { readItemSalesByDay, readSalesByDay } from "#app/models/orders/sales-by-day.server";
import { toIso } from "#database/values";
import type { Cents } from "#app/domain/money";
import type { Database } from "#database/schema";

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

export const DAILY_DAYS = 30;
export const TOP_ITEMS_LIMIT = 5;
export const LOW_STOCK_BELOW = 10;
export const AWAITING_LIMIT = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each window is its last `days` UTC calendar days, today's included, as the daily chart draws them. */
const PERIODS: Array<{ key: StatsPeriodKey; label: string; days: number }> = [
  { key: "today", label: "Today", days: 1 },
  { key: "7d", label: "Last 7 days", days: 7 },
  { key: "30d", label: "Last 30 days", days: 30 },
  { key: "90d", label: "Last 90 days", days: 90 },
];
const TOP_ITEMS_DAYS = 30;

// ---- helpers -----------------------------------------------------------------------------

function utcMidnight(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

// ---- the query ---------------------------------------------------------------------------

export async function getDashboardStats(db: Kysely<Database>, now: Date): Promise<DashboardStats> {
  const nowIso = now.toISOString();
  const todayStart = utcMidnight(now).getTime();
  const dayOf = (daysBack: number) => utcDay(new Date(todayStart - daysBack * DAY_MS));
  const longest = Math.max(DAILY_DAYS, ...PERIODS.map((p) => p.days));

  const [buckets, topTakes, lowProducts, lowBundles, awaitingCount, awaitingRows, outboxCounts] = await Promise.all([
    readSalesByDay(db, dayOf(longest - 1), dayOf(0)),
    readItemSalesByDay(db, dayOf(TOP_ITEMS_DAYS - 1), dayOf(0)),
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

  // ---- periods: the last N days' running totals, today's included
  const periods: StatsPeriod[] = PERIODS.map((p) => {
    const sum = { revenueCents: 0, orders: 0, units: 0 };
    const from = dayOf(p.days - 1);
    for (const [day, d] of buckets)
      if (day >= from) {
        sum.revenueCents += d.revenueCents;
        sum.orders += d.orders;
        sum.units += d.units;
      }
    return {
      key: p.key,
      label: p.label,
      revenueCents: sum.revenueCents,
      orders: sum.orders,
      averageOrderCents: sum.orders ? Math.round(sum.revenueCents / sum.orders) : 0,
      units: sum.units,
    };
  });

  // ---- daily series
  const daily: DailyRevenue[] = Array.from({ length: DAILY_DAYS }, (_, i) => {
    const date = dayOf(DAILY_DAYS - 1 - i);
    const d = buckets.get(date);
    return { date, revenueCents: d?.revenueCents ?? 0, orders: d?.orders ?? 0 };
  });

  // ---- top items (the last 30 days)
  const listed = [...topTakes].map(([key, t]) => {
    const [kind, ...rest] = key.split(":");
    return { kind: kind as "product" | "bundle", id: rest.join(":"), ...t };
  });
  const ranked = listed
    .filter((r) => r.units !== 0 || r.revenueCents !== 0)
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
    title: titles.get(`${r.kind}:${r.id}`) ?? r.id,
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

// ---- the tank profiles, counted ----------------------------------------------------------

export const TANK_COUNT_DAYS = 30;

/**
 * How much the tank profiles are used, as counts only: the log is the customer's (issue 37), so
 * the owner sees nothing per customer or tank. Readings count by when they were logged (an
 * imported year of history counts the day it came in); reminders by when they were sent.
 * Each is one count over its table, read on the owner's reader connection.
 */
export interface TankCounts {
  customersWithTank: number;
  tanks: number;
  readingsLogged: number;
  remindersSent: number;
}

export async function getTankCounts(db: Kysely<Database>, now: Date): Promise<TankCounts> {
  const since = new Date(now.getTime() - TANK_COUNT_DAYS * DAY_MS).toISOString();
  const [tanks, readings, reminders] = await Promise.all([
    db
      .selectFrom("tanks")
      .select((eb) => [
        eb.fn.count<number | string>("user_id").distinct().as("customers"),
        eb.fn.countAll<number | string>().as("tanks"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("tank_readings")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("created_at", ">=", since)
      .where("created_at", "<=", now.toISOString())
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("reorder_reminders")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("sent_at", ">=", since)
      .where("sent_at", "<=", now.toISOString())
      .executeTakeFirstOrThrow(),
  ]);
  return {
    customersWithTank: Number(tanks.customers),
    tanks: Number(tanks.tanks),
    readingsLogged: Number(readings.n),
    remindersSent: Number(reminders.n),
  };
}
