import { z } from "zod";
import { CardSchema } from "#app/domain/checkout";
import { fieldErrorsOf, formDataObject, wholeNumber } from "#app/domain/forms";
import { MAX_SUBSCRIBED_QUANTITY } from "#app/domain/subscriptions";

/**
 * The forms of a subscription's panel (issue 38), posted as plain HTML to `/account/subscriptions`
 * (signed in) or to the signed page `/subscriptions/:id?sig=…` from a mail. One `intent` a form.
 */
export const SUBSCRIPTION_INTENTS = [
  "skip",
  "pause",
  "resume",
  "cancel",
  "date",
  "quantity",
  "card",
  // Stripe: opens a SetupIntent the Payment Element confirms in the browser.
  "card-setup",
] as const;
export type SubscriptionIntent = (typeof SUBSCRIPTION_INTENTS)[number];

export const SubscriptionFormSchema = z.object({
  intent: z.enum(SUBSCRIPTION_INTENTS, "Choose what to change."),
  /** The subscription (the account page lists several; the signed page takes it from its URL). */
  id: z.string("Choose a subscription.").max(100).optional(),
  /** The period the page showed: a skip posted twice (a double tap) skips once. */
  period: wholeNumber(1, 100_000).optional(),
});

export const ChargeDateSchema = z.object({
  date: z.string("Choose a date.").max(20, "Choose a date like 2026-12-07."),
});

/** The name of the quantity input of one line: `quantity.<productId>`. */
export const quantityField = (productId: string) => `quantity.${productId}`;

type Parsed<T> = { ok: true; data: T } | { ok: false; fieldErrors: Record<string, string> };

/** Every `quantity.<productId>` of the post, each 1–10. */
export function parseQuantities(form: FormData): Parsed<Record<string, number>> {
  const quantity = wholeNumber(1, MAX_SUBSCRIBED_QUANTITY);
  const quantities: Record<string, number> = {};
  const fieldErrors: Record<string, string> = {};
  for (const [key, value] of Object.entries(formDataObject(form))) {
    if (!key.startsWith("quantity.") || key.length > 120) continue;
    const parsed = quantity.safeParse(typeof value === "string" ? value : "");
    if (parsed.success) quantities[key.slice("quantity.".length)] = parsed.data;
    else fieldErrors[key] = `Choose 1 to ${MAX_SUBSCRIBED_QUANTITY}.`;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  if (Object.keys(quantities).length === 0) return { ok: false, fieldErrors: { form: "Choose how many of each." } };
  return { ok: true, data: quantities };
}

/** The card fields as the checkout's test-provider form names them: cardNumber, expiry (MM/YY), cvc. */
export function parseCard(form: FormData): Parsed<z.output<typeof CardSchema>> {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const expiry = get("expiry")
    .replace(/\s/g, "")
    .match(/^(\d{1,2})\/?(\d{2}|\d{4})$/);
  const parsed = CardSchema.safeParse({
    number: get("cardNumber"),
    expMonth: expiry ? expiry[1] : "x",
    expYear: expiry ? expiry[2] : "x",
    cvc: get("cvc"),
  });
  const fieldErrors: Record<string, string> = {};
  if (!expiry) fieldErrors.expiry = "Enter the expiry as MM/YY.";
  if (!parsed.success) {
    const found = fieldErrorsOf(parsed.error);
    if (found.number) fieldErrors.cardNumber = found.number;
    const expiryError = found.expMonth ?? found.expYear;
    if (expiryError) fieldErrors.expiry ??= expiryError;
    if (found.cvc) fieldErrors.cvc = found.cvc;
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, data: parsed.data };
}

/** The field of the card form a provider's refusal is about (`cardFieldForRefusal`'s names here). */
export const CARD_FIELD_NAMES = { "card.number": "cardNumber", "card.expiry": "expiry", "card.cvc": "cvc" } as const;
