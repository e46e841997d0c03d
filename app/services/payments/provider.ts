/** What checkout needs from a card payment provider; the order model never sees card data. */
export type ChargeResult =
  | { status: "succeeded"; reference: string; saved?: SavedMethod }
  | { status: "declined"; reason: string; message: string; reference?: string }
  /** `saved`: the card a `saveForLater` charge kept, when the provider knows it at once (the test provider). */
  | { status: "requires_action"; reference: string; saved?: SavedMethod }
  | { status: "pending"; reference: string; clientSecret: string };

export interface ChargeInput {
  orderId: string;
  orderNumber: string;
  amountCents: number;
  currency: string;
  email: string;
  idempotencyKey: string;
  card?: { number: string; expMonth: number; expYear: number; cvc: string };
  /**
   * Keep the card for later charges made without the buyer (a subscription's renewals):
   * Stripe's `setup_future_usage: "off_session"` on a Customer; the test provider's documented
   * test PaymentMethod. What was kept is read back with `savedMethodOf(reference)`.
   */
  saveForLater?: boolean;
}

/**
 * A card kept at the provider for charges made without the buyer: the provider's own ids only
 * (a Stripe Customer and PaymentMethod), and a label a person recognises ("Visa •••• 4242").
 */
export interface SavedMethod {
  customer: string;
  paymentMethod: string;
  label: string;
}

export type CardSetupResult =
  | { status: "succeeded"; method: SavedMethod; subscriptionId: string | null }
  | { status: "open" | "failed"; subscriptionId: string | null };

export interface BrowserResume {
  clientSecret: string;
  paymentMethod: string | null;
  /** "action": Stripe.js handles the issuer's step; "confirm": the tried card is confirmed again. */
  step: "action" | "confirm";
}

/** A charge of a saved card without the buyer present (a renewal). */
export interface SavedChargeInput {
  orderId: string;
  orderNumber: string;
  amountCents: number;
  currency: string;
  email: string;
  /** One per (subscription, period, attempt): a repeat of the same attempt charges nothing twice. */
  idempotencyKey: string;
  method: SavedMethod;
}

export interface PaymentProvider {
  readonly name: "test" | "stripe";
  charge(input: ChargeInput): Promise<ChargeResult>;
  /**
   * The card a charge made with `saveForLater` kept, once its payment succeeded (Stripe: the
   * PaymentIntent's customer and payment method); null when it kept none.
   */
  savedMethodOf(reference: string): Promise<SavedMethod | null>;
  /**
   * Keeps a card for later without charging it (Stripe: a SetupIntent; the test provider: a
   * test card's documented PaymentMethod): the buyer's "update my card". Test provider only
   * takes card details; Stripe's browser flow confirms the SetupIntent itself.
   */
  saveCard?(input: {
    email: string;
    card: NonNullable<ChargeInput["card"]>;
    customer?: string | null;
  }): Promise<{ ok: true; method: SavedMethod } | { ok: false; reason: string; message: string }>;
  /**
   * Starts keeping a new card through the buyer's browser (Stripe: a SetupIntent for the
   * Customer, confirmed by the Payment Element); `subscriptionId` is stored with it, so that
   * `cardSetupResult` can tell which subscription it was made for.
   */
  startCardSetup?(input: {
    email: string;
    customer: string | null;
    subscriptionId: string;
  }): Promise<{ clientSecret: string }>;
  /** What became of a browser card setup: the card kept, once it succeeded. */
  cardSetupResult?(setupId: string): Promise<CardSetupResult>;
  /**
   * What the buyer's browser needs to finish a payment the issuer wants them for (3-D Secure on
   * a renewal charged off-session): the client secret, the card that was tried, and whether the
   * payment waits on an action or on a new confirmation. Null when it is no longer open.
   */
  resumeInBrowser?(reference: string): Promise<BrowserResume | null>;
  /**
   * Charges a saved card off-session. "declined" and "requires_action" (the issuer wants the
   * buyer: 3-D Secure) are answers, not errors; a provider that cannot be reached throws.
   */
  chargeSaved(input: SavedChargeInput): Promise<ChargeResult>;
  /**
   * What became of the charge made with this idempotency key, if the provider knows of it; for
   * the worker's reconciliation of checkouts that died between charge and paid. Stripe has none:
   * its webhook tells.
   */
  lookup?(idempotencyKey: string): Promise<ChargeResult | null>;
  /**
   * Before a pending order is expired: what became of its payment at the provider. A payment
   * still open there is closed first ("closed"), so that no late payment can land on an order
   * whose stock went back; "processing" is a payment the provider is still settling. Throws when
   * the provider cannot be asked (the order then waits for the next pass). Stripe only: the test
   * provider answers at checkout.
   */
  closeBeforeExpiry?(reference: string): Promise<"succeeded" | "processing" | "closed">;
  /**
   * Closes the payment a charge with this input opened, or may have opened when its answer was
   * lost, for an order the checkout then refused: nobody can pay it later, and it does not stay
   * open at the provider. Throws when the provider cannot be asked. Stripe only: the test
   * provider leaves nothing open.
   */
  release?(input: ChargeInput): Promise<void>;
  /**
   * Refunds a captured payment (all of it, or `amountCents`); returns the provider's refund id and,
   * when the provider settles later (Stripe may), "pending". The same key never refunds twice.
   */
  refund(input: {
    reference: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string; status?: "succeeded" | "pending" | "failed" }>;
}

export const DECLINE_MESSAGES: Record<string, string> = {
  "card-declined": "Your card was declined. Please try another card.",
  "insufficient-funds": "Your card has insufficient funds. Please try another card.",
  "expired-card": "Your card has expired. Please use another card.",
  "incorrect-cvc": "The security code (CVC) is incorrect. Check it and try again.",
  "authentication-failed": "The card issuer could not confirm it's you. Please try again or use another card.",
};
