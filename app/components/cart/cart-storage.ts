import * as z from "zod/mini";
import type { CartState } from "~/domain/cart";

/** Two keys, as in the original: one for plain lines, one for custom combos. */
export const CART_STORAGE_KEY = "lazyReefer.cart";
export const COMBOS_STORAGE_KEY = "lazyReefer.combos";

// zod/mini: the same validation in a fraction of the bytes every storefront page loads.
const Id = z.string().check(z.minLength(1), z.maxLength(100));
const Quantity = z.number().check(z.int(), z.minimum(1), z.maximum(99));
const LinesSchema = z.array(z.object({ kind: z.enum(["product", "bundle"]), id: Id, quantity: Quantity }));
const CombosSchema = z.array(
  z.object({
    id: z.string().check(z.startsWith("custom-"), z.maxLength(60)),
    productIds: z.array(Id).check(z.minLength(2), z.maxLength(10)),
    quantity: Quantity,
    discount: z.number(),
    originalTotal: z.number(),
    price: z.number(),
    weight: z.number(),
    createdAt: z.string(),
  }),
);

/** Reads the stored cart; anything unreadable is logged and the cart starts empty. */
export function loadCart(storage: Pick<Storage, "getItem">): CartState {
  try {
    const rawLines = storage.getItem(CART_STORAGE_KEY);
    const rawCombos = storage.getItem(COMBOS_STORAGE_KEY);
    return {
      lines: rawLines ? LinesSchema.parse(JSON.parse(rawLines)) : [],
      combos: rawCombos ? CombosSchema.parse(JSON.parse(rawCombos)) : [],
    };
  } catch (error) {
    console.error("Error loading cart from localStorage", error);
    return { lines: [], combos: [] };
  }
}

export function saveCart(storage: Pick<Storage, "setItem">, cart: CartState): void {
  try {
    storage.setItem(CART_STORAGE_KEY, JSON.stringify(cart.lines));
    storage.setItem(COMBOS_STORAGE_KEY, JSON.stringify(cart.combos));
  } catch (error) {
    // Private mode or a full quota: the cart still works for this visit.
    console.warn("Could not save the cart to localStorage", error);
  }
}
