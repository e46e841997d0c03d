import crypto from "node:crypto";
import Stripe from "stripe";
import {
  DECLINE_MESSAGES,
  type ChargeInput,
  type ChargeResult,
  type PaymentProvider,
  type SavedMethod,
} from "./provider";

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

/** Stripe's card brands as a person writes them ("Visa •••• 4242"). */
const BRAND_NAMES: Record<string, string> = {
  amex: "American Express",
  cartes_bancaires: "Cartes Bancaires",
  diners: "Diners Club",
  eftpos_au: "EFTPOS",
  jcb: "JCB",
  mastercard: "Mastercard",
  unionpay: "UnionPay",
};

function methodLabel(method: Stripe.PaymentMethod): string {
  const brand = method.card?.brand ?? method.type;
  const name = BRAND_NAMES[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1).replaceAll("_", " ");
  return method.card?.last4 ? `${name} •••• ${method.card.last4}` : name;
}

/** Stripe's decline codes (`decline_code`, else `code`) as the shop's DECLINE_MESSAGES keys. */
function declineReason(err: Stripe.errors.StripeError): string {
  // The SDK gives a card error without a decline code an empty one.
  switch (err.decline_code || err.code) {
    case "insufficient_funds":
      return "insufficient-funds";
    case "expired_card":
      return "expired-card";
    case "incorrect_cvc":
    case "invalid_cvc":
      return "incorrect-cvc";
    default:
      return "card-declined";
  }
}

const declined = (reason: string, reference?: string): ChargeResult => ({
  status: "declined",
  reason,
  message: DECLINE_MESSAGES[reason] ?? DECLINE_MESSAGES["card-declined"]!,
  ...(reference ? { reference } : {}),
});

/** What an off-session PaymentIntent's status means for the renewal. */
function offSessionResult(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", reference: intent.id };
    case "processing":
      if (!intent.client_secret) throw new Error("Stripe returned a PaymentIntent without a client secret");
      return { status: "pending", reference: intent.id, clientSecret: intent.client_secret };
    case "requires_action":
      return { status: "requires_action", reference: intent.id };
    default:
      // requires_payment_method or canceled: the card was not charged.
      return declined("card-declined", intent.id);
  }
}

/**
 * Stripe PaymentIntents: created here with the order's payment idempotency key (a retry of the
 * same order gets the same PaymentIntent back) and confirmed by the browser's Payment Element.
 * The order becomes paid only from the signed webhook.
 *
 * Saved cards: a charge with `saveForLater` is made for the buyer's Stripe Customer with
 * `setup_future_usage: "off_session"`, so that Stripe attaches the card to the Customer once the
 * browser confirms it; renewals charge that card with `off_session: true, confirm: true`. Only
 * Stripe's ids are kept (by the caller), never card data.
 */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  // One Customer per email: found by its email, else created under a key derived from it, so
  // that two checkouts racing for the same buyer make one Customer between them.
  const customerFor = async (rawEmail: string): Promise<string> => {
    const email = rawEmail.trim().toLowerCase();
    const found = await stripe.customers.list({ email, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const hash = crypto.createHash("sha256").update(email).digest("hex");
    const customer = await stripe.customers.create({ email }, { idempotencyKey: `customer:${hash}` });
    return customer.id;
  };
  // The same parameters and key every time: Stripe answers a repeat with the PaymentIntent the
  // first call created (or creates it, if that call never arrived).
  const createIntent = async (input: ChargeInput) =>
    stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency.toLowerCase(),
        receipt_email: input.email,
        automatic_payment_methods: { enabled: true },
        metadata: { orderId: input.orderId, orderNumber: input.orderNumber },
        ...(input.saveForLater
          ? { customer: await customerFor(input.email), setup_future_usage: "off_session" as const }
          : {}),
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
    async savedMethodOf(reference): Promise<SavedMethod | null> {
      const intent = await stripe.paymentIntents.retrieve(reference, { expand: ["payment_method"] });
      const customer = typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null);
      const method = intent.payment_method;
      // Kept only once paid: before that Stripe has not attached the card to the Customer.
      if (intent.status !== "succeeded" || !customer || !method) return null;
      if (typeof method === "string") return { customer, paymentMethod: method, label: "Saved card" };
      return { customer, paymentMethod: method.id, label: methodLabel(method) };
    },
    async startCardSetup({ email, customer, subscriptionId }) {
      const setup = await stripe.setupIntents.create({
        customer: customer ?? (await customerFor(email)),
        usage: "off_session",
        automatic_payment_methods: { enabled: true },
        metadata: { subscriptionId },
      });
      if (!setup.client_secret) throw new Error("Stripe returned a SetupIntent without a client secret");
      return { clientSecret: setup.client_secret };
    },
    async cardSetupResult(setupId) {
      let setup: Stripe.SetupIntent;
      try {
        setup = await stripe.setupIntents.retrieve(setupId, { expand: ["payment_method"] });
      } catch (err) {
        // An id Stripe does not know came from the browser: a setup for nobody, not an outage.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)
          return { status: "failed", subscriptionId: null };
        throw err;
      }
      const subscriptionId = setup.metadata?.subscriptionId ?? null;
      const customer = typeof setup.customer === "string" ? setup.customer : (setup.customer?.id ?? null);
      const method = setup.payment_method;
      if (setup.status === "succeeded" && customer && method) {
        const saved =
          typeof method === "string"
            ? { customer, paymentMethod: method, label: "Saved card" }
            : { customer, paymentMethod: method.id, label: methodLabel(method) };
        return { status: "succeeded", method: saved, subscriptionId };
      }
      return { status: setup.status === "canceled" ? "failed" : "open", subscriptionId };
    },
    async resumeInBrowser(reference) {
      const intent = await stripe.paymentIntents.retrieve(reference);
      if (!intent.client_secret) return null;
      if (intent.status === "requires_action")
        return { clientSecret: intent.client_secret, paymentMethod: null, step: "action" };
      if (intent.status !== "requires_payment_method" && intent.status !== "requires_confirmation") return null;
      // Stripe leaves an off-session charge the issuer wanted the buyer for waiting on a payment
      // method; the card it tried is confirmed again with the buyer present.
      const tried = intent.last_payment_error?.payment_method?.id ?? intent.payment_method;
      const paymentMethod = typeof tried === "string" ? tried : (tried?.id ?? null);
      return paymentMethod ? { clientSecret: intent.client_secret, paymentMethod, step: "confirm" } : null;
    },
    async chargeSaved(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            customer: input.method.customer,
            payment_method: input.method.paymentMethod,
            off_session: true,
            confirm: true,
            // Stripe's API turns on automatic payment methods by default, and then wants a
            // return_url for a confirm that might redirect; nobody is there to follow one.
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            receipt_email: input.email,
            metadata: { orderId: input.orderId, orderNumber: input.orderNumber },
          },
          // Stripe keeps the first answer under the key, a decline included: a repeat of the same
          // attempt charges nothing twice and gets the same answer.
          { idempotencyKey: `renewal:${input.idempotencyKey}` },
        );
        return offSessionResult(intent);
      } catch (err) {
        // A decline or the issuer asking for the buyer (3-D Secure) is an answer; anything else
        // (Stripe unreachable, a bad request) throws and the renewal is tried again later.
        if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
        const intent = err.payment_intent;
        if (
          err.code === "authentication_required" ||
          err.decline_code === "authentication_required" ||
          intent?.status === "requires_action"
        ) {
          if (!intent) throw err;
          return { status: "requires_action", reference: intent.id };
        }
        return declined(declineReason(err), intent?.id);
      }
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
