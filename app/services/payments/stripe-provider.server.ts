import Stripe from "stripe";
import type { ChargeInput, ChargeResult, PaymentProvider } from "./provider";

export interface StripeSettings {
  secretKey: string;
  /** Test stand-in for Stripe's API (tests only). */
  apiUrl?: string | null;
}

export const STRIPE_TIMEOUT_MS = 20_000;
export const STRIPE_MAX_NETWORK_RETRIES = 2;
/** The longest one API call may take: every try timing out, plus the SDK's back-off (≤ 5 s each). */
export const STRIPE_WORST_CASE_MS =
  STRIPE_TIMEOUT_MS * (1 + STRIPE_MAX_NETWORK_RETRIES) + 5_000 * STRIPE_MAX_NETWORK_RETRIES;

export function createStripeClient(settings: StripeSettings): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || 80),
          protocol: url.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
}

/**
 * Stripe PaymentIntents: created here with the order's payment idempotency key (a retry of the
 * same order gets the same PaymentIntent back) and confirmed by the browser's Payment Element.
 * The order becomes paid only from the signed webhook.
 */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  // The same parameters and key every time: Stripe answers a repeat with the PaymentIntent the
  // first call created (or creates it, if that call never arrived).
  const createIntent = (input: ChargeInput) =>
    stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency.toLowerCase(),
        receipt_email: input.email,
        automatic_payment_methods: { enabled: true },
        metadata: { orderId: input.orderId, orderNumber: input.orderNumber },
      },
      { idempotencyKey: `checkout:${input.idempotencyKey}` },
    );
  const provider: PaymentProvider = {
    name: "stripe",
    async charge(input: ChargeInput): Promise<ChargeResult> {
      const intent = await createIntent(input);
      if (!intent.client_secret) throw new Error("Stripe returned a PaymentIntent without a client secret");
      return { status: "pending", reference: intent.id, clientSecret: intent.client_secret };
    },
    async release(input) {
      // The checkout may not know the PaymentIntent's id (the answer that carried it was lost):
      // asking again with the same key names it.
      const intent = await createIntent(input);
      if (intent.status !== "canceled") await provider.closeBeforeExpiry!(intent.id);
    },
    async closeBeforeExpiry(reference) {
      let intent = await stripe.paymentIntents.retrieve(reference);
      if (intent.status === "succeeded") return "succeeded";
      if (intent.status === "processing" || intent.status === "requires_capture") return "processing";
      if (intent.status === "canceled") return "closed";
      // Still open (waiting for a card or for 3-D Secure): cancel it so the buyer cannot pay an
      // expired order. Stripe refuses to cancel one that succeeded meanwhile; that throws, and
      // the next pass sees it succeeded.
      intent = await stripe.paymentIntents.cancel(reference, undefined, {
        idempotencyKey: `expire:${reference}`,
      });
      return intent.status === "canceled" ? "closed" : "processing";
    },
    async savedMethodOf() {
      return null;
    },
    async chargeSaved() {
      throw new Error("Stripe off-session charges are not wired yet");
    },
    async refund({ reference, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: reference, amount: amountCents },
        { idempotencyKey: `refund:${idempotencyKey}` },
      );
      const status = refund.status === "succeeded" ? "succeeded" : refund.status === "failed" ? "failed" : "pending";
      return { refundId: refund.id, status };
    },
  };
  return provider;
}
