/**
 * The owner's subscriptions (issue 38): each status's list, newest first, paged by keyset
 * (decision 036); the renewals of the coming weeks with the stock they take; and what paid
 * renewals brought in. Every read is one index range: `subscriptions_status_created` for a list,
 * `subscriptions_due` for the weeks ahead (with the few claimed periods not placed yet, from
 * the partial `subscription_renewals_live`), the partial `orders_renewals_paid` for the revenue
 * (migration 0038). Pausing and cancelling go through the subscriptions' own use case.
 */
import { sql, type Kysely, type Selectable } from "kysely";
import { z } from "zod";
import {
  OWNER_STATUSES,
  renewalWeeks,
  RENEWAL_WEEKS_AHEAD,
  type RenewalWeek,
  type RenewingSubscription,
} from "#app/domain/owner-subscriptions";
import { addDays, shopClock } from "#app/domain/ship-calendar";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { renewalKey } from "#app/models/subscriptions/renewals.server";
import { linesOf, viewOf, type SubscriptionView } from "#app/models/subscriptions/subscriptions.server";
import { toIso } from "#database/values";
import type { SubscriptionStatus } from "#app/domain/subscriptions";
import type { Database, SubscriptionTable } from "#database/schema";

type Db = Kysely<Database>;

export const SUBSCRIPTIONS_PAGE = 50;
/** Counts stop here ("10,000+"): each is then at most this many index entries. */
export const COUNT_CAP = 10_000;

/** `<created_at ISO>~<id>`: the row a page follows. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)~([A-Za-z0-9-]{1,80})$/;

export const OwnerListSchema = z.object({
  status: z.enum(OWNER_STATUSES, "The status is one of active, paused, cancelled or pending").default("active"),
  cursor: z.string().regex(CURSOR, "That cursor is not one this list gave").optional(),
});
export type OwnerListQuery = z.infer<typeof OwnerListSchema>;

export interface StatusCount {
  count: number;
  /** The count reached COUNT_CAP: there are at least that many. */
  more: boolean;
}

export interface OwnerSubscriptionList {
  subscriptions: SubscriptionView[];
  nextCursor: string | null;
  counts: Record<SubscriptionStatus, StatusCount>;
}

/** One status's subscriptions, newest first, from the row `cursor` names on; with every status's count. */
export async function listSubscriptionsForOwner(db: Db, query: OwnerListQuery): Promise<OwnerSubscriptionList> {
  const after = query.cursor ? CURSOR.exec(query.cursor) : null;
  const [rows, counts, catalogue] = await Promise.all([
    db
      .selectFrom("subscriptions")
      .selectAll()
      .where("status", "=", query.status)
      // A row value: both databases seek the index to the cursor (an `or` of the two is a filter on PostgreSQL).
      .$if(after !== null, (qb) => qb.where(sql<boolean>`(created_at, id) < (${after![1]!}, ${after![2]!})`))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(SUBSCRIPTIONS_PAGE + 1)
      .execute(),
    statusCounts(db),
    loadCatalogueSnapshot(db),
  ]);
  const page = rows.slice(0, SUBSCRIPTIONS_PAGE);
  const last = page.at(-1);
  return {
    subscriptions: page.map((row) => viewOf(row, catalogue)),
    nextCursor: rows.length > SUBSCRIPTIONS_PAGE && last ? `${toIso(last.created_at)}~${last.id}` : null,
    counts,
  };
}

async function statusCounts(db: Db): Promise<Record<SubscriptionStatus, StatusCount>> {
  const counted = await Promise.all(
    OWNER_STATUSES.map(async (status) => {
      const row = await db
        .selectFrom(
          db
            .selectFrom("subscriptions")
            .select(sql<number>`1`.as("one"))
            .where("status", "=", status)
            .limit(COUNT_CAP)
            .as("s"),
        )
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      const count = Number(row.n);
      return [status, { count, more: count >= COUNT_CAP }] as const;
    }),
  );
  return Object.fromEntries(counted) as Record<SubscriptionStatus, StatusCount>;
}

export interface UpcomingRenewals {
  /** This week's Monday first. */
  weeks: Array<
    Omit<RenewalWeek, "products"> & {
      products: Array<RenewalWeek["products"][number] & { title: string }>;
    }
  >;
  /** Products whose stock does not cover the renewals of some week ahead. */
  shortOf: string[];
}

/** The renewals of this week and the seven after it, per week, with the units each product needs. */
export async function upcomingRenewals(db: Db, now: Date, timeZone: string): Promise<UpcomingRenewals> {
  const { today } = shopClock(now, timeZone);
  const end = addDays(today, RENEWAL_WEEKS_AHEAD * 7);
  const [rows, unplaced] = await Promise.all([
    db
      .selectFrom("subscriptions")
      .select(["id", "every_weeks", "next_charge_on", "lines"])
      .where("status", "=", "active")
      .where("next_charge_on", "<", end)
      .execute(),
    unplacedRenewals(db),
  ]);
  const subscriptions = new Map<string, RenewingSubscription>(
    rows.map((row) => [row.id, { everyWeeks: row.every_weeks, nextChargeOn: row.next_charge_on, lines: linesOf(row) }]),
  );
  for (const r of unplaced) {
    // Its next charge may lie past the weeks shown (claimed, moved on by a long interval).
    const sub = subscriptions.get(r.id) ?? {
      everyWeeks: r.every_weeks,
      nextChargeOn: r.next_charge_on,
      lines: linesOf(r),
    };
    subscriptions.set(r.id, { ...sub, unplaced: [...(sub.unplaced ?? []), r.charge_on] });
  }
  const ids = [...new Set([...subscriptions.values()].flatMap((s) => s.lines.map((l) => l.productId)))];
  const products =
    ids.length === 0
      ? []
      : await db.selectFrom("products").select(["id", "title", "quantity"]).where("id", "in", ids).execute();
  // Free stock: a placed renewal's reservation is already out of it (decision 049's renewal orders hold stock).
  const stock = new Map(products.map((p) => [p.id, Number(p.quantity)]));
  const titles = new Map(products.map((p) => [p.id, p.title]));
  const weeks = renewalWeeks(subscriptions.values(), stock, today).map((week) => ({
    ...week,
    products: week.products.map((p) => ({ ...p, title: titles.get(p.productId) ?? p.productId })),
  }));
  const shortOf = [...new Set(weeks.flatMap((w) => w.products.filter((p) => p.short).map((p) => p.title)))];
  return { weeks, shortOf };
}

/** What the worker does with a claimed period until it is paid or given up. */
const LIVE_RENEWAL = ["placing", "charging", "retrying", "action"] as const;

/**
 * The claimed periods of active subscriptions that no order holds stock for yet: claimed (so
 * `next_charge_on` has moved past them) but not placed, because the worker is placing it or
 * found no stock and will try again. A period whose order exists is left out, whether or not the
 * renewal row names it yet (a worker that placed it and died before recording it): that order
 * holds the stock, or is closed and the worker gives the period up. Few rows: the partial index
 * `subscription_renewals_live` holds only the live ones, and the keys are looked up in the orders'
 * unique key index.
 */
async function unplacedRenewals(db: Db) {
  // Two reads, not a join: joined, both planners may walk every active subscription and probe its
  // renewals (thousands of probes at a million orders) for the handful of live ones.
  const claimed = await db
    .selectFrom("subscription_renewals")
    .select(["subscription_id", "period", "charge_on"])
    // Literals, not parameters: the partial index's condition must be seen in the query (migration 0039).
    .where(
      "status",
      "in",
      LIVE_RENEWAL.map((status) => sql.lit(status)),
    )
    .where("order_id", "is", null)
    .execute();
  if (claimed.length === 0) return [];
  const keys = claimed.map(renewalKey);
  const placed = new Set<string>();
  const subscriptions = new Map<
    string,
    Pick<Selectable<SubscriptionTable>, "id" | "every_weeks" | "next_charge_on" | "lines">
  >();
  for (let i = 0; i < claimed.length; i += 500) {
    const [orders, subs] = await Promise.all([
      db
        .selectFrom("orders")
        .select("idempotency_key")
        .where("idempotency_key", "in", keys.slice(i, i + 500))
        .execute(),
      db
        .selectFrom("subscriptions")
        .select(["id", "every_weeks", "next_charge_on", "lines"])
        .where("id", "in", [...new Set(claimed.slice(i, i + 500).map((r) => r.subscription_id))])
        .where("status", "=", "active")
        .execute(),
    ]);
    for (const o of orders) if (o.idempotency_key) placed.add(o.idempotency_key);
    for (const sub of subs) subscriptions.set(sub.id, sub);
  }
  return claimed.flatMap((r, i) => {
    const sub = subscriptions.get(r.subscription_id);
    return sub && !placed.has(keys[i]!) ? [{ ...sub, period: r.period, charge_on: r.charge_on }] : [];
  });
}

export interface RenewalTake {
  orders: number;
  /** Paid, less what was refunded. */
  revenueCents: number;
}

export interface RenewalRevenue {
  last30Days: RenewalTake;
  last90Days: RenewalTake;
  allTime: RenewalTake;
}

/** Paid renewal orders (not first orders) less refunds: the last 30 and 90 days and all time. */
export async function renewalRevenue(db: Db, now: Date): Promise<RenewalRevenue> {
  const since30 = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const since90 = new Date(now.getTime() - 90 * 86_400_000).toISOString();
  const net = sql<number>`total_cents - refunded_cents`;
  const row = await db
    .selectFrom("orders")
    // A literal, not a parameter: the partial index's condition must be seen in the query.
    .where("source", "=", sql.lit("subscription"))
    .where("paid_at", "is not", null)
    .select((eb) => [
      eb.fn.countAll<number | string>().as("orders"),
      sql<number | string | null>`sum(${net})`.as("cents"),
      sql<number | string | null>`sum(case when paid_at >= ${since90} then 1 else 0 end)`.as("orders90"),
      sql<number | string | null>`sum(case when paid_at >= ${since90} then ${net} else 0 end)`.as("cents90"),
      sql<number | string | null>`sum(case when paid_at >= ${since30} then 1 else 0 end)`.as("orders30"),
      sql<number | string | null>`sum(case when paid_at >= ${since30} then ${net} else 0 end)`.as("cents30"),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: number | string | null | undefined) => Number(v ?? 0);
  return {
    last30Days: { orders: n(row.orders30), revenueCents: n(row.cents30) },
    last90Days: { orders: n(row.orders90), revenueCents: n(row.cents90) },
    allTime: { orders: n(row.orders), revenueCents: n(row.cents) },
  };
}
