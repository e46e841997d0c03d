import type { CartState } from "#app/domain/cart";

/** Two keys, as in the original: one for plain lines, one for custom combos. */
export const CART_STORAGE_KEY = "lazyReefer.cart";
export const COMBOS_STORAGE_KEY = "lazyReefer.combos";

/*
 * Hand-written checks rather than a schema library: this module is on every storefront page
 * before interaction, and the two shapes are small. Zod (even zod/mini) cost ~15 KB gzip and
 * Valibot ~2 KB here, against a 120 KB budget (docs/decisions/008-storefront-javascript-budget.md).
 * The server never trusts this data: checkout re-validates every line with the shared zod schemas.
 */
type Check = (value: unknown) => boolean;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isId: Check = (value) => typeof value === "string" && value.length >= 1 && value.length <= 100;
const isQuantity: Check = (value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 99;
/** Subscribe & save: delivered every 2–12 weeks (the server checks it again). */
const isEveryWeeks: Check = (value) => isQuantity(value) && (value as number) >= 2 && (value as number) <= 12;
const isNumber: Check = (value) => typeof value === "number" && Number.isFinite(value);

const isLine: Check = (value) =>
  isRecord(value) &&
  (value.kind === "product" || value.kind === "bundle") &&
  isId(value.id) &&
  isQuantity(value.quantity) &&
  (value.everyWeeks === undefined || isEveryWeeks(value.everyWeeks));
const isCombo: Check = (value) =>
  isRecord(value) &&
  typeof value.id === "string" &&
  value.id.startsWith("custom-") &&
  value.id.length <= 60 &&
  Array.isArray(value.productIds) &&
  value.productIds.length >= 2 &&
  value.productIds.length <= 10 &&
  value.productIds.every(isId) &&
  isQuantity(value.quantity) &&
  [value.discount, value.originalTotal, value.price, value.weight].every(isNumber) &&
  typeof value.createdAt === "string";

function parseList<T>(raw: string | null, isItem: Check, key: string): T[] {
  if (!raw) return [];
  const value: unknown = JSON.parse(raw);
  if (!Array.isArray(value) || !value.every(isItem)) throw new TypeError(`${key} does not hold a valid list`);
  return value as T[];
}

/** Reads the stored cart; anything unreadable is logged and the cart starts empty. */
export function loadCart(storage: Pick<Storage, "getItem">): CartState {
  try {
    const rawLines = storage.getItem(CART_STORAGE_KEY);
    const rawCombos = storage.getItem(COMBOS_STORAGE_KEY);
    return {
      lines: parseList(rawLines, isLine, CART_STORAGE_KEY),
      combos: parseList(rawCombos, isCombo, COMBOS_STORAGE_KEY),
    };
  } catch (error) {
    console.error("Unreadable cart in localStorage", error);
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
