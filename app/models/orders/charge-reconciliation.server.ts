import { paymentIdempotencyKey } from "#app/domain/checkout";
import { orderConfirmationPath } from "#app/domain/order-links";
import { finishIdempotent } from "#app/services/idempotency.server";
import { orderJson } from "./order-json";
import { transitionIfAllowed } from "./order-lifecycle.server";
import { getOrder, orderToken } from "./orders.server";
import type { AppServices } from "#app/services/container";

const CHECKOUT_PREFIX = "checkout:";

/**
 * The worker's reconciliation of checkouts that died between the charge and "paid": a pending
 * order whose checkout claim is still pending after its lease ran out (its process is gone) is
 * looked up at the provider under the order's payment key. A charge that succeeded pays the
 * order (its confirmation is queued once, as always) and stores the checkout's answer, so the
 * buyer's retry gets a replay instead of a second charge; a declined one is recorded as the
 * attempt it was. A charge the provider never saw is left alone: the buyer's retry continues the
 * order, or its window ends and it becomes an abandoned checkout. Stripe needs none of this: its
 * webhook reports the payment whatever became of our process.
 */
export async function reconcileCharges(services: AppServices, now: Date): Promise<number> {
  const lookup = services.payments.lookup?.bind(services.payments);
  if (!lookup) return 0;
  const { db } = services.database;
  const stranded = await db
    .selectFrom("orders")
    .innerJoin("idempotency_keys", "idempotency_keys.key", "orders.idempotency_key")
    .select(["orders.id", "orders.idempotency_key", "idempotency_keys.claim_token"])
    .where("orders.status", "=", "pending_payment")
    .where("orders.stock_held", "=", 1)
    .where("orders.payment_provider", "=", services.payments.name)
    .where("idempotency_keys.state", "=", "pending")
    .where("idempotency_keys.lease_until", "<", now.toISOString())
    .limit(50)
    .execute();
  let reconciled = 0;
  for (const row of stranded) {
    const scopedKey = row.idempotency_key!;
    if (!scopedKey.startsWith(CHECKOUT_PREFIX) || !row.claim_token) continue;
    const result = await lookup(paymentIdempotencyKey(scopedKey.slice(CHECKOUT_PREFIX.length), row.id));
    if (!result || (result.status !== "succeeded" && result.status !== "declined")) continue;
    const order = await getOrder(db, row.id);
    if (!order) continue;
    const url = orderConfirmationPath(order.id, orderToken(services.secret, order.id));
    const ctx = { now, actor: "worker", shopEmail: services.config.shopEmail };
    const claim = row.claim_token;
    if (result.status === "succeeded") {
      const paid = await transitionIfAllowed(
        db,
        order,
        { type: "pay", reference: result.reference },
        {
          ...ctx,
          note: `Payment ${result.reference} (recovered by the worker after the checkout died)`,
          alsoInTransaction: async (trx, after) => {
            await finishIdempotent(trx, scopedKey, claim, 201, { order: orderJson(after), orderUrl: url });
          },
        },
      );
      if (paid.changed) reconciled++;
    } else {
      const declined = await transitionIfAllowed(
        db,
        order,
        { type: "decline", reason: result.reason, reference: result.reference ?? null },
        {
          ...ctx,
          alsoInTransaction: async (trx) => {
            const body = { error: { code: "payment-failed", message: result.message, reason: result.reason } };
            await finishIdempotent(trx, scopedKey, claim, 402, body);
          },
        },
      );
      if (declined.changed) reconciled++;
    }
  }
  return reconciled;
}

/** How long a pending order whose payment the provider is still settling (or could not be asked about) waits. */
const SETTLING_GRACE_MS = 5 * 60_000;

/**
 * Runs before the worker expires unpaid orders: each due order with a payment at a provider that
 * settles later (Stripe's PaymentIntent) is looked up there first. A payment that succeeded pays
 * the order (its webhook was lost or has not come yet); one still open is closed at the provider
 * before the order may expire, so the customer can never be charged for stock given back; one
 * being processed, or a provider that cannot be asked, keeps the order a few minutes more.
 */
export async function settleBeforeExpiry(services: AppServices, now: Date): Promise<number> {
  const close = services.payments.closeBeforeExpiry?.bind(services.payments);
  if (!close) return 0;
  const { db } = services.database;
  const due = await db
    .selectFrom("orders")
    .select(["id", "payment_reference"])
    .where("status", "=", "pending_payment")
    .where("payment_provider", "=", services.payments.name)
    .where("payment_reference", "is not", null)
    .where("reserved_until", "<=", now.toISOString())
    .limit(50)
    .execute();
  let paid = 0;
  for (const row of due) {
    let state: "succeeded" | "processing" | "closed" | "unreachable";
    try {
      state = await close(row.payment_reference!);
    } catch (err) {
      services.logger.warn({ err, orderId: row.id }, "could not look up a pending order's payment; expiry postponed");
      state = "unreachable";
    }
    if (state === "closed") continue;
    if (state === "succeeded") {
      const result = await transitionIfAllowed(
        db,
        row.id,
        { type: "pay", reference: row.payment_reference! },
        {
          now,
          actor: "worker",
          shopEmail: services.config.shopEmail,
          note: `Payment ${row.payment_reference} (found by the worker before the order expired)`,
        },
      );
      if (result.changed) paid++;
      continue;
    }
    await db
      .updateTable("orders")
      .set({ reserved_until: new Date(now.getTime() + SETTLING_GRACE_MS).toISOString() })
      .where("id", "=", row.id)
      .where("status", "=", "pending_payment")
      .execute();
  }
  return paid;
}
