import { z } from "zod";
import { formatCents } from "~/domain/money";
import { decide, type OrderEventInput } from "~/domain/order-lifecycle";
import { ORDER_STATUSES, type OrderStatus } from "~/domain/order-status";
import { toIso } from "../../database/values";
import { transition } from "./order-lifecycle.server";
import { getOrder } from "./orders.server";
import { settleRefund } from "./refunds.server";
import type { Database } from "../../database/schema";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { OrderAction } from "~/domain/order-actions";
import type { Order, OrderEvent } from "~/domain/order-types";
import type { AppServices } from "~/services/container";

// ---- listing -----------------------------------------------------------------------------

export const OrderFiltersSchema = z.object({
  /** "abandoned": checkouts never paid (expired, or declined and waiting out their window), listed apart from orders. */
  view: z.enum(["orders", "abandoned"]).default("orders").catch("orders"),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  q: z.string().trim().max(120).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});
export type OrderFilters = z.infer<typeof OrderFiltersSchema>;
export const ORDERS_PAGE_SIZE = 20;

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
}

export async function listOrders(
  db: Kysely<Database>,
  filters: OrderFilters,
): Promise<{ orders: OrderListRow[]; total: number; page: number; pages: number }> {
  let query = db.selectFrom("orders");
  const abandoned = (eb: ExpressionBuilder<Database, "orders">) =>
    eb.or([eb("status", "=", "expired"), eb.and([eb("status", "=", "pending_payment"), eb("stock_held", "=", 0)])]);
  query = filters.view === "abandoned" ? query.where(abandoned) : query.where((eb) => eb.not(abandoned(eb)));
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.from) query = query.where("created_at", ">=", `${filters.from}T00:00:00.000Z`);
  if (filters.to)
    query = query.where(
      "created_at",
      "<",
      new Date(Date.parse(`${filters.to}T00:00:00.000Z`) + 86_400_000).toISOString(),
    );
  if (filters.q) {
    const q = filters.q.toLowerCase();
    query = query.where((eb) =>
      eb.or([eb("number", "=", filters.q!.toUpperCase()), eb("email", "like", `%${q.replace(/[%_\\]/g, "")}%`)]),
    );
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(total) / ORDERS_PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  const rows = await query
    .select([
      "id",
      "number",
      "status",
      "email",
      "customer_name",
      "total_cents",
      "source",
      "created_at",
      "payment_failure",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORDERS_PAGE_SIZE)
    .execute();
  return {
    total: Number(total),
    page,
    pages,
    orders: rows.map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status as OrderStatus,
      email: r.email,
      customerName: r.customer_name,
      totalCents: r.total_cents,
      source: r.source,
      createdAt: toIso(r.created_at)!,
      paymentFailure: r.payment_failure,
    })),
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
