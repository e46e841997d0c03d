import { paymentIdempotencyKey } from "~/domain/checkout";
import { finishIdempotent } from "./idempotency.server";
import { orderJson } from "./order-json";
import { transitionIfAllowed } from "./order-lifecycle.server";
import { getOrder, orderToken } from "./orders.server";
import type { AppServices } from "../../server/services";

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
    const url = `/order-confirmation?order=${order.id}&token=${orderToken(services.secret, order.id)}`;
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
