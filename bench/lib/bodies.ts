/**
 * Request bodies the benchmarks send, shared by `npm run bench` and `npm run bench:checkout`.
 * A realistic small cart: one product line plus a two-product custom combo, so checkout
 * exercises the combo pricing and reserves stock of two products in one transaction.
 */
export const CHECKOUT_ITEMS = [
  { kind: "product", id: "premium-chaeto", quantity: 1 },
  { kind: "combo", productIds: ["premium-chaeto", "reef-care-bundle"], quantity: 1 },
] as const;

/** Units of stock one checkout of CHECKOUT_ITEMS reserves, per product (for the oversell check). */
export const CHECKOUT_UNITS: Record<string, number> = { "premium-chaeto": 2, "reef-care-bundle": 1 };

export function checkoutBody() {
  return {
    items: CHECKOUT_ITEMS,
    customer: { email: "bench@example.com", name: "Bench Reefer" },
    shippingAddress: { line1: "12 Coral Way", city: "Tampa", state: "FL", postalCode: "33602", country: "US" },
    // Stripe's "succeeds" test card: the offline test provider pays the order at once.
    payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
  };
}

/** What the cart drawer asks for while a visitor shops: a product, a bundle and a combo. */
export function quoteBody() {
  return {
    items: [
      { kind: "product", id: "premium-chaeto", quantity: 2 },
      { kind: "bundle", id: "lazy-starter", quantity: 1 },
      { kind: "combo", productIds: ["premium-chaeto", "reef-care-bundle", "refugium-starter-kit"], quantity: 1 },
    ],
  };
}
