import { z } from "zod";
import { isUuid } from "#app/domain/ids";
import { transitionIfAllowed } from "./order-lifecycle.server";
import { findOrderByPaymentReference, getOrder } from "./orders.server";
import { recordProviderRefund } from "./refunds.server";
import type { Database } from "#database/schema";
import type { DeclineSubject } from "./card-testing.server";
import type { Kysely, Transaction } from "kysely";

type Db = Kysely<Database>;

const Id = z.string().min(1).max(255);

/** The parts of a signed event we read; anything else in it is ignored. */
const EventSchema = z.object({
  id: Id,
  type: z.string().min(1).max(100),
  livemode: z.boolean().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const PaymentIntentSchema = z.object({
  id: Id,
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z
    .object({
      code: z.string().max(100).nullish(),
      payment_method: z.object({ card: z.object({ fingerprint: z.string().max(255).nullish() }).nullish() }).nullish(),
    })
    .nullish(),
});

const RefundSchema = z.object({ id: Id, status: z.string().max(50).nullish() });

export type StripeEventOutcome =
  | { kind: "handled" }
  | { kind: "duplicate" }
  /** Signed by Stripe but not shaped like the event it names: nothing was changed. */
  | { kind: "malformed"; message: string }
  /** A failed payment on a real (live) card: the caller may count it against the buyer. */
  | { kind: "declined"; subject: DeclineSubject };

/**
 * Handles one verified Stripe event, once. The event is recorded as handled in the transaction
 * of the change it causes (or, when it causes none, right after handling): if handling fails,
 * nothing is recorded and Stripe's retry handles it again, instead of being answered
 * "duplicate" while the order it should have paid expires. Every change goes through the order
 * lifecycle, which refuses what already happened (a late failure after the success, a second
 * success), so handling an event twice changes nothing twice.
 */
export async function handleStripeEvent(
  db: Db,
  raw: unknown,
  ctx: { now: Date; shopEmail: string },
): Promise<StripeEventOutcome> {
  const parsed = EventSchema.safeParse(raw);
  if (!parsed.success) return { kind: "malformed", message: "The event is not a Stripe event." };
  const event = parsed.data;
  const seen = await db.selectFrom("payment_events").select("id").where("id", "=", event.id).executeTakeFirst();
  if (seen) return { kind: "duplicate" };

  const record = (trx: Db | Transaction<Database>, orderId: string | null) =>
    trx
      .insertInto("payment_events")
      .values({ id: event.id, type: event.type, order_id: orderId, created_at: ctx.now.toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();

  if (event.type === "payment_intent.succeeded" || event.type === "payment_intent.payment_failed") {
    const intent = PaymentIntentSchema.safeParse(event.data.object);
    if (!intent.success) return { kind: "malformed", message: "The event's PaymentIntent is not readable." };
    const { id, metadata, last_payment_error: failure } = intent.data;
    const byMetadata = metadata?.orderId;
    const order =
      (await findOrderByPaymentReference(db, id)) ?? (isUuid(byMetadata) ? await getOrder(db, byMetadata) : null);
    if (!order) {
      await record(db, null);
      return { kind: "handled" };
    }
    const transitionCtx = {
      now: ctx.now,
      actor: "stripe-webhook",
      shopEmail: ctx.shopEmail,
      alsoInTransaction: (trx: Transaction<Database>) => record(trx, order.id).then(() => undefined),
    };
    if (event.type === "payment_intent.succeeded") {
      await transitionIfAllowed(db, order, { type: "pay", reference: id }, transitionCtx);
      await record(db, order.id);
      return { kind: "handled" };
    }
    // An attempt on the pending order: a later success (a retry in the Payment Element) still pays it.
    const reason = failure?.code ?? "card-declined";
    const failed = await transitionIfAllowed(db, order, { type: "fail-attempt", reason, reference: id }, transitionCtx);
    await record(db, order.id);
    // Stripe's test cards (test mode) never count against anyone.
    if (!failed.changed || event.livemode !== true) return { kind: "handled" };
    const placedBy = await db.selectFrom("orders").select("client_key").where("id", "=", order.id).executeTakeFirst();
    return {
      kind: "declined",
      subject: {
        clientKey: placedBy?.client_key ?? null,
        userId: order.userId,
        cardFingerprint: failure?.payment_method?.card?.fingerprint ?? null,
      },
    };
  }
  if (event.type === "refund.updated" || event.type === "refund.failed" || event.type === "refund.created") {
    const refund = RefundSchema.safeParse(event.data.object);
    if (!refund.success) return { kind: "malformed", message: "The event's refund is not readable." };
    await recordProviderRefund(db, refund.data.id, refund.data.status ?? "", ctx.now);
  }
  await record(db, null);
  return { kind: "handled" };
}
