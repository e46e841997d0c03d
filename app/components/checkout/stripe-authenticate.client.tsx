import { loadStripe } from "@stripe/stripe-js";
import { Loader2, ShieldCheck } from "lucide";
import { useState } from "react";
import { Icon } from "#app/components/ui/icon";

/**
 * A payment the card issuer wants the buyer for (3-D Secure on a renewal charged while they
 * were away), finished with Stripe.js: its own step when Stripe waits on one, else the card
 * that was tried confirmed again with the buyer present. The order turns paid from the signed
 * webhook; this page then shows the order. Loaded on demand, only for the `stripe` provider.
 */
export default function StripeAuthenticate({
  publishableKey,
  clientSecret,
  paymentMethod,
  step,
  orderUrl,
}: {
  publishableKey: string;
  clientSecret: string;
  paymentMethod: string | null;
  step: "action" | "confirm";
  orderUrl: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function authenticate() {
    setBusy(true);
    setError(null);
    try {
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error("Stripe.js did not load");
      const result =
        step === "action" || !paymentMethod
          ? await stripe.handleNextAction({ clientSecret })
          : await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethod });
      if (result.error) {
        setError(result.error.message ?? "Your bank did not confirm the payment. Try again or use another card.");
        setBusy(false);
        return;
      }
      window.location.assign(orderUrl);
    } catch {
      setError("The secure payment step could not be loaded. Check your connection and try again.");
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3" data-testid="stripe-authenticate">
      {error ? (
        <p role="alert" className="rounded-xl bg-coral-light p-3 text-sm font-medium text-coral-text">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn-primary w-full text-base" disabled={busy} onClick={authenticate}>
        <Icon
          icon={busy ? Loader2 : ShieldCheck}
          aria-hidden="true"
          className={`h-5 w-5 ${busy ? "animate-spin" : ""}`}
        />{" "}
        Confirm with your bank
      </button>
    </div>
  );
}
