import { priceCart, type CartQuote, type CartState } from "#app/domain/cart";
import { cartFromItems, type CartItem } from "#app/domain/cart-items";
import type { CatalogueSnapshot } from "#app/domain/cart-state";

export interface UnavailableItem {
  title: string;
  quantity: number;
  /** sold-out: still sold, none (or too few) in stock now; gone: no longer sold. */
  reason: "sold-out" | "gone";
}

export interface RebuiltCart {
  cart: CartState;
  items: CartItem[];
  quote: CartQuote;
  unavailable: UnavailableItem[];
}

const GONE = new Set(["unknown-item", "offer-expired"]);

/**
 * A cart rebuilt from items bought or chosen before (a reminder's link): each kept only if it can
 * be bought now, priced from today's catalogue (nothing old is read). Items that cannot are named
 * as sold out or no longer sold; of one that has run short, as many as are left go back.
 */
export function rebuildCart(
  wanted: readonly { item: CartItem | null; title: string; quantity: number }[],
  catalogue: CatalogueSnapshot,
  now: Date,
): RebuiltCart {
  const kept: CartItem[] = [];
  const unavailable: UnavailableItem[] = [];
  let cart: CartState = { lines: [], combos: [] };
  for (const { item, title, quantity } of wanted) {
    const built = item ? cartFromItems([...kept, item], catalogue, now) : null;
    if (item && built && "cart" in built) {
      kept.push(item);
      cart = built.cart;
      continue;
    }
    const gone =
      !built || ("problem" in built && (GONE.has(built.problem.reason) || built.problem.reason.startsWith("combo-")));
    let fits = 0;
    if (item && !gone)
      for (let q = item.quantity - 1; q >= 1 && fits === 0; q--) {
        const fewer = cartFromItems([...kept, { ...item, quantity: q }], catalogue, now);
        if ("cart" in fewer) {
          fits = q;
          kept.push({ ...item, quantity: q });
          cart = fewer.cart;
        }
      }
    unavailable.push({ title, quantity: quantity - fits, reason: gone ? "gone" : "sold-out" });
  }
  return { cart, items: kept, quote: priceCart(cart, catalogue), unavailable };
}
