import { lazy, Suspense, useEffect, useRef } from "react";
import { data, useNavigate } from "react-router";
import { useCart } from "#app/components/cart/cart-context";
import { checkoutFormHtml, testModeBannerHtml } from "#app/components/checkout/checkout-form-html.server";
import { DiscountCodeForm, type DiscountCodeFormView } from "#app/components/checkout/discount-code-form.server";
import { useServerQuote } from "#app/components/checkout/use-server-quote";
import { Island } from "#app/components/island";
import { OrderSummary } from "#app/components/order-summary";
import { discountCodeCookie, DiscountCodeEntrySchema } from "#app/domain/discount-codes";
import { formatCents, dollarsToCents } from "#app/domain/money";
import { REMINDER_DAYS_BEFORE } from "#app/domain/subscriptions";
import { US_STATES } from "#app/domain/us-address";
import { getUser } from "#app/models/accounts/session.server";
import { checkTypedCode, codeGuesses, keptCodeView, TOO_MANY_GUESSES } from "#app/models/orders/discount-codes.server";
import { formError } from "#app/utils/form-response";
import { islandHtml } from "#app/utils/island-html.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Checkout", description: "Review your order and pay securely.", path: "/checkout" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { payments } = context.services.config;
  const testMode = payments.provider === "test";
  const user = await getUser(context.services, request.headers);
  // What the form is drawn with, on the server and again in the browser when its island hydrates.
  const form = {
    // A signed-in customer is not asked again for what the shop knows.
    prefill: user ? { email: user.email, name: user.name } : null,
    // Sent as data rather than bundled: the state picker's names stay out of the page's JavaScript.
    states: US_STATES.map(([code, name]) => [code, name] as [string, string]),
    testMode,
    stripePublishableKey: payments.stripePublishableKey,
    reminderDaysBefore: REMINDER_DAYS_BEFORE,
  };
  const code = await keptCodeView(
    context.services.database.db,
    request.headers.get("Cookie"),
    context.services.clock(),
  );
  return {
    form,
    formHtml: checkoutFormHtml(context, CHECKOUT_FORM_ID, { ...form, ...BEFORE_THE_CART }),
    codeHtml: islandHtml(context, CODE_FORM_ID, <DiscountCodeForm view={code} />),
    // Static text and a list of test cards: markup only, and shops on Stripe never send it.
    testBanner: testMode ? testModeBannerHtml(context, "test-mode-banner") : undefined,
  };
}

/** The element the form's island is (its server HTML and its own React root). */
const CHECKOUT_FORM_ID = "checkout-form";

/** "Add a code": markup only, as the loader drew it, or as the action answered a post of it. */
const CODE_FORM_ID = "discount-code";
const CODE_RESULT_ID = "discount-code-result";

/** The server can't see the cart (it is kept in the browser): ask for an address, no total yet. */
const BEFORE_THE_CART = { requiresShipping: true, totalCents: null, subscribes: false };

// Only a cart emptied here (an order placed, then Back) needs it: not among what the page loads first.
const EmptyCart = lazy(() => import("#app/components/cart/empty-cart").then((m) => ({ default: m.EmptyCart })));

const loadCheckoutForm = () => import("#app/components/checkout/checkout-form").then((m) => m.CheckoutForm);

const NEEDS_JAVASCRIPT =
  "Checkout needs JavaScript turned on: your cart is kept in this browser, and card details go straight to the payment provider. Nothing was charged.";

/**
 * "Add a code" and "Remove code" post here as plain forms (before or without JavaScript): the
 * code is kept in a cookie the quote and the checkout read. Any other post is the checkout form
 * from a browser without JavaScript (with it, checkout goes to /api/checkout): say why it can't go on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "code" && intent !== "remove-code") return formError(NEEDS_JAVASCRIPT, { status: 400 });
  const { services } = context;
  const secure = services.config.publicUrl.startsWith("https:");
  const answer = (view: DiscountCodeFormView, init: { status?: number; code?: string | null } = {}) =>
    data(
      { codeHtml: islandHtml(context, CODE_RESULT_ID, <DiscountCodeForm view={view} />) },
      {
        status: init.status ?? 200,
        ...(init.code !== undefined ? { headers: { "Set-Cookie": discountCodeCookie(init.code, secure) } } : {}),
      },
    );
  if (intent === "remove-code") return answer({ applied: null, message: "Code removed." }, { code: null });
  const raw = form.get("discountCode");
  const typed = typeof raw === "string" ? raw.slice(0, 64) : "";
  const parsed = DiscountCodeEntrySchema.safeParse(typed);
  if (!parsed.success) return answer({ applied: null, error: parsed.error.issues[0]!.message, typed }, { status: 400 });
  const guesses = codeGuesses(services.rateLimiter, context.clientIp);
  if (await guesses.blocked()) return answer({ applied: null, error: TOO_MANY_GUESSES, typed }, { status: 429 });
  const checked = await checkTypedCode(services.database.db, parsed.data, services.clock());
  if (!checked.ok) {
    await guesses.count(checked.reason);
    return answer({ applied: null, error: checked.message, typed }, { status: 400 });
  }
  return answer(
    {
      applied: { code: checked.code, summary: checked.summary },
      kept: checked.code,
      message: `Code ${checked.code} added: the order summary shows what it takes off.`,
    },
    { code: checked.code },
  );
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { ready, cart, setOpen, clear, catalogue } = useCart();
  const navigate = useNavigate();
  const { form } = loaderData;
  const hasItems = ready && cart.lines.length + cart.combos.length > 0;
  // The summary, the pay button and the phone's summary bar all show the shop's own pricing of the
  // cart: nothing on this page is priced in the browser, and the pricing code is not loaded here.
  const server = useServerQuote(cart, hasItems);
  const testMode = form.testMode;
  // What the card is charged: the total less the store credit the shop says this buyer's order spends.
  const toPayCents = server.quote ? dollarsToCents(server.quote.toPay ?? server.quote.total) : null;
  const total = toPayCents === null ? null : formatCents(toPayCents);
  // Back here after an order (or the last item removed), the page is short now: the restored scroll
  // position would show the footer, so bring the empty cart into view.
  const empty = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ready && !hasItems) empty.current?.scrollIntoView({ block: "nearest" });
  }, [ready, hasItems]);

  return (
    <section className="container-page py-12">
      <p className="eyebrow">Checkout</p>
      <h1 className="mt-2 text-4xl font-semibold">Checkout</h1>
      <noscript>
        <p className="mt-4 max-w-2xl rounded-xl bg-gold-light p-3 text-sm font-medium text-[#7a5300]">
          {NEEDS_JAVASCRIPT}
        </p>
      </noscript>
      {actionData && "message" in actionData && actionData.message ? (
        <p role="alert" className="mt-4 max-w-2xl rounded-xl bg-coral-light p-3 text-sm font-medium text-coral-text">
          {actionData.message}
        </p>
      ) : null}
      {ready && !hasItems ? (
        <div ref={empty} className="card mt-8 max-w-2xl">
          <Suspense fallback={<p className="p-6 text-ink-soft">Your cart is empty.</p>}>
            <EmptyCart />
          </Suspense>
        </div>
      ) : (
        // The form is in the server's HTML (the cart, kept in the browser, fills in the summary
        // once the page is ready): a person on a slow phone can type at once (decision 018).
        <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-[1.2fr_1fr] lg:gap-8">
          {/* On a phone a bar at the top that opens the summary; beside the form on a desktop (app.css). */}
          <details className="summary-bar card h-fit min-w-0 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
            <summary>
              <span>
                <span className="if-closed">Show</span>
                <span className="if-open">Hide</span> order summary{total ? ` · ${total}` : null}
              </span>
            </summary>
            <aside aria-labelledby="summary-heading" className="px-5 pb-5 sm:px-6 sm:pb-6 lg:pt-6">
              <h2 id="summary-heading" className="text-xl font-semibold">
                Order summary
              </h2>
              <div className="mt-2" aria-live="polite" data-testid="server-quote">
                {server.error ? (
                  <div role="alert" className="rounded-xl bg-coral-light p-4 text-sm font-medium text-coral-text">
                    <p>{server.error}</p>
                    <button type="button" className="btn-secondary mt-3" onClick={server.retry}>
                      Try again
                    </button>
                  </div>
                ) : server.quote ? (
                  <OrderSummary
                    order={{
                      // A subscribed line's `note` (its schedule and saving) comes in the shop's words.
                      lines: server.quote.lines.map((line) => ({ ...line, totalCents: dollarsToCents(line.total) })),
                      subtotalCents: dollarsToCents(server.quote.subtotal),
                      discountCents: dollarsToCents(server.quote.discount),
                      requiresShipping: server.quote.requiresShipping,
                      storeCreditCents: dollarsToCents(server.quote.storeCredit ?? 0),
                      discountCode: server.quote.discountCode,
                      codeDiscountCents: dollarsToCents(server.quote.codeDiscount ?? 0),
                      totalCents: toPayCents!,
                    }}
                    itemsLabel="Items in your cart"
                    totalTestId="server-total"
                    savingsLabel="Savings included"
                  />
                ) : (
                  <p className="py-3 text-sm text-ink-soft">Checking prices and stock with the shop…</p>
                )}
              </div>
              {/* Quantities are changed in the cart panel, which loads its code when it opens. */}
              <button type="button" className="btn-secondary mt-4 w-full" data-early-open onClick={() => setOpen(true)}>
                Edit cart
              </button>
            </aside>
          </details>
          <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
            {testMode ? <Island id="test-mode-banner" html={loaderData.testBanner} /> : null}
            {actionData && "codeHtml" in actionData ? (
              <Island id={CODE_RESULT_ID} html={actionData.codeHtml} />
            ) : (
              <Island id={CODE_FORM_ID} html={loaderData.codeHtml} />
            )}
            <div className="card p-5 sm:p-8">
              <Island
                id={CHECKOUT_FORM_ID}
                html={loaderData.formHtml}
                load={loadCheckoutForm}
                when="idle"
                server={BEFORE_THE_CART}
                props={{
                  ...form,
                  cart,
                  ready,
                  clear,
                  navigate,
                  requiresShipping: server.quote?.requiresShipping ?? BEFORE_THE_CART.requiresShipping,
                  totalCents: toPayCents,
                  // The shop's quote holds a subscribed line: the form says what that means for the card.
                  subscribes: server.quote?.lines.some((line) => line.subscription) ?? false,
                  products: catalogue.products,
                }}
              />
              {!testMode ? (
                <p className="mt-4 text-sm text-ink-soft">
                  Card payments are processed by Stripe; card details never touch our servers.
                </p>
              ) : null}
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
