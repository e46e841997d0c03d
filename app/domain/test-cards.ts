/**
 * The offline `test` payment provider accepts only Stripe's published test card numbers and
 * simulates their outcomes, so no real card data is ever processed or stored.
 */
export type CardOutcome =
  | { kind: "succeeded" }
  | { kind: "declined"; reason: "card-declined" | "insufficient-funds" | "expired-card" | "incorrect-cvc" }
  | { kind: "requires-action" };

/**
 * Each test card's outcome when the buyer pays, and, once kept for later, Stripe's documented
 * test PaymentMethod for it and what a charge made without the buyer (a renewal) comes to.
 */
export const TEST_CARDS: Record<
  string,
  { outcome: CardOutcome; label: string; saved?: { paymentMethod: string; offSession: CardOutcome } }
> = {
  "4242424242424242": {
    outcome: { kind: "succeeded" },
    label: "Visa: payment succeeds",
    saved: { paymentMethod: "pm_card_visa", offSession: { kind: "succeeded" } },
  },
  "4000000000000002": { outcome: { kind: "declined", reason: "card-declined" }, label: "Declined" },
  "4000000000009995": { outcome: { kind: "declined", reason: "insufficient-funds" }, label: "Insufficient funds" },
  "4000000000000069": { outcome: { kind: "declined", reason: "expired-card" }, label: "Expired card" },
  "4000000000000127": { outcome: { kind: "declined", reason: "incorrect-cvc" }, label: "Incorrect CVC" },
  "4000002500003155": {
    outcome: { kind: "requires-action" },
    label: "3-D Secure challenge",
    saved: { paymentMethod: "pm_card_authenticationRequiredSetupForOffSession", offSession: { kind: "succeeded" } },
  },
  "4000002760003184": {
    outcome: { kind: "requires-action" },
    label: "3-D Secure, renewals too",
    saved: { paymentMethod: "pm_card_authenticationRequired", offSession: { kind: "requires-action" } },
  },
  // Stripe: "attaching this card to a Customer succeeds, but attempts to charge it fail".
  "4000000000000341": {
    outcome: { kind: "declined", reason: "card-declined" },
    label: "Saves, then declines",
    saved: { paymentMethod: "pm_card_chargeCustomerFail", offSession: { kind: "declined", reason: "card-declined" } },
  },
};

/** What a renewal charged to a kept test PaymentMethod comes to (null: not one of ours). */
export function savedTestCardOutcome(paymentMethod: string): CardOutcome | null {
  for (const card of Object.values(TEST_CARDS))
    if (card.saved?.paymentMethod === paymentMethod) return card.saved.offSession;
  return null;
}

/** How a kept card is named to its owner: the brand and last four digits, never more. */
export function cardLabel(number: string): string {
  const digits = normaliseCardNumber(number);
  const brand = digits.startsWith("4")
    ? "Visa"
    : /^5[1-5]/.test(digits)
      ? "Mastercard"
      : /^3[47]/.test(digits)
        ? "Amex"
        : "Card";
  return `${brand} •••• ${digits.slice(-4)}`;
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function normaliseCardNumber(raw: string): string {
  return raw.replace(/[\s-]/g, "");
}

export type CardProblem = "invalid-number" | "not-a-test-card" | "invalid-expiry" | "card-expired" | "invalid-cvc";

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Checks a card the way a card form would; the number never leaves this function in a result. */
export function checkTestCard(
  card: CardInput,
  now: Date,
): { ok: true; outcome: CardOutcome } | { ok: false; problem: CardProblem } {
  const number = normaliseCardNumber(card.number);
  if (!luhnValid(number)) return { ok: false, problem: "invalid-number" };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return { ok: false, problem: "invalid-expiry" };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(year) || year > now.getUTCFullYear() + 25) return { ok: false, problem: "invalid-expiry" };
  // A card is valid through the last day of its expiry month.
  const endOfMonth = Date.UTC(year, card.expMonth, 1);
  if (endOfMonth <= now.getTime()) return { ok: false, problem: "card-expired" };
  if (!/^\d{3,4}$/.test(card.cvc)) return { ok: false, problem: "invalid-cvc" };
  const test = TEST_CARDS[number];
  if (!test) return { ok: false, problem: "not-a-test-card" };
  return { ok: true, outcome: test.outcome };
}
