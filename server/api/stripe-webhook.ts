import express, { Router } from "express";
import { paidOrderMails } from "~/models/order-mails.server";
import { findOrderByPaymentReference, getOrder, markOrderPaid, recordPaymentFailure } from "~/models/orders.server";
import { ApiError } from "../errors";
import type { AppServices } from "../services";
import type Stripe from "stripe";

/**
 * Stripe webhooks: the signature is checked on the raw body; each event id is handled once
 * (Stripe retries and may deliver out of order), and only a verified
 * `payment_intent.succeeded` makes an order paid.
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
        if (event.type === "payment_intent.succeeded") {
          await markOrderPaid(db, order.id, {
            reference: intent.id,
            now,
            actor: "stripe-webhook",
            mails: (o) => paidOrderMails(o, services.config),
          });
        } else if (order.status === "pending_payment") {
          // A later success (a retry in the Payment Element) still pays the order; failure only records why.
          await recordPaymentFailure(db, order.id, intent.last_payment_error?.code ?? "card-declined", now);
        }
      }
    }
    res.json({ received: true });
  });
  return router;
}
