import fc from "fast-check";
import { addCombo, addLine, EMPTY_CART, type CartState, type CatalogueSnapshot } from "#app/domain/cart";

/**
 * Any cart a shopper could build in the browser from `catalogue`: plain lines, bundles and combos,
 * added through the same cart functions the browser uses (so what they refuse never appears).
 */
export function arbitraryCart(
  catalogue: CatalogueSnapshot,
  now: Date,
  { maxQuantity, comboPicks, maxSteps }: { maxQuantity: number; comboPicks: fc.Arbitrary<number[]>; maxSteps: number },
) {
  const ids = catalogue.products.map((p) => p.id);
  const bundleIds = catalogue.bundles.map((b) => b.id);
  return fc
    .array(
      fc.oneof(
        fc.record({
          kind: fc.constant("product" as const),
          i: fc.nat(20),
          q: fc.integer({ min: 1, max: maxQuantity }),
        }),
        fc.record({ kind: fc.constant("bundle" as const), i: fc.nat(20), q: fc.integer({ min: 1, max: maxQuantity }) }),
        fc.record({ kind: fc.constant("combo" as const), picks: comboPicks }),
      ),
      { minLength: 1, maxLength: maxSteps },
    )
    .map((steps) =>
      steps.reduce((cart, s) => {
        if (s.kind === "combo")
          return addCombo(
            cart,
            s.picks.map((i) => ids[i % ids.length]!),
            catalogue,
            now,
          ).cart;
        const list = s.kind === "product" ? ids : bundleIds;
        return addLine(cart, s.kind, list[s.i % list.length]!, catalogue, now, s.q).cart;
      }, EMPTY_CART),
    );
}

/** A cart as the checkout and quote endpoints take it. */
export function cartItems(cart: CartState) {
  return [
    ...cart.lines.map((l) => ({ kind: l.kind, id: l.id, quantity: l.quantity })),
    ...cart.combos.map((c) => ({ kind: "combo" as const, productIds: c.productIds, quantity: c.quantity })),
  ];
}
