import type { CartState } from "#app/domain/cart";

/**
 * Contract items for a cart: ids, quantities and how often a subscribed line comes; the server
 * prices them. Apart from ./checkout-client, whose requests pages without a cart use too.
 */
export function cartItems(cart: CartState) {
  return [
    ...cart.lines.map((l) => ({
      kind: l.kind,
      id: l.id,
      quantity: l.quantity,
      ...(l.everyWeeks ? { subscribeEveryWeeks: l.everyWeeks } : {}),
    })),
    ...cart.combos.map((c) => ({ kind: "combo" as const, productIds: c.productIds, quantity: c.quantity })),
  ];
}
