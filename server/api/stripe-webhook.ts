import express, { Router } from "express";
import { transitionIfAllowed } from "~/models/order-lifecycle.server";
import { findOrderByPaymentReference, getOrder } from "~/models/orders.server";
import { recordProviderRefund } from "~/models/refunds.server";
import { ApiError } from "../errors";
import type { AppServices } from "../services";
import type Stripe from "stripe";

/**
 * Stripe webhooks: the signature is checked on the raw body; each event id is handled once
 * (Stripe retries and may deliver out of order), and only a verified
 * `payment_intent.succeeded` makes an order paid. Every change goes through the order
 * lifecycle, which refuses what already happened: a late failure after the success, a second
 * success, change nothing. Refund outcomes settle the refunds the shop asked for.
 */
export function stripeWebhookRoutes(services: AppServices): Router {
  const router = Router();
  router.post("/webhooks/stripe", express.raw({ type: "*/*", limit: "1mb" }), async (req, res) => {
    const stripe = services.stripe;
    const secret = services.config.payments.stripeWebhookSecret;
    if (!stripe || !secret) throw new ApiError(404, "Stripe is not enabled on this shop.");
    const signature = req.get("Stripe-Signature");
    if (!signature || !Buffer.isBuffer(req.body))
      throw new ApiError(400, "Missing Stripe signature.", "invalid-signature");
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(req.body, signature, secret);
    } catch {
      throw new ApiError(400, "The Stripe signature does not match.", "invalid-signature");
    }

    const { db } = services.database;
    const now = services.clock();
    const first = await db
      .insertInto("payment_events")
      .values({ id: event.id, type: event.type, order_id: null, created_at: now.toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(first.numInsertedOrUpdatedRows ?? 0) === 0) return void res.json({ received: true, duplicate: true });

    if (event.type === "payment_intent.succeeded" || event.type === "payment_intent.payment_failed") {
      const intent = event.data.object;
      const order =
        (await findOrderByPaymentReference(db, intent.id)) ??
        (intent.metadata?.orderId ? await getOrder(db, intent.metadata.orderId) : null);
      if (order) {
        await db.updateTable("payment_events").set({ order_id: order.id }).where("id", "=", event.id).execute();
        const ctx = { now, actor: "stripe-webhook", shopEmail: services.config.shopEmail };
        if (event.type === "payment_intent.succeeded") {
          await transitionIfAllowed(db, order, { type: "pay", reference: intent.id }, ctx);
        } else {
          // An attempt on the pending order: a later success (a retry in the Payment Element) still pays it.
          const reason = intent.last_payment_error?.code ?? "card-declined";
          await transitionIfAllowed(db, order, { type: "fail-attempt", reason, reference: intent.id }, ctx);
        }
      }
    } else if (event.type === "refund.updated" || event.type === "refund.failed" || event.type === "refund.created") {
      const refund = event.data.object;
      await recordProviderRefund(db, refund.id, refund.status ?? "", now);
    }
    res.json({ received: true });
  });
  return router;
}
