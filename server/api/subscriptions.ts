import { fromNodeHeaders } from "better-auth/node";
import { Router, type Request } from "express";
import { z } from "zod";
import { CardSchema } from "#app/domain/checkout";
import { centsToDollars } from "#app/domain/money";
import { MAX_SUBSCRIBED_QUANTITY, SubscriptionActionSchema } from "#app/domain/subscriptions";
import { getUser } from "#app/models/accounts/session.server";
import { tooManyCardsMessage, useNewCard } from "#app/models/subscriptions/card.server";
import {
  changeChargeDate,
  changeQuantities,
  changeSubscription,
  listSubscriptionsOf,
  verifyManageLink,
  type ChangeOutcome,
  type Changer,
  type SubscriptionView,
} from "#app/models/subscriptions/subscriptions.server";
import { ApiError } from "#server/errors";
import { parseBody } from "#server/validate";
import type { AppServices } from "#server/services";

const NOT_FOUND = "No such subscription.";

/** A subscription as the HTTP contract shows it: money in decimal dollars. */
export function subscriptionJson(view: SubscriptionView) {
  return {
    id: view.id,
    status: view.status,
    everyWeeks: view.everyWeeks,
    nextChargeOn: view.nextChargeOn,
    card: view.card,
    pauseReason: view.pauseReason,
    lines: view.lines.map((l) => ({
      productId: l.productId,
      title: l.title,
      quantity: l.quantity,
      unitPrice: centsToDollars(l.unitPriceCents),
      unitSaving: centsToDollars(l.unitSavingCents),
      available: l.available,
    })),
    total: centsToDollars(view.totalCents),
    saving: centsToDollars(view.savingCents),
    createdAt: view.createdAt,
  };
}

const SignatureSchema = z.object({ sig: z.string().max(100).optional() });
const DateSchema = SignatureSchema.extend({ date: z.string().max(20) });
const QuantitiesSchema = SignatureSchema.extend({
  quantities: z.record(z.string().max(100), z.number().int().min(1).max(MAX_SUBSCRIBED_QUANTITY)),
});
const CardBodySchema = SignatureSchema.extend({ card: CardSchema });

/**
 * A customer's subscriptions (issue 38). Signed in, they are the account's; a signed link from
 * a subscription's mails (`sig`) changes that one without signing in. Another customer's answers
 * 404 like a missing one; signed out and unsigned is 401.
 */
export function subscriptionRoutes(services: AppServices): Router {
  const router = Router();
  const { db } = services.database;

  async function changer(req: Request, id: string, sig: string | undefined): Promise<Changer> {
    if (sig) {
      if (!verifyManageLink(services.secret, id, sig)) throw new ApiError(404, NOT_FOUND);
      return { kind: "link" };
    }
    const user = await getUser(services, fromNodeHeaders(req.headers));
    if (!user) throw new ApiError(401, "Sign in to manage your subscriptions.", "unauthenticated");
    return { kind: "customer", userId: user.id };
  }

  function answer(outcome: ChangeOutcome) {
    switch (outcome.kind) {
      case "changed":
        return { subscription: subscriptionJson(outcome.subscription), changed: outcome.changed };
      case "not-found":
        throw new ApiError(404, NOT_FOUND);
      case "conflict":
        throw new ApiError(409, outcome.message, "conflict");
      case "refused":
        throw new ApiError(
          outcome.reason === "invalid-date" ||
            outcome.reason === "invalid-quantity" ||
            outcome.reason === "unknown-line"
            ? 400
            : 409,
          outcome.message,
          outcome.reason,
        );
    }
  }

  router.get("/subscriptions", async (req, res) => {
    const user = await getUser(services, fromNodeHeaders(req.headers));
    if (!user) throw new ApiError(401, "Sign in to see your subscriptions.", "unauthenticated");
    res.json({ subscriptions: (await listSubscriptionsOf(db, user.id)).map(subscriptionJson) });
  });

  router.post("/subscriptions/:id", async (req, res) => {
    const id = String(req.params.id);
    const { action, sig } = parseBody(SubscriptionActionSchema.extend(SignatureSchema.shape), req.body);
    res.json(answer(await changeSubscription(services, id, action, await changer(req, id, sig))));
  });

  router.post("/subscriptions/:id/date", async (req, res) => {
    const id = String(req.params.id);
    const { date, sig } = parseBody(DateSchema, req.body);
    res.json(answer(await changeChargeDate(services, id, date, await changer(req, id, sig))));
  });

  router.post("/subscriptions/:id/quantities", async (req, res) => {
    const id = String(req.params.id);
    const { quantities, sig } = parseBody(QuantitiesSchema, req.body);
    res.json(answer(await changeQuantities(services, id, quantities, await changer(req, id, sig))));
  });

  // "Pay or update your card": keeps the new card and charges a renewal waiting for it.
  router.post("/subscriptions/:id/card", async (req, res) => {
    const id = String(req.params.id);
    const { card, sig } = parseBody(CardBodySchema, req.body);
    const who = await changer(req, id, sig);
    if (who.kind === "customer") {
      const mine = (await listSubscriptionsOf(db, who.userId)).some((s) => s.id === id);
      if (!mine) throw new ApiError(404, NOT_FOUND);
    }
    const outcome = await useNewCard(services, id, card);
    switch (outcome.kind) {
      case "saved":
        return void res.json({ card: outcome.card, paidOrder: outcome.paidOrder });
      case "not-found":
        throw new ApiError(404, NOT_FOUND);
      case "unavailable":
        throw new ApiError(
          503,
          "We could not reach the payment service. Please try again in a minute.",
          "payment-provider-unavailable",
        );
      case "refused":
        throw new ApiError(outcome.reason === "cancelled" ? 409 : 402, outcome.message, outcome.reason);
      case "too-many":
        throw new ApiError(429, tooManyCardsMessage(outcome.retryAfterSeconds), "too-many-requests");
    }
  });

  return router;
}
