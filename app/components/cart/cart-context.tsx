import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { notify } from "~/components/ui/toaster";
import { stockClampMessage } from "~/domain/availability";
import * as Cart from "~/domain/cart";
import { formatCents } from "~/domain/money";
import { CART_STORAGE_KEY, COMBOS_STORAGE_KEY, loadCart, saveCart } from "./cart-storage";
import { markHydrated, takeEarly, takeEarlyTaps } from "./early-taps";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

interface CartContextValue {
  cart: Cart.CartState;
  quote: Cart.CartQuote;
  catalogue: Cart.CatalogueSnapshot;
  now: Date;
  /** False until the stored cart has been read in the browser. */
  ready: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  addItem: (kind: Cart.LineKind, id: string, quantity?: number) => boolean;
  setQuantity: (kind: Cart.LineKind, id: string, quantity: number) => void;
  removeItem: (kind: Cart.LineKind, id: string) => void;
  addCombo: (productIds: string[]) => boolean;
  setComboQuantity: (comboId: string, quantity: number) => void;
  removeCombo: (comboId: string) => void;
  /** Empties the cart; `silent` skips the undo offer (after a successful order). */
  clear: (options?: { silent?: boolean }) => void;
  remainingFor: (kind: Cart.LineKind, id: string) => number;
  /** The last removal, undoable from the cart panel itself (toasts sit outside the modal panel). */
  undo: { label: string; restore: () => void } | null;
}

const CartContext = createContext<CartContextValue | null>(null);

/** Reports an add to analytics when the page has gtag; does nothing otherwise. */
function reportAddToCart(name: string, priceCents: number, quantity: number) {
  if (typeof window === "undefined" || typeof window.gtag !== "function") return;
  window.gtag("event", "add_to_cart", {
    currency: "USD",
    value: (priceCents * quantity) / 100,
    items: [{ item_name: name, price: priceCents / 100, quantity }],
  });
}

export function CartProvider({
  catalogue,
  now,
  children,
}: {
  catalogue: Cart.CatalogueSnapshot;
  now: string;
  children: ReactNode;
}) {
  const [cart, setCart] = useState<Cart.CartState>(Cart.EMPTY_CART);
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const [lastRemoval, setLastRemoval] = useState<{ label: string; previous: Cart.CartState } | null>(null);
  const clock = useMemo(() => new Date(now), [now]);
  const cartRef = useRef(cart);
  cartRef.current = cart;

  useLayoutEffect(markHydrated, []);
  useEffect(() => {
    const loaded = loadCart(window.localStorage);
    cartRef.current = loaded;
    setCart(loaded);
    setReady(true);
  }, []);
  useEffect(() => {
    if (ready) saveCart(window.localStorage, cart);
  }, [cart, ready]);
  // Another tab changed the cart: show its version here too. (Storage events fire only in the other
  // tabs and only when a value really changes, so saving it back here cannot loop.)
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key !== null && event.key !== CART_STORAGE_KEY && event.key !== COMBOS_STORAGE_KEY) return;
      setCart(loadCart(window.localStorage));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  // Once the stored cart is loaded, add what was tapped before the page was ready, and open the
  // panel if the cart button was.
  const valueRef = useRef<CartContextValue | null>(null);
  useEffect(() => {
    if (!ready) return;
    for (const tap of takeEarlyTaps()) valueRef.current?.addItem(tap.kind, tap.id, tap.quantity);
    if (takeEarly("__lrOpen")) setOpen(true);
  }, [ready]);

  const nameOf = useCallback(
    (kind: Cart.LineKind, id: string) =>
      kind === "product"
        ? catalogue.products.find((p) => p.id === id)?.title
        : catalogue.bundles.find((b) => b.id === id)?.name,
    [catalogue],
  );

  const restore = useCallback((previous: Cart.CartState, message: string) => {
    setLastRemoval({ label: message, previous });
    notify.message(message, {
      action: {
        label: "Undo",
        onClick: () => {
          setCart(previous);
          setLastRemoval(null);
        },
      },
    });
  }, []);

  const value = useMemo<CartContextValue>(() => {
    const quote = Cart.priceCart(cart, catalogue);
    return {
      cart,
      quote,
      catalogue,
      now: clock,
      ready,
      open,
      setOpen,
      addItem(kind, id, quantity = 1) {
        const result = Cart.addLine(cartRef.current, kind, id, catalogue, clock, quantity);
        const name = nameOf(kind, id) ?? "Item";
        if (result.added === 0) {
          notify.error(
            result.reason === "out-of-stock" ? `No more ${name} in stock` : `${name} can't be bought right now`,
          );
          return false;
        }
        // Taps replayed in one go each build on the previous one, before React re-renders.
        cartRef.current = result.cart;
        setCart(result.cart);
        setLastRemoval(null);
        const item =
          kind === "product" ? catalogue.products.find((p) => p.id === id) : catalogue.bundles.find((b) => b.id === id);
        reportAddToCart(name, item?.priceCents ?? 0, result.added);
        const inCart = result.cart.lines.find((l) => l.kind === kind && l.id === id)?.quantity ?? result.added;
        notify.success(`Added ${result.added} × ${name}`, {
          description: result.reason === "limit" ? stockClampMessage(inCart) : undefined,
          // "View cart" only when the cart is not already in front of the shopper.
          ...(open ? {} : { action: { label: "View cart", onClick: () => setOpen(true) } }),
        });
        return true;
      },
      setQuantity(kind, id, quantity) {
        setCart((c) => Cart.setLineQuantity(c, kind, id, quantity, catalogue));
      },
      removeItem(kind, id) {
        const previous = cartRef.current;
        setCart(Cart.removeLine(previous, kind, id));
        restore(previous, `Removed ${nameOf(kind, id) ?? "item"}`);
      },
      addCombo(productIds) {
        const result = Cart.addCombo(cartRef.current, productIds, catalogue, clock);
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
        notify.success(`Combo added: ${result.combo.discount}% off, ${formatCents(result.combo.price)}`, {
          // "View cart" only when the cart is not already in front of the shopper.
          ...(open ? {} : { action: { label: "View cart", onClick: () => setOpen(true) } }),
        });
        return true;
      },
      setComboQuantity(comboId, quantity) {
        setCart((c) => Cart.setComboQuantity(c, comboId, quantity, catalogue));
      },
      removeCombo(comboId) {
        const previous = cartRef.current;
        setCart(Cart.removeCombo(previous, comboId));
        restore(previous, "Removed custom combo");
      },
      clear(options) {
        const previous = cartRef.current;
        setCart(Cart.clearCart());
        if (options?.silent) setLastRemoval(null);
        else if (previous.lines.length + previous.combos.length > 0) restore(previous, "Cart cleared");
      },
      remainingFor(kind, id) {
        return Cart.remainingFor(cart, kind, id, catalogue);
      },
      undo: lastRemoval
        ? {
            label: lastRemoval.label,
            restore: () => {
              setCart(lastRemoval.previous);
              setLastRemoval(null);
            },
          }
        : null,
    };
  }, [cart, catalogue, clock, ready, open, nameOf, restore, lastRemoval]);
  valueRef.current = value;

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context)
    throw new Error("useCart must be used within a CartProvider (the cart provider wraps the app in root.tsx)");
  return context;
}
