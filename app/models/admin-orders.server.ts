import { z } from "zod";
import { canTransition, ORDER_STATUSES, type OrderStatus } from "~/domain/order-status";
import { renderOrderShipped } from "~/services/mail/order-emails";
import { enqueueMail } from "~/services/mail/outbox.server";
import { toIso } from "./db-values";
import { orderUrl } from "./order-mails.server";
import { closeOrder, getOrder, OrderTransitionError } from "./orders.server";
import type { Database } from "../../database/schema";
import type { AppServices } from "../../server/services";
import type { Order } from "./order-types";
import type { Kysely } from "kysely";

// ---- listing -----------------------------------------------------------------------------

export const OrderFiltersSchema = z.object({
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
}

export async function listOrders(
  db: Kysely<Database>,
  filters: OrderFilters,
): Promise<{ orders: OrderListRow[]; total: number; page: number; pages: number }> {
  let query = db.selectFrom("orders");
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
    .select(["id", "number", "status", "email", "customer_name", "total_cents", "source", "created_at"])
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
    })),
  };
}

export async function listOrderNotes(db: Kysely<Database>, orderId: string) {
  const rows = await db.selectFrom("order_notes").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
  return rows.map((r) => ({ id: r.id, author: r.author, body: r.body, createdAt: toIso(r.created_at)! }));
}

// ---- actions -----------------------------------------------------------------------------

export const OrderActionSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("ship"),
    carrier: z.string().trim().min(2).max(60),
    trackingNumber: z.string().trim().min(4).max(60),
  }),
  z.object({ action: z.literal("deliver") }),
  z.object({ action: z.literal("cancel"), reason: z.string().trim().max(300).optional() }),
  z.object({ action: z.literal("refund"), reason: z.string().trim().max(300).optional() }),
  z.object({ action: z.literal("note"), body: z.string().trim().min(1).max(2000) }),
]);
export type OrderAction = z.infer<typeof OrderActionSchema>;

export class ActionRefused extends Error {}

/** The actions the back office offers for an order in its current state (only legal transitions). */
export function availableActions(order: Pick<Order, "status" | "requiresShipping">): Array<OrderAction["action"]> {
  const actions: Array<OrderAction["action"]> = [];
  if (canTransition(order.status, "shipped") && order.requiresShipping) actions.push("ship");
  if (canTransition(order.status, "delivered") && (order.status === "shipped" || !order.requiresShipping))
    actions.push("deliver");
  if (canTransition(order.status, "cancelled")) actions.push("cancel");
  if (canTransition(order.status, "refunded") && order.status !== "paid") actions.push("refund");
  actions.push("note");
  return actions;
}

async function transition(
  db: Kysely<Database>,
  order: Order,
  to: OrderStatus,
  set: Record<string, unknown>,
  note: string,
  actor: string,
  now: Date,
) {
  if (!canTransition(order.status, to)) throw new OrderTransitionError(order.status, to);
  const iso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("orders")
      .set({ ...set, status: to, updated_at: iso })
      .where("id", "=", order.id)
      .where("status", "=", order.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1)
      throw new ActionRefused("The order changed meanwhile; reload and try again.");
    await trx
      .insertInto("order_events")
      .values({ order_id: order.id, from_status: order.status, to_status: to, note, actor, created_at: iso })
      .execute();
    return trx;
  });
}

/**
 * Carries out one back-office action. Shipping emails the customer (once); cancelling gives the
 * stock back and refunds a paid order through the provider; a refund after shipping keeps stock as is.
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
  if (action.action !== "note" && !availableActions(order).includes(action.action))
    throw new OrderTransitionError(
      order.status,
      action.action === "ship"
        ? "shipped"
        : action.action === "deliver"
          ? "delivered"
          : action.action === "cancel"
            ? "cancelled"
            : "refunded",
    );

  switch (action.action) {
    case "note":
      await db
        .insertInto("order_notes")
        .values({ order_id: order.id, author: actor, body: action.body, created_at: now.toISOString() })
        .execute();
      break;
    case "ship": {
      const shipped = {
        ...order,
        status: "shipped" as const,
        carrier: action.carrier,
        trackingNumber: action.trackingNumber,
      };
      const mail = await renderOrderShipped(
        shipped,
        {
          shopName: services.config.shopName,
          publicUrl: services.config.publicUrl,
          shopEmail: services.config.shopEmail,
        },
        orderUrl(services.config, services.secret, order.id),
      );
      const iso = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("orders")
          .set({
            status: "shipped",
            carrier: action.carrier,
            tracking_number: action.trackingNumber,
            shipped_at: iso,
            updated_at: iso,
          })
          .where("id", "=", order.id)
          .where("status", "=", "paid")
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1)
          throw new ActionRefused("The order changed meanwhile; reload and try again.");
        await trx
          .insertInto("order_events")
          .values({
            order_id: order.id,
            from_status: "paid",
            to_status: "shipped",
            note: `${action.carrier} ${action.trackingNumber}`,
            actor,
            created_at: iso,
          })
          .execute();
        await enqueueMail(
          trx,
          {
            kind: "order-shipped",
            to: order.email,
            dedupeKey: `order-shipped:${order.id}`,
            orderId: order.id,
            ...mail,
          },
          now,
        );
      });
      break;
    }
    case "deliver":
      await transition(db, order, "delivered", {}, "Marked delivered", actor, now);
      break;
    case "cancel": {
      if (order.status === "paid" && order.paymentReference) {
        await services.payments.refund({
          reference: order.paymentReference,
          amountCents: order.totalCents,
          idempotencyKey: `cancel:${order.id}`,
        });
        await db.updateTable("orders").set({ refunded_cents: order.totalCents }).where("id", "=", order.id).execute();
      }
      await closeOrder(db, order.id, "cancelled", {
        now,
        actor,
        note: action.reason
          ? `Cancelled: ${action.reason}`
          : order.status === "paid"
            ? "Cancelled and refunded"
            : "Cancelled",
      });
      break;
    }
    case "refund": {
      if (order.paymentReference && !order.paymentReference.startsWith("external:")) {
        await services.payments.refund({
          reference: order.paymentReference,
          amountCents: order.totalCents - order.refundedCents,
          idempotencyKey: `refund:${order.id}`,
        });
      }
      await transition(
        db,
        order,
        "refunded",
        { refunded_cents: order.totalCents },
        action.reason ? `Refunded: ${action.reason}` : "Refunded in full",
        actor,
        now,
      );
      break;
    }
  }
  return (await getOrder(db, order.id))!;
}
