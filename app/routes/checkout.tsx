import { Link } from "react-router";
import { CartContents } from "~/components/cart/cart-contents";
import { useCart } from "~/components/cart/cart-context";
import { CheckoutForm } from "~/components/checkout/checkout-form";
import { TestModeBanner } from "~/components/checkout/test-mode-banner";
import { useServerQuote } from "~/components/checkout/use-server-quote";
import { formatCents, dollarsToCents } from "~/domain/money";
import { TEST_CARDS } from "~/domain/test-cards";
import { US_STATES } from "~/domain/us-address";
import { getUser } from "~/models/session.server";
import { useShopConfig } from "~/root";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Checkout", description: "Review your order and pay securely.", path: "/checkout" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const testMode = context.services.config.payments.provider === "test";
  const user = await getUser(context.services, request.headers);
  return {
    // A signed-in customer is not asked again for what the shop knows.
    prefill: user ? { email: user.email, name: user.name } : null,
    testCards: testMode ? Object.entries(TEST_CARDS).map(([number, { label }]) => ({ number, label })) : [],
    // Sent as data rather than bundled: the state picker's names stay out of the page's JavaScript.
    states: US_STATES.map(([code, name]) => [code, name] as [string, string]),
  };
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { quote, ready, cart } = useCart();
  const config = useShopConfig();
  const hasItems = ready && quote.lines.length > 0;
  const server = useServerQuote(cart, hasItems);
  const testMode = config.paymentProvider === "test";

  return (
    <section className="container-page py-12">
      <p className="eyebrow">Checkout</p>
      <h1 className="mt-2 text-4xl font-semibold">Checkout</h1>
      {!hasItems ? (
        <div className="card mt-8 max-w-2xl">
          <CartContents layout="page" />
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1.2fr_1fr]">
          <div className="min-w-0 space-y-6">
            {testMode ? <TestModeBanner cards={loaderData.testCards} /> : null}
            <div className="card p-5 sm:p-8">
              <CheckoutForm
                requiresShipping={server.quote?.requiresShipping ?? quote.requiresShipping}
                states={loaderData.states}
                prefill={loaderData.prefill}
                totalCents={server.quote ? dollarsToCents(server.quote.total) : null}
                testMode={testMode}
                stripePublishableKey={config.stripePublishableKey}
              />
              {!testMode ? (
                <p className="mt-4 text-sm text-ink-soft">
                  Card payments are processed by Stripe; card details never touch our servers.
                </p>
              ) : null}
            </div>
          </div>
          <aside aria-labelledby="summary-heading" className="card h-fit min-w-0 p-5 sm:p-6 lg:sticky lg:top-24">
            <h2 id="summary-heading" className="text-xl font-semibold">
              Order summary
            </h2>
            <CartContents layout="page" />
            <div className="mt-4 rounded-xl bg-sand p-4 text-sm" aria-live="polite" data-testid="server-quote">
              {server.error ? (
                <p role="alert" className="font-medium text-coral-text">
                  {server.error}{" "}
                  <Link to="/products" className="underline">
                    Adjust your cart
                  </Link>
                </p>
              ) : server.quote ? (
                <p>
                  Confirmed by the shop:{" "}
                  <strong data-testid="server-total">{formatCents(dollarsToCents(server.quote.total))}</strong>,
                  shipping {server.quote.requiresShipping ? "free" : "not needed"}.
                </p>
              ) : (
                <p className="text-ink-soft">Checking prices and stock with the shop…</p>
              )}
            </div>
          </aside>
        </div>
      )}
    </section>
  );
}
