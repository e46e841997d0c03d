import crypto from "node:crypto";
import { salesDelta } from "#app/domain/item-sales";
import { formatCents } from "#app/domain/money";
import {
  decide,
  effectApplies,
  refundAmount,
  wholeEvent,
  type LifecycleMail,
  type LifecycleOrder,
  type OrderEventInput,
  type OrderEventType,
} from "#app/domain/order-lifecycle";
import { describePaymentFailure } from "#app/domain/payment-failures";
import { daySalesDelta, itemDaySalesDelta } from "#app/domain/sales-by-day";
import { applySalesDelta } from "#app/models/catalogue/item-sales.server";
import { countDelivery } from "#app/models/orders/deliveries-by-day.server";
import { applyDaySalesDelta, applyItemDaySalesDelta } from "#app/models/orders/sales-by-day.server";
import { enqueueMails, type OutgoingMail } from "#app/services/mail/outbox.server";
import { applyCustomerDelta } from "./customer-totals.server";
import { releaseCodeUse } from "./discount-codes.server";
import { getOrder, releaseOrderStock } from "./orders.server";
import { returnOrderCredit } from "./store-credit.server";
import type { OrderStatus } from "#app/domain/order-status";
import type { Order, OrderEvent } from "#app/domain/order-types";
import type { Database } from "#database/schema";
import type { Kysely, Transaction } from "kysely";

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The event may not happen to the order as it is (or the order changed meanwhile): HTTP 409. */
export class OrderTransitionError extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly event: OrderEventType,
    message: string,
  ) {
    super(message);
  }
}

export interface TransitionContext {
  now: Date;
  /** Who caused it: "checkout", "stripe-webhook", "worker", an administrator's email… */
  actor: string;
  /** The shop's address, for the new-order alert. */
  shopEmail: string;
  /** A history note instead of the rule's own summary. */
  note?: string;
  /** Runs in the same transaction once the order has changed (the checkout stores its answer there). */
  alsoInTransaction?: (trx: Trx, after: Order) => Promise<void>;
}

export interface RefundRequest {
  id: string;
  orderId: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface TransitionResult {
  order: Order;
  /** The refund this transition recorded as pending: settle it (settleRefund) once committed. */
  refund: RefundRequest | null;
}

function lifecycleView(order: Order): LifecycleOrder {
  return order;
}

/**
 * The one place an order's status changes. Checks the lifecycle's rule for the event, then in
 * one transaction: the status update, conditional on the order being as it was read (two
 * racing callers: one wins, the other gets OrderTransitionError and changes nothing), the
 * history row(s), and the rule's effects: stock, attempts, refund requests, mails. `order` may
 * be the caller's fresh copy (the checkout's hot path reads nothing back) or an id.
 */
export async function transition(
  db: Db,
  order: Order | string,
  asked: OrderEventInput,
  ctx: TransitionContext,
): Promise<TransitionResult> {
  const before = typeof order === "string" ? await getOrder(db, order) : order;
  if (!before) throw new OrderTransitionError("pending_payment", asked.type, "No such order.");
  const event = wholeEvent(lifecycleView(before), asked);
  const decision = decide(lifecycleView(before), event, ctx.now);
  if (!decision.ok) throw new OrderTransitionError(before.status, event.type, decision.reason);
  const { rule } = decision;
  const effects = rule.effects.filter((e) => effectApplies(e, before));
  const has = (kind: string) => effects.some((e) => e.kind === kind);
  const now = ctx.now.toISOString();

  // The order as it will be, built from what is written (nothing is read back).
  const after: Order = { ...before, status: decision.to, updatedAt: now, events: [...before.events] };
  const refundCents = has("request-refund") ? refundAmount(before, event) : 0;
  const history: OrderEvent[] = [
    {
      fromStatus: before.status,
      toStatus: decision.to,
      // The refund's one line in the history, with its amount (its settling is on the refund's row).
      note:
        ctx.note && refundCents > 0
          ? `${ctx.note}; refunded ${formatCents(refundCents)}`
          : (ctx.note ?? noteFor(event, rule.summary, refundCents)),
      actor: ctx.actor,
      createdAt: now,
    },
  ];
  const set: Record<string, unknown> = { status: decision.to, updated_at: now };
  if (has("record-payment") && event.type === "pay") {
    Object.assign(after, { paidAt: now, paymentReference: event.reference, paymentFailure: null, reservedUntil: null });
    Object.assign(set, {
      paid_at: now,
      payment_reference: event.reference,
      payment_failure: null,
      reserved_until: null,
    });
  }
  if (has("deliver-digital")) {
    after.status = "delivered";
    set.status = "delivered";
    history.push({
      fromStatus: decision.to,
      toStatus: "delivered",
      note: "Digital item delivered",
      actor: "system",
      createdAt: now,
    });
  }
  if (has("record-attempt") && (event.type === "decline" || event.type === "fail-attempt")) {
    after.paymentFailure = event.reason;
    set.payment_failure = event.reason;
    if (event.reference && !before.paymentReference) {
      after.paymentReference = event.reference;
      set.payment_reference = event.reference;
    }
  }
  if (has("record-shipment") && event.type === "ship") {
    Object.assign(after, { carrier: event.carrier, trackingNumber: event.trackingNumber, shippedAt: now });
    Object.assign(set, { carrier: event.carrier, tracking_number: event.trackingNumber, shipped_at: now });
  }
  const releases =
    (has("release-stock") && before.status === "pending_payment" && before.stockHeld) ||
    (has("restock") && before.status === "paid");
  if (releases) {
    after.stockHeld = false;
    set.stock_held = 0;
  }
  // A pending order that ends unpaid holds nothing any more; a declined one keeps its window
  // and becomes an abandoned checkout when it ends.
  if (before.status === "pending_payment" && decision.to !== "pending_payment") {
    after.reservedUntil = null;
    set.reserved_until = null;
  }
  let refund: RefundRequest | null = null;
  if (has("request-refund")) {
    const amount = refundCents;
    if (amount > 0) {
      const id = crypto.randomUUID();
      refund = { id, orderId: before.id, amountCents: amount, idempotencyKey: `refund:${before.id}:${id}` };
      after.refundedCents = before.refundedCents + amount;
      set.refunded_cents = after.refundedCents;
    }
  }
  after.events.push(...history);
  const mails = effects.flatMap((e) => (e.kind === "mail" ? [queuedMail(e.mail, after, ctx.shopEmail, refund)] : []));

  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("orders")
      .set(set)
      .where("id", "=", before.id)
      .where("status", "=", before.status)
      .where("refunded_cents", "=", before.refundedCents)
      .where("stock_held", "=", before.stockHeld ? 1 : 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1)
      throw new OrderTransitionError(before.status, event.type, "The order changed meanwhile; reload and try again.");
    await trx
      .insertInto("order_events")
      .values(
        history.map((e) => ({
          order_id: before.id,
          from_status: e.fromStatus,
          to_status: e.toStatus,
          note: e.note,
          actor: e.actor,
          created_at: now,
        })),
      )
      .execute();
    // Running totals (units sold per item; units and net cents per item and day of payment;
    // revenue, orders and units per day of payment) move with the status, the payment and the
    // refunded amount, in this same transaction, always item rows first, then item-day rows,
    // then day rows, then the customer's row, so two transitions never wait on each other
    // crosswise.
    const sold = salesDelta(before, after);
    if (sold.size > 0) await applySalesDelta(trx, sold);
    await applyItemDaySalesDelta(trx, itemDaySalesDelta(before, after));
    const days = daySalesDelta(before, after);
    if (days.size > 0) await applyDaySalesDelta(trx, days);
    // So do the customer's totals (orders bought, spent, last order), and the deliveries per day
    // behind the dead-on-arrival rate.
    await applyCustomerDelta(trx, before, after);
    if (before.status !== "delivered" && after.status === "delivered" && before.requiresShipping)
      await countDelivery(trx, before.id, ctx.now);
    // A discount code's use goes back with the stock (decision 043); the code's row before the products'.
    if (releases && before.discountCode) await releaseCodeUse(trx, before.id, ctx.now);
    if (releases)
      await releaseOrderStock(trx, before, `order-${decision.to === before.status ? "declined" : decision.to}`, now);
    if (has("record-attempt") && (event.type === "decline" || event.type === "fail-attempt"))
      await trx
        .insertInto("payment_attempts")
        .values({
          order_id: before.id,
          outcome: event.type === "decline" ? "declined" : "failed",
          reason: event.reason,
          reference: event.reference ?? null,
          actor: ctx.actor,
          created_at: now,
        })
        .execute();
    if (refund)
      await trx
        .insertInto("refunds")
        .values({
          id: refund.id,
          order_id: before.id,
          amount_cents: refund.amountCents,
          refunded_total_cents: after.refundedCents,
          status: "pending",
          reason: "reason" in event ? (event.reason ?? null) : null,
          idempotency_key: refund.idempotencyKey,
          provider_refund_id: null,
          attempts: 0,
          last_error: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    // Store credit spent on an order that ends without being kept goes back to its balance (decision 034).
    if (before.storeCreditCents > 0 && CREDIT_RETURNED.has(after.status) && after.status !== before.status)
      await returnOrderCredit(trx, before.id, ctx.now);
    await enqueueMails(trx, mails, ctx.now);
    await ctx.alsoInTransaction?.(trx, after);
  });
  return { order: after, refund };
}

/** The statuses in which an order gives back the store credit it spent. */
const CREDIT_RETURNED: ReadonlySet<OrderStatus> = new Set(["cancelled", "expired", "refunded"]);

function noteFor(event: OrderEventInput, summary: string, refundCents: number): string {
  switch (event.type) {
    case "pay":
      return `Payment ${event.reference}`;
    case "decline":
      return `Payment attempt declined: ${describePaymentFailure(event.reason)}`;
    case "fail-attempt":
      return `Payment attempt failed: ${describePaymentFailure(event.reason)}`;
    case "ship":
      return `${event.carrier} ${event.trackingNumber}`;
    case "cancel":
      if (refundCents > 0)
        return `Refunded ${formatCents(refundCents)}${event.reason ? `; cancelled: ${event.reason}` : ""}`;
      return event.reason ? `Cancelled: ${event.reason}` : "Cancelled";
    case "refund":
      return `Refunded ${formatCents(refundCents)} in full${event.reason ? `: ${event.reason}` : ""}`;
    case "partial-refund":
      return `Refunded ${formatCents(event.amountCents)}${event.reason ? `: ${event.reason}` : ""}`;
    default:
      return summary.charAt(0).toUpperCase() + summary.slice(1);
  }
}

/**
 * A mail queued without content (the worker renders it from the order when it sends it, see
 * renderQueuedMail): rendering templates inside the transaction would hold its locks longer. The
 * dedupe key makes it once per order, or once per refund.
 */
function queuedMail(kind: LifecycleMail, order: Order, shopEmail: string, refund: RefundRequest | null): OutgoingMail {
  const dedupeKey = kind === "order-refunded" && refund ? `order-refunded:${refund.id}` : `${kind}:${order.id}`;
  return {
    kind,
    to: kind === "new-order-alert" ? shopEmail : order.email,
    dedupeKey,
    orderId: order.id,
    subject: "",
    html: "",
    text: "",
  };
}

/**
 * Carries out an event that may already have happened (a webhook delivered twice, a 3-D Secure
 * page submitted again, a retry racing the first attempt): refused ones change nothing and
 * answer the order as it is now.
 */
export async function transitionIfAllowed(
  db: Db,
  order: Order | string,
  event: OrderEventInput,
  ctx: TransitionContext,
): Promise<{ changed: boolean; order: Order | null; refund: RefundRequest | null }> {
  try {
    const done = await transition(db, order, event, ctx);
    return { changed: true, ...done };
  } catch (err) {
    if (!(err instanceof OrderTransitionError)) throw err;
    return { changed: false, order: await getOrder(db, typeof order === "string" ? order : order.id), refund: null };
  }
}

/** Expires unpaid orders whose reservation window has passed (abandoned checkouts); returns how many. */
export async function expireDueOrders(db: Db, now: Date, shopEmail = ""): Promise<number> {
  const due = await db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "pending_payment")
    .where("reserved_until", "<=", now.toISOString())
    .limit(200)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    const { changed } = await transitionIfAllowed(
      db,
      id,
      { type: "expire" },
      {
        now,
        actor: "worker",
        shopEmail,
        note: "Not paid within the reservation window: abandoned checkout",
      },
    );
    if (changed) expired++;
  }
  return expired;
}
