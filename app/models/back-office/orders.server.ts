import { sql, type ExpressionBuilder, type Kysely, type Selection, type SelectQueryBuilder } from "kysely";
import { z } from "zod";
import { formatCents } from "#app/domain/money";
import { decide, type OrderEventInput } from "#app/domain/order-lifecycle";
import { ORDER_STATUSES, type OrderStatus } from "#app/domain/order-status";
import { startsWith } from "#app/models/orders/customer-totals.server";
import { transition } from "#app/models/orders/order-lifecycle.server";
import { getOrder } from "#app/models/orders/orders.server";
import { settleRefund } from "#app/models/orders/refunds.server";
import { toIso } from "#database/values";
import type { OrderAction } from "#app/domain/order-actions";
import type { Order, OrderEvent } from "#app/domain/order-types";
import type { AppServices } from "#app/services/container";
import type { Database } from "#database/schema";

// ---- listing -----------------------------------------------------------------------------

/**
 * Where a page of the list starts: the last (or first) row the person saw, newest first; in the
 * "to ship" view, led by the row's ship day ("2026-12-07_2026-12-03T14:00:00.000Z_id").
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}_)?\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z_[\w-]{1,64}$/;

export const OrderFiltersSchema = z.object({
  /** "to-ship": paid orders waiting to leave, by ship day. "abandoned": checkouts never paid (expired, or declined and waiting out their window), listed apart from orders. */
  view: z.enum(["orders", "abandoned", "to-ship"]).default("orders").catch("orders"),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  q: z.string().trim().max(120).optional().catch(undefined),
  /** One customer's orders: the address their page is named by. */
  customer: z.string().trim().toLowerCase().max(320).optional().catch(undefined),
  /** The page's number as shown; without a cursor, also where the page starts. */
  page: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(1).catch(1),
  /** The page after the row this names (keyset: costs the same however deep). */
  after: z.string().regex(CURSOR).optional().catch(undefined),
  /** The page before the row this names. */
  before: z.string().regex(CURSOR).optional().catch(undefined),
});
export type OrderFilters = z.infer<typeof OrderFiltersSchema>;
export const ORDERS_PAGE_SIZE = 20;
/** Counted exactly up to here; past it the list says "more than" (counting a million rows per view is not worth it). */
export const ORDERS_COUNT_CAP = 10_000;
/** The deepest page a bare page number (no cursor) reaches: the last one the list counts. */
export const MAX_TYPED_PAGE = ORDERS_COUNT_CAP / ORDERS_PAGE_SIZE;

export interface OrderListRow {
  id: string;
  number: string;
  status: OrderStatus;
  email: string;
  customerName: string;
  totalCents: number;
  source: string;
  createdAt: string;
  paymentFailure: string | null;
  shipOn: string | null;
  arriveOn: string | null;
}

export interface OrderListPage {
  orders: OrderListRow[];
  /** Exact when `totalExact`; otherwise ORDERS_COUNT_CAP, and there are more. */
  total: number;
  totalExact: boolean;
  page: number;
  /** Known when the total is exact. */
  pages: number | null;
  /** Cursors for the next and previous pages (null: there is none). */
  next: string | null;
  prev: string | null;
}

type CursorRow = { ship_on: string | null; created_at: Date | string; id: string };
function splitCursor(cursor: string): [string, string] {
  const at = cursor.indexOf("_");
  return [cursor.slice(0, at), cursor.slice(at + 1)];
}
const SHIP_DAY_CURSOR = /^(\d{4}-\d{2}-\d{2})_(.+)$/;

/**
 * How a view is sorted: by `keys` (the last one unique), which its cursors name for a row. The
 * orders list runs newest first; the "to ship" list by ship day, the earliest (overdue) first,
 * through the (status, ship_on, created_at, id) index, so the shop's thousands of shipped orders
 * are never walked past to reach the few still to pack.
 */
interface ListSort {
  keys: ReadonlyArray<"ship_on" | "created_at" | "id">;
  ascending: boolean;
  cursorOf(row: CursorRow): string;
  /** The key values a cursor names; null for a cursor of the other sort. */
  split(cursor: string): string[] | null;
}
const NEWEST_FIRST: ListSort = {
  keys: ["created_at", "id"],
  ascending: false,
  cursorOf: (row) => `${toIso(row.created_at)}_${row.id}`,
  split: (cursor) => (SHIP_DAY_CURSOR.test(cursor) ? null : splitCursor(cursor)),
};
const BY_SHIP_DAY: ListSort = {
  keys: ["ship_on", "created_at", "id"],
  ascending: true,
  cursorOf: (row) => `${row.ship_on}_${NEWEST_FIRST.cursorOf(row)}`,
  split: (cursor) => {
    const match = SHIP_DAY_CURSOR.exec(cursor);
    return match ? [match[1]!, ...splitCursor(match[2]!)] : null;
  },
};

const LIST_COLUMNS = [
  "id",
  "number",
  "status",
  "email",
  "customer_name",
  "total_cents",
  "source",
  "created_at",
  "payment_failure",
  "ship_on",
  "arrive_on",
] as const;

type ListQuery = SelectQueryBuilder<Database, "orders", object>;

/** How many rows a filtered list holds, counted only up to the cap. */
async function cappedCount(db: Kysely<Database>, query: ListQuery) {
  const counted = await db
    .selectFrom(
      query
        .select(sql.lit(1).as("one"))
        .limit(ORDERS_COUNT_CAP + 1)
        .as("capped"),
    )
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  const totalExact = Number(counted.n) <= ORDERS_COUNT_CAP;
  const total = Math.min(Number(counted.n), ORDERS_COUNT_CAP);
  return { total, totalExact, pages: totalExact ? Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)) : null };
}

/** Rows in a list's order by its keys, compared byte-wise as the indexes hold them. */
function byKeys(sort: ListSort, ascending: boolean) {
  const value = (row: CursorRow, key: ListSort["keys"][number]) =>
    key === "created_at" ? toIso(row.created_at)! : String(row[key] ?? "");
  return (a: CursorRow, b: CursorRow) => {
    for (const key of sort.keys) {
      const [x, y] = [value(a, key), value(b, key)];
      if (x !== y) return (x < y ? -1 : 1) * (ascending ? 1 : -1);
    }
    return 0;
  };
}

function listRow(r: Selection<Database, "orders", (typeof LIST_COLUMNS)[number]>): OrderListRow {
  return {
    id: r.id,
    number: r.number,
    status: r.status as OrderStatus,
    email: r.email,
    customerName: r.customer_name,
    totalCents: r.total_cents,
    source: r.source,
    createdAt: toIso(r.created_at)!,
    paymentFailure: r.payment_failure,
    shipOn: r.ship_on,
    arriveOn: r.arrive_on,
  };
}

/**
 * One page of orders, newest first (the "to ship" view: by ship day). Pages are read by keyset (after/before the row a link names),
 * so the thousandth page costs what the first does; a bare page number still works for a link
 * typed by hand. Any order is also reached directly by number or address (`q`) and by date.
 */
export async function listOrders(db: Kysely<Database>, filters: OrderFilters): Promise<OrderListPage> {
  let query: ListQuery = db.selectFrom("orders");
  const abandoned = (eb: ExpressionBuilder<Database, "orders">) =>
    eb.or([eb("status", "=", "expired"), eb.and([eb("status", "=", "pending_payment"), eb("stock_held", "=", 0)])]);
  if (filters.view === "to-ship") query = query.where("status", "=", "paid").where("ship_on", "is not", null);
  else query = filters.view === "abandoned" ? query.where(abandoned) : query.where((eb) => eb.not(abandoned(eb)));
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.from) query = query.where("created_at", ">=", `${filters.from}T00:00:00.000Z`);
  if (filters.to)
    query = query.where(
      "created_at",
      "<",
      new Date(Date.parse(`${filters.to}T00:00:00.000Z`) + 86_400_000).toISOString(),
    );
  if (filters.q) {
    // A number exactly, or an address by its start: each one range of an index (a "contains"
    // search would read every order the shop has had).
    const q = filters.q.toLowerCase();
    query = query.where((eb) =>
      eb.or([eb("number", "=", filters.q!.toUpperCase()), startsWith(db, "lower(email)", q)]),
    );
  }
  // The ranges a page is read from: the whole filtered list, or for one customer the orders placed
  // with their address and those placed signed in to their account, each one range of an index
  // in the list's order, merged here. As one "or", PostgreSQL walks the history by date past
  // everyone else's orders to find a regular's latest, or sorts them all.
  let ranges: ListQuery[] = [query];
  if (filters.customer) {
    const key = filters.customer.toLowerCase();
    const account = await db
      .selectFrom("user")
      .select("id")
      .where(sql<string>`lower(email)`, "=", key)
      .executeTakeFirst();
    const byAddress = query.where(sql<string>`lower(email)`, "=", key);
    ranges = account ? [byAddress, query.where("user_id", "=", account.id)] : [byAddress];
    query = query.where((eb) =>
      eb.or([eb(sql<string>`lower(email)`, "=", key), ...(account ? [eb("user_id", "=", account.id)] : [])]),
    );
  }
  const { total, totalExact, pages } = await cappedCount(db, query);
  const sort = filters.view === "to-ship" ? BY_SHIP_DAY : NEWEST_FIRST;
  const after = filters.after ? sort.split(filters.after) : null;
  const before = filters.before && !after ? sort.split(filters.before) : null;
  // Rows past the cursor in the list's direction (or, for the page before, against it).
  const beyond = (op: "<" | ">", values: readonly string[]) =>
    sql<boolean>`(${sql.join(sort.keys.map((k) => sql.ref(k)))}) ${sql.raw(op)} (${sql.join(values)})`;
  // `count` rows from `offset`, each range past the cursor (`where`), in the list's order or against it.
  const read = async (where: (q: ListQuery) => ListQuery, ascending: boolean, offset: number, count: number) => {
    const ordered = (q: ListQuery) => sort.keys.reduce((q, k) => q.orderBy(k, ascending ? "asc" : "desc"), q);
    const page = (q: ListQuery, skip: number, take: number) =>
      ordered(where(q)).select(LIST_COLUMNS).offset(skip).limit(take).execute();
    if (ranges.length === 1) return page(ranges[0]!, offset, count);
    const parts = await Promise.all(ranges.map((range) => page(range, 0, offset + count)));
    const merged = [...new Map(parts.flat().map((row) => [row.id, row])).values()];
    return merged.sort(byKeys(sort, ascending)).slice(offset, offset + count);
  };
  let page = filters.page;
  let rows;
  let hasNext: boolean;
  let hasPrev: boolean;
  if (before) {
    rows = await read(
      (q) => q.where(beyond(sort.ascending ? "<" : ">", before)),
      !sort.ascending,
      0,
      ORDERS_PAGE_SIZE + 1,
    );
    hasPrev = rows.length > ORDERS_PAGE_SIZE;
    rows = rows.slice(0, ORDERS_PAGE_SIZE).reverse();
    hasNext = true;
    page = hasPrev ? Math.max(2, page) : 1;
  } else {
    // A page past the end shows the last page (never the first, which would pass for it). A
    // bare page number is an OFFSET, so it is honoured only as far as the list counts: deeper
    // rows are reached by date (`to`), by number or address, or page by page from a cursor,
    // each an index seek, and a typed number never walks the history.
    if (!after) page = Math.min(page, pages ?? MAX_TYPED_PAGE);
    rows = await read(
      (q) => (after ? q.where(beyond(sort.ascending ? ">" : "<", after)) : q),
      sort.ascending,
      after ? 0 : (page - 1) * ORDERS_PAGE_SIZE,
      ORDERS_PAGE_SIZE + 1,
    );
    hasNext = rows.length > ORDERS_PAGE_SIZE;
    rows = rows.slice(0, ORDERS_PAGE_SIZE);
    hasPrev = page > 1 || Boolean(after);
    if (page === 1 && after) page = 2;
  }
  return {
    total,
    totalExact,
    page,
    pages,
    next: hasNext && rows.length > 0 ? sort.cursorOf(rows.at(-1)!) : null,
    prev: hasPrev && rows.length > 0 ? sort.cursorOf(rows[0]!) : null,
    orders: rows.map(listRow),
  };
}

export async function listOrderNotes(db: Kysely<Database>, orderId: string) {
  const rows = await db.selectFrom("order_notes").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
  return rows.map((r) => ({ id: r.id, author: r.author, body: r.body, createdAt: toIso(r.created_at)! }));
}

/**
 * The order's history as the back office shows it: one line per event, each refund once, on the
 * line of the event that asked for it (with its amount). Orders refunded before that also have a
 * line by "payments" for each refund's settling, which said the same refund again: left out (the
 * refunds list beside the history says how each settled).
 */
export function orderHistory(events: readonly OrderEvent[]): OrderEvent[] {
  return events.filter((e) => !(e.actor === "payments" && e.fromStatus === e.toStatus));
}

// ---- actions -----------------------------------------------------------------------------

export class ActionRefused extends Error {}

const ACTION_EVENTS = ["ship", "deliver", "cancel", "refund", "partial-refund"] as const;

/** The actions the back office offers for an order in its current state: those the lifecycle allows. */
export function availableActions(order: Order, now: Date = new Date()): Array<OrderAction["action"]> {
  const actions: Array<OrderAction["action"]> = ACTION_EVENTS.filter((event) => decide(order, event, now).ok);
  actions.push("note");
  return actions;
}

function eventOf(action: Exclude<OrderAction, { action: "note" }>): OrderEventInput {
  switch (action.action) {
    case "ship":
      return { type: "ship", carrier: action.carrier, trackingNumber: action.trackingNumber };
    case "deliver":
      return { type: "deliver" };
    case "cancel":
      return { type: "cancel", reason: action.reason || undefined };
    case "refund":
      return { type: "refund", reason: action.reason || undefined };
    case "partial-refund":
      return {
        type: "partial-refund",
        amountCents: Math.round(action.amount * 100),
        reason: action.reason || undefined,
      };
  }
}

/**
 * Carries out one back-office action through the order lifecycle, which mails the customer and
 * records any refund as pending in the same transaction. The provider is asked for the refund
 * only after that commit; if this process dies first, the worker settles it (same key).
 */
export async function performOrderAction(
  services: AppServices,
  orderId: string,
  action: OrderAction,
  actor: string,
): Promise<Order> {
  const { db } = services.database;
  const now = services.clock();
  const order = await getOrder(db, orderId);
  if (!order) throw new ActionRefused("No such order.");
  if (action.action === "note") {
    // The same note again from the same person is the same form sent twice (a reload of a post
    // without JavaScript, a double submit): kept once.
    const last = await db
      .selectFrom("order_notes")
      .select(["author", "body"])
      .where("order_id", "=", order.id)
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (last && last.author === actor && last.body === action.body) return order;
    await db
      .insertInto("order_notes")
      .values({ order_id: order.id, author: actor, body: action.body, created_at: now.toISOString() })
      .execute();
    return order;
  }
  if (
    action.action === "partial-refund" &&
    action.expectedRefundedCents !== undefined &&
    action.expectedRefundedCents !== order.refundedCents
  ) {
    throw new ActionRefused(
      `Nothing was refunded: ${formatCents(order.refundedCents)} of this order has been refunded since the page was loaded (the form may have been sent twice). Check the refunds on the page before refunding more.`,
    );
  }
  const { refund } = await transition(db, order, eventOf(action), { now, actor, shopEmail: services.config.shopEmail });
  if (refund) await settleRefund(services, refund.id);
  return (await getOrder(db, order.id))!;
}
