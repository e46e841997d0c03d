import { ShieldCheck } from "lucide";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useCart } from "#app/components/cart/cart-context";
import { isFailure, postJson, type ApiFailure } from "#app/components/checkout/checkout-client";
import { Icon } from "#app/components/ui/icon";
import { formatCents } from "#app/domain/money";
import { orderConfirmationPath } from "#app/domain/order-links";
import { getOrderForToken, startPaymentStep } from "#app/models/orders/orders.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/checkout-challenge";

const StripeAuthenticate = lazy(() => import("#app/components/checkout/stripe-authenticate.client"));

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Confirm your payment",
    description: "Card authentication (3-D Secure).",
    path: "/checkout/challenge",
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token") ?? "";
  const { services } = context;
  const order = await getOrderForToken(services.database.db, params.get("order") ?? "", token);
  // The buyer has reached the payment step: the order now holds its stock for the full window.
  if (order?.status === "pending_payment" && order.stockHeld)
    await startPaymentStep(services.database.db, order, services.clock(), services.config.reservationMinutes);
  // Reached again after the step (the browser's Back button): say what became of the order.
  const outcome = !order
    ? "unknown"
    : order.status === "pending_payment"
      ? order.stockHeld
        ? "open"
        : "declined"
      : order.paidAt
        ? "paid"
        : "closed";
  // With Stripe, a renewal the issuer wants the buyer for is finished by Stripe.js on this page.
  const resume =
    outcome === "open" && order?.paymentReference && services.payments.resumeInBrowser
      ? await services.payments.resumeInBrowser(order.paymentReference).catch(() => null)
      : null;
  const publishableKey = services.config.payments.stripePublishableKey;
  return {
    // The test bank's buttons are for the test provider only.
    outcome: outcome === "open" && services.payments.resumeInBrowser && !resume ? "unknown" : outcome,
    stripe: resume && publishableKey ? { publishableKey, ...resume } : null,
    order: order
      ? {
          id: order.id,
          number: order.number,
          totalCents: order.totalCents,
          url: orderConfirmationPath(order.id, token),
        }
      : null,
    token,
  } as const;
}

/** The test provider's 3-D Secure step: a stand-in for the card issuer's own page. */
export default function CheckoutChallenge({ loaderData }: Route.ComponentProps) {
  const { order, token, outcome, stripe } = loaderData;
  const { clear } = useCart();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (outcome === "paid" && order) {
    return (
      <section className="container-page py-16 text-center" data-testid="challenge-paid">
        <h1 className="text-3xl font-semibold">
          Order <span className="whitespace-nowrap">{order.number}</span> is paid
        </h1>
        <p className="mt-3 text-ink-soft">
          Your payment of {formatCents(order.totalCents)} is confirmed; there is nothing more to do on this step.
        </p>
        <Link to={order.url} className="btn-primary mt-6">
          View order <span className="whitespace-nowrap">{order.number}</span>
        </Link>
      </section>
    );
  }
  if (outcome !== "open" || !order) {
    return (
      <section className="container-page py-16 text-center">
        <h1 className="text-3xl font-semibold">This payment step is over</h1>
        <p className="mt-3 text-ink-soft">
          {outcome === "declined"
            ? "The card issuer did not confirm this payment, so nothing was charged. Your cart is unchanged: try again with the same or another card."
            : outcome === "closed"
              ? "This checkout ended without a payment (it ran out of time or was cancelled), so nothing was charged. Your cart is unchanged."
              : "We couldn't find this payment step. If you paid, the confirmation email has a link to your order."}
        </p>
        <Link to="/checkout" className="btn-primary mt-6">
          Back to checkout
        </Link>
      </section>
    );
  }

  if (stripe) {
    return (
      <section className="container-page flex justify-center py-16">
        <div className="card w-full max-w-md p-8" data-testid="challenge">
          <Icon icon={ShieldCheck} aria-hidden="true" className="h-10 w-10 text-reef" />
          <h1 className="mt-4 text-3xl font-semibold">Confirm your payment</h1>
          <p className="mt-3 text-ink-soft">
            Your bank asks you to confirm the payment of <strong>{formatCents(order.totalCents)}</strong> for order{" "}
            <span className="whitespace-nowrap">{order.number}</span> before it is charged.
          </p>
          <div className="mt-6">
            <Suspense fallback={<p className="text-ink-soft">Loading the secure payment step…</p>}>
              <StripeAuthenticate
                publishableKey={stripe.publishableKey}
                clientSecret={stripe.clientSecret}
                paymentMethod={stripe.paymentMethod}
                step={stripe.step}
                orderUrl={order.url}
              />
            </Suspense>
          </div>
        </div>
      </section>
    );
  }

  async function answer(outcome: "complete" | "fail") {
    setBusy(true);
    const { data } = await postJson<{ orderUrl: string }>(`/api/orders/${order!.id}/challenge`, {
      token,
      outcome,
    }).catch((): { data: ApiFailure } => ({
      data: { error: { code: "unavailable", message: "We couldn't reach the shop. Try again." } },
    }));
    setBusy(false);
    if (isFailure(data)) {
      setError(data.error.message);
      return;
    }
    clear({ silent: true });
    void navigate(data.orderUrl);
  }

  return (
    <section className="container-page flex justify-center py-16">
      <div className="card w-full max-w-md p-8" data-testid="challenge">
        <Icon icon={ShieldCheck} aria-hidden="true" className="h-10 w-10 text-reef" />
        <p className="eyebrow mt-4">Test bank · 3-D Secure</p>
        <h1 className="mt-2 text-3xl font-semibold">Confirm your payment</h1>
        <p className="mt-3 text-ink-soft">
          Your card issuer asks you to confirm a payment of <strong>{formatCents(order.totalCents)}</strong> to Lazy
          Reefer for order <span className="whitespace-nowrap">{order.number}</span>. In test mode you choose the
          outcome.
        </p>
        {error ? (
          <div role="alert" className="mt-4 rounded-xl bg-coral-light p-3 text-sm font-medium text-coral-text">
            {error}{" "}
            <Link to="/checkout" className="underline">
              Back to checkout
            </Link>
          </div>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" className="btn-primary" disabled={busy || !!error} onClick={() => answer("complete")}>
            Complete
          </button>
          <button type="button" className="btn-secondary" disabled={busy || !!error} onClick={() => answer("fail")}>
            Fail
          </button>
        </div>
      </div>
    </section>
  );
}
