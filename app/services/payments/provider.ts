/** What checkout needs from a card payment provider; the order model never sees card data. */
export type ChargeResult =
  | { status: "succeeded"; reference: string }
  | { status: "declined"; reason: string; message: string; reference?: string }
  | { status: "requires_action"; reference: string }
  | { status: "pending"; reference: string; clientSecret: string };

export interface ChargeInput {
  orderId: string;
  orderNumber: string;
  amountCents: number;
  currency: string;
  email: string;
  idempotencyKey: string;
  card?: { number: string; expMonth: number; expYear: number; cvc: string };
}

export interface PaymentProvider {
  readonly name: "test" | "stripe";
  charge(input: ChargeInput): Promise<ChargeResult>;
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
