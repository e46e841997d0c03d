import { useMemo } from "react";
import { stockClampMessage } from "#app/components/quantity-stepper";
import { notify } from "#app/components/ui/toaster";
import * as Cart from "#app/domain/cart";
import { formatCents } from "#app/domain/money";
import { MAX_SUBSCRIBED_QUANTITY } from "#app/domain/subscriptions";
import { useCart, type CartCore } from "./cart-core";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/** Reports an add to analytics when the page has gtag; does nothing otherwise. */
function reportAddToCart(name: string, priceCents: number, quantity: number) {
  if (typeof window === "undefined" || typeof window.gtag !== "function") return;
  window.gtag("event", "add_to_cart", {
    currency: "USD",
    value: (priceCents * quantity) / 100,
    items: [{ item_name: name, price: priceCents / 100, quantity }],
  });
}

/**
 * Pricing and changing the cart, with the shopper told what happened (toasts, undo). Separate from
 * the provider so that only the pages and panels that price or change a cart load `~/domain/cart`.
 */
export function cartActions(core: CartCore) {
  const { cart, cartRef, setCart, catalogue, now, open, setOpen, offerUndo } = core;
  const nameOf = (kind: Cart.LineKind, id: string) =>
    kind === "product"
      ? catalogue.products.find((p) => p.id === id)?.title
      : catalogue.bundles.find((b) => b.id === id)?.name;
  // "View cart" only when the cart is not already in front of the shopper.
  const viewCart = open ? {} : { action: { label: "View cart", onClick: () => setOpen(true) } };
  return {
    /** Priced when read: the product page only asks how many more fit. */
    get quote() {
      return Cart.priceCart(cart, catalogue);
    },
    /** `everyWeeks`: the product delivered on that schedule (subscribe & save); none: bought once. */
    addItem: (kind: Cart.LineKind, id: string, quantity = 1, everyWeeks?: number): boolean => {
      const before = cartRef.current.lines.find((l) => l.kind === kind && l.id === id)?.everyWeeks;
      const result = Cart.addLine(cartRef.current, kind, id, catalogue, now, quantity, everyWeeks);
      const name = nameOf(kind, id) ?? "Item";
      if (result.added === 0) {
        notify.error(
          result.reason === "out-of-stock"
            ? `No more ${name} in stock`
            : result.reason === "limit"
              ? `A subscription delivers at most ${MAX_SUBSCRIBED_QUANTITY} of ${name} each time`
              : `${name} can't be bought right now`,
        );
        return false;
      }
      setCart(result.cart);
      const item =
        kind === "product" ? catalogue.products.find((p) => p.id === id) : catalogue.bundles.find((b) => b.id === id);
      reportAddToCart(name, item?.priceCents ?? 0, result.added);
      const inCart = result.cart.lines.find((l) => l.kind === kind && l.id === id)?.quantity ?? result.added;
      const every = result.cart.lines.find((l) => l.kind === kind && l.id === id)?.everyWeeks;
      // A product has one line and the latest choice applies to all of it: say so when that ends a subscription.
      const ended =
        before !== undefined && every === undefined
          ? `All ${inCart} are now bought once, not delivered every ${before} weeks: choose in the cart.`
          : undefined;
      notify.success(`Added ${result.added} × ${name}${every ? `, delivered every ${every} weeks` : ""}`, {
        description: result.reason === "limit" ? stockClampMessage(inCart) : ended,
        ...viewCart,
      });
      return true;
    },
    setQuantity: (kind: Cart.LineKind, id: string, quantity: number) => {
      setCart((c) => Cart.setLineQuantity(c, kind, id, quantity, catalogue));
    },
    /** Bought once (`null`) or delivered every `everyWeeks`. */
    setDelivery: (kind: Cart.LineKind, id: string, everyWeeks: number | null) => {
      setCart((c) => Cart.setLineDelivery(c, kind, id, everyWeeks, catalogue));
    },
    removeItem: (kind: Cart.LineKind, id: string) => {
      const previous = cartRef.current;
      setCart(Cart.removeLine(previous, kind, id));
      offerUndo(previous, `Removed ${nameOf(kind, id) ?? "item"}`);
    },
    addCombo: (productIds: string[]): boolean => {
      const result = Cart.addCombo(cartRef.current, productIds, catalogue, now);
      if (!result.combo) {
        notify.error(
          result.reason === "out-of-stock"
            ? "Not enough stock for another of this combo"
            : result.reason === "unavailable"
              ? "One of these products can't be bought right now"
              : "Pick at least 2 different combo products",
        );
        return false;
      }
      setCart(result.cart);
      reportAddToCart(`Custom combo (${result.combo.productIds.length} items)`, result.combo.price, 1);
      notify.success(`Combo added: ${result.combo.discount}% off, ${formatCents(result.combo.price)}`, viewCart);
      return true;
    },
    setComboQuantity: (comboId: string, quantity: number) => {
      setCart((c) => Cart.setComboQuantity(c, comboId, quantity, catalogue));
    },
    removeCombo: (comboId: string) => {
      const previous = cartRef.current;
      setCart(Cart.removeCombo(previous, comboId));
      offerUndo(previous, "Removed custom combo");
    },
    /** How many more of an item fit, counting what the cart already holds (kits share products). */
    remainingFor: (kind: Cart.LineKind, id: string): number => {
      return Cart.remainingFor(cart, kind, id, catalogue);
    },
  };
}

/** The cart with its quote and the actions that change it. */
export function useCartActions() {
  const core = useCart();
  // Spreading reads the quote once per change of the cart.
  return useMemo(() => ({ ...core, ...cartActions(core) }), [core]);
}
