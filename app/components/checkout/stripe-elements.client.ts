import { loadStripe, type Stripe, type StripeElements } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";

/**
 * Stripe's Payment Element for a PaymentIntent's or a SetupIntent's client secret, mounted in
 * the returned ref once Stripe.js has loaded; `onReady` runs then (once per secret), and the
 * message it may answer is shown as the form's error.
 */
export function useStripeElements(
  publishableKey: string,
  clientSecret: string,
  unavailable: string,
  onReady?: () => Promise<string | null>,
) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  useEffect(() => {
    let cancelled = false;
    loadStripe(publishableKey)
      .then((stripe) => {
        if (cancelled || !stripe || !mountRef.current) return;
        const elements = stripe.elements({
          clientSecret,
          appearance: { theme: "stripe", variables: { colorPrimary: "#0e7c7b" } },
        });
        elements.create("payment").mount(mountRef.current);
        setReady({ stripe, elements });
        void onReadyRef.current?.().then((message) => {
          if (!cancelled && message) setError(message);
        });
      })
      .catch(() => setError(unavailable));
    return () => {
      cancelled = true;
    };
  }, [publishableKey, clientSecret, unavailable]);

  return { mountRef, ready, error, setError };
}
