import { Loader2, Lock } from "lucide";
import { useState } from "react";
import { Icon } from "#app/components/ui/icon";
import { useStripeElements } from "./stripe-elements.client";

/**
 * Stripe's Payment Element on a SetupIntent: the buyer gives a new card for a subscription's
 * renewals. Stripe confirms it (3-D Secure included) and sends the browser back to `returnUrl`
 * with the SetupIntent's id; the shop then reads from Stripe what it kept. Loaded on demand,
 * only when the shop runs the `stripe` provider.
 */
export default function StripeCardSetup({
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
    "The card form could not be loaded. Check your connection and reload the page.",
  );
  const [busy, setBusy] = useState(false);

  async function save() {
    if (!ready) return;
    setBusy(true);
    const result = await ready.stripe.confirmSetup({
      elements: ready.elements,
      confirmParams: { return_url: new URL(returnUrl, window.location.origin).toString() },
    });
    // Only reached on an immediate error; success goes to the return URL.
    setError(result.error?.message ?? "The card could not be saved.");
    setBusy(false);
  }

  return (
    <div className="space-y-3" data-testid="stripe-card-setup">
      <div ref={mountRef} />
      {error ? (
        <p role="alert" className="rounded-xl bg-coral-light p-3 text-sm font-medium text-coral-text">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn-primary w-full" disabled={!ready || busy} onClick={save}>
        <Icon icon={busy ? Loader2 : Lock} aria-hidden="true" className={`h-5 w-5 ${busy ? "animate-spin" : ""}`} />{" "}
        Save this card
      </button>
    </div>
  );
}
