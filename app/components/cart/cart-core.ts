import { createContext, useContext, type RefObject } from "react";
import type { CartState, CatalogueSnapshot } from "#app/domain/cart-state";

/**
 * The cart as every storefront page holds it: the stored lines, whether the panel is open, and
 * the last removal to undo. Pricing and the rules for changing lines (`~/domain/cart`) come with
 * `useCartActions` (./cart-actions), which only the pages and panels that price or change a cart
 * import, so they are not in the shell every page downloads (decision 015).
 */
export interface CartCore {
  cart: CartState;
  /** The latest cart, ahead of React's render: taps replayed in one go each build on the last. */
  cartRef: RefObject<CartState>;
  setCart: (next: CartState | ((current: CartState) => CartState)) => void;
  catalogue: CatalogueSnapshot;
  now: Date;
  /** False until the stored cart has been read in the browser. */
  ready: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Records `previous` as the state an "Undo" (toast and panel) brings back. */
  offerUndo: (previous: CartState, message: string) => void;
  /** Empties the cart; `silent` skips the undo offer (after a successful order). */
  clear: (options?: { silent?: boolean }) => void;
  /** The last removal, undoable from the cart panel itself (toasts sit outside the modal panel). */
  undo: { label: string; restore: () => void } | null;
}

export const CartContext = createContext<CartCore | null>(null);

export function useCart(): CartCore {
  const context = useContext(CartContext);
  if (!context)
    // Short: the text ships in every page's script (root.tsx wraps the app in the provider).
    throw new Error("useCart outside CartProvider");
  return context;
}
