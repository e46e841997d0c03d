/*
 * The order this tab placed last, so that the empty cart a shopper meets on Back after paying
 * points at the order instead of only saying the cart is empty. Kept in sessionStorage: it ends
 * with the tab, and another shopper on the same computer later does not see it.
 */
const KEY = "lazyReefer.lastOrder";

export interface LastOrder {
  number: string;
  url: string;
}

export function rememberLastOrder(order: LastOrder) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(order));
  } catch {
    // Storage blocked: the empty cart just won't point at the order.
  }
}

/** The order kept for this tab, or null; only a link into the shop is ever given back. */
export function readLastOrder(): LastOrder | null {
  try {
    const raw: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? "null");
    if (typeof raw !== "object" || raw === null) return null;
    const { number, url } = raw as Record<string, unknown>;
    if (typeof number !== "string" || number.length > 40 || typeof url !== "string") return null;
    return /^\/(order-confirmation|thankyou)\?/.test(url) ? { number, url } : null;
  } catch {
    return null;
  }
}
