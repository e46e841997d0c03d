import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { notify } from "#app/components/ui/toaster";
import { EMPTY_CART, type CartState, type CatalogueSnapshot } from "#app/domain/cart-state";
import { CartContext, type CartCore } from "./cart-core";
import { CART_STORAGE_KEY, COMBOS_STORAGE_KEY, loadCart, saveCart } from "./cart-storage";
import { markHydrated, takeEarly, takeEarlyTaps } from "./early-taps";

// The cart's shape and hook live in ./cart-core so that ./cart-actions, loaded from here on
// demand, can use them without importing this module back.
export { useCart, type CartCore } from "./cart-core";

export function CartProvider({
  catalogue,
  now,
  children,
}: {
  catalogue: CatalogueSnapshot;
  now: string;
  children: ReactNode;
}) {
  const [cart, setCartState] = useState<CartState>(EMPTY_CART);
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const [lastRemoval, setLastRemoval] = useState<{ label: string; previous: CartState } | null>(null);
  const clock = useMemo(() => new Date(now), [now]);
  const cartRef = useRef(cart);
  cartRef.current = cart;

  const setCart = useCallback((next: CartState | ((current: CartState) => CartState)) => {
    const value = typeof next === "function" ? next(cartRef.current) : next;
    cartRef.current = value;
    setCartState(value);
    setLastRemoval(null);
  }, []);

  useLayoutEffect(markHydrated, []);
  useEffect(() => {
    const loaded = loadCart(window.localStorage);
    cartRef.current = loaded;
    setCartState(loaded);
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
      setCartState(loadCart(window.localStorage));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const offerUndo = useCallback((previous: CartState, message: string) => {
    setLastRemoval({ label: message, previous });
    notify.message(message, {
      action: {
        label: "Undo",
        onClick: () => {
          cartRef.current = previous;
          setCartState(previous);
          setLastRemoval(null);
        },
      },
    });
  }, []);

  const value = useMemo<CartCore>(
    () => ({
      cart,
      cartRef,
      setCart,
      catalogue,
      now: clock,
      ready,
      open,
      setOpen,
      offerUndo,
      clear(options) {
        const previous = cartRef.current;
        setCart(EMPTY_CART);
        if (!options?.silent && previous.lines.length + previous.combos.length > 0) offerUndo(previous, "Cart cleared");
      },
      undo: lastRemoval
        ? {
            label: lastRemoval.label,
            restore: () => setCart(lastRemoval.previous),
          }
        : null,
    }),
    [cart, setCart, catalogue, clock, ready, open, offerUndo, lastRemoval],
  );
  const valueRef = useRef(value);
  valueRef.current = value;

  // Once the stored cart is loaded, add what was tapped before the page was ready (the rules for
  // adding are fetched only then: most visits have no such tap), and open the panel if the cart
  // button was tapped.
  useEffect(() => {
    if (!ready) return;
    const taps = takeEarlyTaps();
    if (taps.length > 0)
      void import("./cart-actions").then(({ cartActions }) => {
        for (const tap of taps)
          cartActions(valueRef.current).addItem(tap.kind, tap.id, tap.quantity, tap.everyWeeks || undefined);
      });
    if (takeEarly("__lrOpen")) setOpen(true);
  }, [ready]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
