/**
 * What the checkout form decides from the shop's answers and the catalogue: kept here so the form
 * only draws, and the rules are tested without a browser.
 */
import type { CartState } from "./cart-state";
import type { Product } from "./catalogue";
import type { CardProblem } from "./test-cards";

export type CardField = "card.number" | "card.expiry" | "card.cvc";

/** Which field each card problem is about (every problem has one: the compiler checks the list). */
const CARD_PROBLEM_FIELDS: Record<CardProblem, CardField> = {
  "invalid-number": "card.number",
  "not-a-test-card": "card.number",
  "invalid-expiry": "card.expiry",
  "card-expired": "card.expiry",
  "invalid-cvc": "card.cvc",
};

/** The card field a refusal is about, to show its message there; null for a refusal about something else. */
export function cardFieldForRefusal(reason: string | undefined): CardField | null {
  return reason !== undefined && Object.hasOwn(CARD_PROBLEM_FIELDS, reason)
    ? CARD_PROBLEM_FIELDS[reason as CardProblem]
    : null;
}

/** A product the catalogue marks as a tip: given, not bought. */
export function isTip(product: Pick<Product, "metadata">): boolean {
  return product.metadata.isTip === true;
}

/**
 * Whether a cart holds tips and nothing else: such an order is thanked for (/thankyou) rather
 * than confirmed as a purchase. A line whose product the catalogue does not know is not a tip.
 */
export function isTipsOnly(cart: CartState, products: readonly Pick<Product, "id" | "metadata">[]): boolean {
  const tips = new Set(products.filter(isTip).map((p) => p.id));
  return (
    cart.combos.length === 0 &&
    cart.lines.length > 0 &&
    cart.lines.every((line) => line.kind === "product" && tips.has(line.id))
  );
}
