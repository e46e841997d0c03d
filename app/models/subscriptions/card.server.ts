/**
 * "Pay or update your card" for a subscription (issue 38): a new card is kept at the provider
 * (the test provider checks one of its test cards here; Stripe takes it in the buyer's browser
 * through a SetupIntent, and the shop reads back what Stripe kept), and a renewal waiting for
 * its money is charged with it at once. Only the provider's ids and a label are stored.
 */
import { SUBSCRIPTION_CARD_LIMIT } from "#app/services/rate-limit.server";
import { chargeWaitingRenewal } from "./renewals.server";
import type { AppServices } from "#app/services/container";
import type { SavedMethod } from "#app/services/payments/provider";

type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export type NewCardOutcome =
  | { kind: "saved"; paidOrder: { id: string; number: string } | null; card: string }
  | { kind: "refused"; reason: string; message: string }
  | { kind: "not-found" }
  | { kind: "unavailable" }
  /** Too many cards tried on this subscription in a short time (card testing). */
  | { kind: "too-many"; retryAfterSeconds: number };

export type CardSetupOutcome =
  | { kind: "setup"; clientSecret: string }
  | Exclude<NewCardOutcome, { kind: "saved" }>
  /** The setup has not succeeded (yet): the buyer may try again. */
  | { kind: "open" };

/** What the buyer reads when SUBSCRIPTION_CARD_LIMIT stops them. */
export const tooManyCardsMessage = (retryAfterSeconds: number) =>
  `Several cards were tried on this subscription just now. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes, then try again.`;

type Refusal = Exclude<NewCardOutcome, { kind: "saved" }>;

/** The subscription a new card is for, unless it is missing, cancelled or trying too many cards. */
async function subscriptionTaking(services: AppServices, id: string, count: boolean) {
  const sub = await services.database.db
    .selectFrom("subscriptions")
    .select(["id", "email", "status", "customer_ref"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!sub) return { kind: "not-found" } as const satisfies Refusal;
  if (sub.status === "cancelled")
    return { kind: "refused", reason: "cancelled", message: "This subscription was cancelled." } as const;
  if (count) {
    const hit = await services.rateLimiter.hit(`subscription-card:${id}`, SUBSCRIPTION_CARD_LIMIT);
    if (!hit.allowed) return { kind: "too-many", retryAfterSeconds: hit.retryAfterSeconds } as const;
  }
  return { kind: "subscription", sub } as const;
}

/** Keeps `method` for the subscription, then pays a renewal waiting for its money with it. */
async function keepMethod(services: AppServices, id: string, method: SavedMethod): Promise<NewCardOutcome> {
  await services.database.db
    .updateTable("subscriptions")
    .set({
      customer_ref: method.customer,
      payment_method_ref: method.paymentMethod,
      card_label: method.label,
      updated_at: services.clock().toISOString(),
    })
    .where("id", "=", id)
    .execute();
  const waiting = await chargeWaitingRenewal(services, id, method);
  if (waiting.kind === "declined") return { kind: "refused", reason: waiting.reason, message: waiting.message };
  return { kind: "saved", paidOrder: waiting.kind === "paid" ? waiting.order : null, card: method.label };
}

/** A card typed into the shop's own form (the test provider). */
export async function useNewCard(services: AppServices, id: string, card: CardInput): Promise<NewCardOutcome> {
  const found = await subscriptionTaking(services, id, true);
  if (found.kind !== "subscription") return found;
  if (!services.payments.saveCard) return { kind: "unavailable" };
  let kept;
  try {
    kept = await services.payments.saveCard({ email: found.sub.email, card, customer: found.sub.customer_ref });
  } catch {
    return { kind: "unavailable" };
  }
  if (!kept.ok) return { kind: "refused", reason: kept.reason, message: kept.message };
  return keepMethod(services, id, kept.method);
}

/** Opens a card setup the buyer's browser confirms with the provider (Stripe's Payment Element). */
export async function startCardSetup(services: AppServices, id: string): Promise<CardSetupOutcome> {
  const found = await subscriptionTaking(services, id, true);
  if (found.kind !== "subscription") return found;
  if (!services.payments.startCardSetup) return { kind: "unavailable" };
  try {
    const { clientSecret } = await services.payments.startCardSetup({
      email: found.sub.email,
      customer: found.sub.customer_ref,
      subscriptionId: id,
    });
    return { kind: "setup", clientSecret };
  } catch {
    return { kind: "unavailable" };
  }
}

/**
 * The browser came back from the provider with its setup's id: the card it kept becomes the
 * subscription's. A setup made for another subscription is refused as missing: the id comes
 * from the browser.
 */
export async function finishCardSetup(
  services: AppServices,
  id: string,
  setupId: string,
): Promise<NewCardOutcome | { kind: "open" }> {
  const found = await subscriptionTaking(services, id, false);
  if (found.kind !== "subscription") return found;
  if (!services.payments.cardSetupResult) return { kind: "unavailable" };
  let result;
  try {
    result = await services.payments.cardSetupResult(setupId);
  } catch {
    return { kind: "unavailable" };
  }
  if (result.subscriptionId !== id) return { kind: "not-found" };
  if (result.status !== "succeeded")
    return result.status === "open"
      ? { kind: "open" }
      : { kind: "refused", reason: "card-declined", message: "The card could not be kept. Please try another." };
  return keepMethod(services, id, result.method);
}
