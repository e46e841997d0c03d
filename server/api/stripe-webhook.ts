import express, { Router } from "express";
import Stripe from "stripe";
import { declineKeys, recordDecline } from "#app/models/orders/card-testing.server";
import { handleStripeEvent } from "#app/models/orders/stripe-events.server";
import { ApiError } from "#server/errors";
import type { AppServices } from "#server/services";

/**
 * Stripe webhooks: the signature is checked on the raw body, then the event is handled by the
 * model (app/models/orders/stripe-events.server.ts), which records it as handled only with the change
 * it causes. A failure on our side answers 5xx (the error handler), so Stripe retries it; a
 * signed event we cannot read is a 400 and changes nothing.
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
    let event: unknown;
    try {
      event = stripe.webhooks.constructEvent(req.body, signature, secret);
    } catch (err) {
      // A valid signature over a body that is not JSON is malformed, not forged.
      const forged = err instanceof Stripe.errors.StripeSignatureVerificationError;
      throw forged
        ? new ApiError(400, "The Stripe signature does not match.", "invalid-signature")
        : new ApiError(400, "The event is not valid JSON.", "malformed-event");
    }
    const outcome = await handleStripeEvent(services.database.db, event, {
      now: services.clock(),
      shopEmail: services.config.shopEmail,
    });
    if (outcome.kind === "malformed") throw new ApiError(400, outcome.message, "malformed-event");
    // A real card declined: the buyer's next checkout waits a little (card testing stays slow).
    if (outcome.kind === "declined")
      await recordDecline(services.rateLimiter, declineKeys(services.secret, outcome.subject));
    res.json(outcome.kind === "duplicate" ? { received: true, duplicate: true } : { received: true });
  });
  return router;
}
