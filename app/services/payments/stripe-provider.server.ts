import Stripe from "stripe";
import type { ChargeInput, ChargeResult, PaymentProvider } from "./provider";

export interface StripeSettings {
  secretKey: string;
  /** Test stand-in for Stripe's API (tests only). */
  apiUrl?: string | null;
}

export function createStripeClient(settings: StripeSettings): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(url ? { host: url.hostname, port: Number(url.port || 80), protocol: url.protocol.replace(":", "") as "http" | "https" } : {}),
  });
}

/**
 * Stripe PaymentIntents: created here with the checkout's idempotency key and confirmed by the
 * browser's Payment Element. The order becomes paid only from the signed webhook.
 */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    async charge(input: ChargeInput): Promise<ChargeResult> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency.toLowerCase(),
          receipt_email: input.email,
          automatic_payment_methods: { enabled: true },
          metadata: { orderId: input.orderId, orderNumber: input.orderNumber },
        },
        { idempotencyKey: `checkout:${input.idempotencyKey}` },
      );
      if (!intent.client_secret) throw new Error("Stripe returned a PaymentIntent without a client secret");
      return { status: "pending", reference: intent.id, clientSecret: intent.client_secret };
    },
    async refund({ reference, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create({ payment_intent: reference, amount: amountCents }, { idempotencyKey: `refund:${idempotencyKey}` });
      return { refundId: refund.id };
    },
  };
}
