/**
 * The cart's shape and its item count: what every storefront page needs (the header's badge, the
 * stored cart). Pricing and the rules for changing a cart are in `cart.ts`, which only the pages
 * and panels that price or change a cart load (docs/decisions/015-lightest-storefront.md).
 */
import type { Bundle, Product } from "./catalogue";
import type { Cents } from "./money";

export type LineKind = "product" | "bundle";

export interface CartLine {
  kind: LineKind;
  id: string;
  quantity: number;
  /** Subscribe & save: a product delivered every this many weeks (decision 049). */
  everyWeeks?: number;
}

export interface ComboLine {
  /** `custom-` + a random suffix. */
  id: string;
  productIds: string[];
  quantity: number;
  /** Percent off, from the number of known products at creation. */
  discount: number;
  originalTotal: Cents;
  price: Cents;
  weight: number;
  createdAt: string;
}

export interface CartState {
  lines: CartLine[];
  combos: ComboLine[];
}

export const EMPTY_CART: CartState = { lines: [], combos: [] };

export interface CatalogueSnapshot {
  products: Product[];
  bundles: Bundle[];
}

export function itemCount(cart: CartState): number {
  return cart.lines.reduce((n, l) => n + l.quantity, 0) + cart.combos.reduce((n, c) => n + c.quantity, 0);
}
