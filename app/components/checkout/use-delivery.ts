import { useEffect, useState } from "react";
import { isFailure } from "./checkout-client";
import { cartItems } from "./checkout-items";
import type { CartState } from "#app/domain/cart";
import type { DeliveryChoice } from "#app/domain/ship-calendar";
import type { DeliveryDestination } from "./delivery-choice";

export interface Delivery extends DeliveryChoice {
  choices: DeliveryChoice[];
}

export type DeliveryState =
  { status: "idle" } | { status: "loading" } | { status: "ready"; delivery: Delivery | null } | { status: "failed" };

/** Long enough that a ZIP typed or pasted is asked about once, short enough to feel immediate. */
const DEBOUNCE_MS = 300;

/**
 * The shop's ship and arrival days for this cart and destination, from its quote. Asked again when
 * the cart, the destination or `refresh` change; an answer for an older question is cancelled.
 */
export function useDelivery(cart: CartState, destination: DeliveryDestination | null, refresh: number) {
  const [state, setState] = useState<DeliveryState>({ status: "idle" });
  const items = cartItems(cart);
  const body = destination && items.length > 0 ? JSON.stringify({ items, shippingAddress: destination }) : null;
  useEffect(() => {
    if (!body) {
      setState({ status: "idle" });
      return;
    }
    setState({ status: "loading" });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch("/api/cart/quote", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body,
        signal: controller.signal,
      })
        .then((res) => res.json() as Promise<unknown>)
        .then((data) => {
          if (controller.signal.aborted) return;
          if (isFailure(data) || typeof data !== "object" || data === null) setState({ status: "failed" });
          else setState({ status: "ready", delivery: (data as { delivery?: Delivery | null }).delivery ?? null });
        })
        .catch(() => {
          if (!controller.signal.aborted) setState({ status: "failed" });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, refresh]);
  return state;
}
