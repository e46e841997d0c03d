import { Loader2, Lock } from "lucide";
import { useState } from "react";
import { Icon } from "#app/components/ui/icon";
import { isFailure, postJson } from "./checkout-client";
import { useStripeElements } from "./stripe-elements.client";

/**
 * Stripe's Payment Element for an order's PaymentIntent. Loaded only when the shop runs the
 * `stripe` provider (this module is split out and imported on demand). The order turns paid from
 * the signed webhook, not from this page.
 */
export default function StripePayment({
  publishableKey,
  clientSecret,
  returnUrl,
}: {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
}) {
  const { mountRef, ready, error, setError } = useStripeElements(
    publishableKey,
    clientSecret,
    "The payment form could not be loaded. Check your connection and reload the page.",
    // The payment form is in front of the buyer: ask the shop to hold the stock for the full window.
    () => {
      const link = new URL(returnUrl, window.location.origin).searchParams;
      return postJson(`/api/orders/${link.get("order")}/payment-step`, { token: link.get("token") })
        .then(({ data }) => (isFailure(data) ? data.error.message : null))
        .catch(() => null);
    },
  );
  const [busy, setBusy] = useState(false);

  async function pay() {
    if (!ready) return;
    setBusy(true);
    const result = await ready.stripe.confirmPayment({
      elements: ready.elements,
      confirmParams: { return_url: new URL(returnUrl, window.location.origin).toString() },
    });
    // Only reached on an immediate error; success redirects to the return URL.
    setError(result.error?.message ?? "The payment did not go through.");
    setBusy(false);
  }

  return (
    <div className="space-y-4">
      <div ref={mountRef} />
      {error ? (
        <p role="alert" className="rounded-xl bg-coral-light p-3 text-sm font-medium text-coral-text">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn-primary w-full text-base" disabled={!ready || busy} onClick={pay}>
        {busy ? (
          <Icon icon={Loader2} aria-hidden="true" className="h-5 w-5 animate-spin" />
        ) : (
          <Icon icon={Lock} aria-hidden="true" className="h-5 w-5" />
        )}{" "}
        Pay now
      </button>
    </div>
  );
}
