import { useEffect, useState } from "react";
import { isFailure, postJson } from "./checkout-client";
import { cartItems } from "./checkout-items";
import type { CartState } from "#app/domain/cart";

export interface ServerQuote {
  lines: {
    kind: string;
    title: string;
    contents?: string[];
    quantity: number;
    total: number;
    imageKey: string;
    /** Subscribe & save: how often, and what the line saves on each delivery (dollars). */
    subscription?: { everyWeeks: number; saving: number };
    /** A subscribed line in words: "Delivered every 4 weeks · you save $3.50 each time". */
    note?: string;
  }[];
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  /** The signed-in buyer's store credit the order will spend, and what is left to pay (absent without credit). */
  storeCredit?: number;
  toPay?: number;
  /** The kept discount code and what it takes off (absent without one). */
  discountCode?: string;
  codeDiscount?: number;
  requiresShipping: boolean;
}

/** Prices the cart on the server whenever it changes: the summary shows what will be charged, line by line. */
export function useServerQuote(cart: CartState, enabled: boolean) {
  const [state, setState] = useState<{ quote: ServerQuote | null; error: string | null }>({
    quote: null,
    error: null,
  });
  // Bumped by "Try again" after a failed request: the same cart is asked for again.
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(cartItems(cart));
  useEffect(() => {
    if (!enabled || key === "[]") {
      setState({ quote: null, error: null });
      return;
    }
    let cancelled = false;
    postJson<ServerQuote>("/api/cart/quote", { items: JSON.parse(key) })
      .then(({ data }) => {
        if (cancelled) return;
        if (isFailure(data)) setState({ quote: null, error: data.error.message });
        else setState({ quote: data, error: null });
      })
      .catch(
        () =>
          !cancelled &&
          setState({
            quote: null,
            error: "We couldn't check prices with the shop. Check your connection.",
          }),
      );
    return () => {
      cancelled = true;
    };
  }, [key, enabled, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
