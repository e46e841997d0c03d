import { lazy, Suspense } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "#app/components/account/auth-card";
import { Field } from "#app/components/ui/field";
import { MAX_SUBSCRIBED_QUANTITY, type SubscriptionStatus } from "#app/domain/subscriptions";
import { quantityField } from "#app/forms/subscriptions";
import type { FormResult } from "#app/domain/forms";
import type { ReactNode } from "react";

const StripeCardSetup = lazy(() => import("#app/components/checkout/stripe-card-setup.client"));

/** One subscription as its panel draws it (worked out by the page's loader). */
export interface SubscriptionPanelView {
  id: string;
  status: SubscriptionStatus;
  statusLabel: string;
  everyWeeks: number;
  period: number;
  nextChargeOn: string;
  nextChargeLabel: string;
  card: string | null;
  pauseReason: string | null;
  lines: Array<{ productId: string; title: string; quantity: number; available: boolean; price: string }>;
  /** "$31.49 every 4 weeks (save $3.50)" for the whole delivery at today's prices. */
  total: string;
  /** The dates the next charge may move to: tomorrow to one interval from today. */
  dateMin: string;
  dateMax: string;
  dateMaxLabel: string;
  /**
   * How a new card is given: the shop's own form (the test provider), Stripe's card form in the
   * browser, or not at all.
   */
  cardEntry: "form" | "stripe" | null;
  stripeKey: string | null;
}

export type PanelFocus = "skip" | "date" | "quantity" | "cancel" | "card";

interface PanelProps {
  view: SubscriptionPanelView;
  /** Where the forms post: the page's own URL (the signed page keeps its `sig` there only). */
  action: string;
  /** The change a mail's link asked for: drawn first, with one prominent button. */
  focus?: PanelFocus | null;
  /** The last post's answer, when it was about this subscription. */
  result?: (FormResult & { subscriptionId?: string | null; setup?: { clientSecret: string } }) | null;
  notice?: string | null;
  /** Whether each form names the subscription (the account page lists several). */
  withId?: boolean;
  /** The page's own address, to read it again after a conflict. */
  reloadHref: string;
  /** Where Stripe's card form sends the browser back once the card is confirmed. */
  setupReturn?: string;
}

const STATUS_TONE: Record<SubscriptionStatus, string> = {
  pending: "bg-gold-light text-ink",
  active: "bg-chaeto-light text-chaeto",
  paused: "bg-gold-light text-ink",
  cancelled: "bg-sand-deep text-ink-soft",
};

/**
 * A subscription and every change its buyer may make, as plain HTML forms that work before
 * JavaScript: skip, pause or resume, move the date, change quantities, a new card, cancel.
 * Shared by `/account/subscriptions` and the signed page a mail links to.
 */
export function SubscriptionPanel({
  view,
  action,
  focus,
  result,
  notice,
  withId,
  reloadHref,
  setupReturn,
}: PanelProps) {
  const mine = result && (result.subscriptionId == null || result.subscriptionId === view.id) ? result : null;
  const about = (intent: string) => (mine && mine.intent === intent ? mine : null);
  const general = mine && !mine.intent ? mine : null;
  const active = view.status === "active";
  const live = view.status === "active" || view.status === "paused";
  const can: Record<PanelFocus, boolean> = {
    skip: active,
    date: active,
    quantity: live,
    card: live && view.cardEntry !== null,
    cancel: view.status !== "cancelled",
  };
  const headingId = `sub-${view.id}-heading`;
  const setup = about("card")?.setup;
  // Stripe takes the card in its own form, on a SetupIntent the shop opens when asked.
  const stripeCard = (prominent: boolean) =>
    setup && view.stripeKey ? (
      <div className="space-y-3 rounded-xl border border-line p-4">
        <p className="text-sm text-ink-soft">A delivery waiting for its payment is charged to the new card at once.</p>
        <Suspense fallback={<p className="text-ink-soft">Loading the secure card form…</p>}>
          <StripeCardSetup
            publishableKey={view.stripeKey}
            clientSecret={setup.clientSecret}
            returnUrl={setupReturn ?? reloadHref}
          />
        </Suspense>
      </div>
    ) : (
      <ActionForm {...{ view, action, withId, reloadHref }} intent="card-setup" result={about("card")}>
        <p className="text-sm text-ink-soft">
          {view.card ? `Now: ${view.card}. ` : ""}A delivery waiting for its payment is charged to the new card at once.
        </p>
        <Submit prominent={prominent}>Give a new card</Submit>
      </ActionForm>
    );
  const forms: Record<PanelFocus, (prominent: boolean) => ReactNode> = {
    skip: (prominent) => (
      <ActionForm {...{ view, action, withId, reloadHref }} intent="skip" result={about("skip")}>
        <p className="text-sm text-ink-soft">
          The delivery charged {view.nextChargeLabel} is not sent or charged; the next one comes {view.everyWeeks} weeks
          later.
        </p>
        <Submit prominent={prominent}>Skip the delivery of {view.nextChargeLabel}</Submit>
      </ActionForm>
    ),
    date: (prominent) => (
      <ActionForm {...{ view, action, withId, reloadHref }} intent="date" result={about("date")}>
        <Field
          id={`sub-${view.id}-date`}
          name="date"
          type="date"
          label="Charge the next delivery on"
          defaultValue={about("date")?.values?.date ?? view.nextChargeOn}
          min={view.dateMin}
          max={view.dateMax}
          required
          error={about("date")?.fieldErrors?.date}
          hint={`Any day from tomorrow to ${view.dateMaxLabel}; later deliveries follow every ${view.everyWeeks} weeks from it.`}
        />
        <Submit prominent={prominent}>Move the next delivery</Submit>
      </ActionForm>
    ),
    quantity: (prominent) => (
      <ActionForm {...{ view, action, withId, reloadHref }} intent="quantity" result={about("quantity")}>
        {view.lines.map((line) => (
          <Field
            key={line.productId}
            id={`sub-${view.id}-qty-${line.productId}`}
            name={quantityField(line.productId)}
            type="number"
            inputMode="numeric"
            label={`How many ${line.title}`}
            defaultValue={about("quantity")?.values?.[quantityField(line.productId)] ?? line.quantity}
            min={1}
            max={MAX_SUBSCRIBED_QUANTITY}
            required
            error={about("quantity")?.fieldErrors?.[quantityField(line.productId)]}
          />
        ))}
        <Submit prominent={prominent}>Save quantities</Submit>
      </ActionForm>
    ),
    card: (prominent) =>
      view.cardEntry === "stripe" ? (
        stripeCard(prominent)
      ) : (
        // Keyed by the card kept: once a new one is saved the fields start empty again.
        <ActionForm
          key={view.card ?? "none"}
          {...{ view, action, withId, reloadHref }}
          intent="card"
          result={about("card")}
        >
          <p className="text-sm text-ink-soft">
            {view.card ? `Now: ${view.card}. ` : ""}A delivery waiting for its payment is charged to the new card at
            once.
          </p>
          <Field
            id={`sub-${view.id}-card-number`}
            name="cardNumber"
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            required
            maxLength={23}
            placeholder="4242 4242 4242 4242"
            error={about("card")?.fieldErrors?.cardNumber}
          />
          <div className="grid grid-cols-2 gap-3">
            <Field
              id={`sub-${view.id}-card-expiry`}
              name="expiry"
              label="Expiry (MM/YY)"
              autoComplete="cc-exp"
              inputMode="numeric"
              required
              maxLength={7}
              placeholder="12/34"
              error={about("card")?.fieldErrors?.expiry}
            />
            <Field
              id={`sub-${view.id}-card-cvc`}
              name="cvc"
              label="CVC"
              autoComplete="cc-csc"
              inputMode="numeric"
              required
              maxLength={4}
              error={about("card")?.fieldErrors?.cvc}
            />
          </div>
          <Submit prominent={prominent}>Use this card</Submit>
        </ActionForm>
      ),
    cancel: (prominent) =>
      prominent ? (
        <ActionForm {...{ view, action, withId, reloadHref }} intent="cancel" result={about("cancel")}>
          <p className="text-sm text-ink-soft">
            Nothing more will be sent or charged. Deliveries already paid still come. This cannot be undone.
          </p>
          <Submit prominent>Cancel my subscription</Submit>
        </ActionForm>
      ) : (
        <details className="rounded-xl border border-line p-4" open={Boolean(about("cancel"))}>
          <summary className="cursor-pointer font-semibold">Cancel the subscription…</summary>
          <div className="mt-3">
            <ActionForm {...{ view, action, withId, reloadHref }} intent="cancel" result={about("cancel")} bare>
              <p className="text-sm text-ink-soft">
                Nothing more will be sent or charged. Deliveries already paid still come. This cannot be undone.
              </p>
              <Submit>Yes, cancel my subscription</Submit>
            </ActionForm>
          </div>
        </details>
      ),
  };
  const first = focus && can[focus] ? focus : null;
  const order: PanelFocus[] = ["skip", "date", "quantity", "card", "cancel"];
  return (
    <article
      id={`sub-${view.id}`}
      aria-labelledby={headingId}
      className="card p-5 sm:p-6"
      data-testid="subscription-panel"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold">
          Every {view.everyWeeks} weeks: {view.lines.map((l) => l.title).join(", ")}
        </h2>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONE[view.status]}`}
          data-testid="subscription-status"
        >
          {view.statusLabel}
        </span>
      </div>
      <ul className="mt-3 space-y-1">
        {view.lines.map((line) => (
          <li key={line.productId} className={line.available ? "" : "text-ink-soft"}>
            <span className="font-semibold">
              {line.quantity} × {line.title}
            </span>{" "}
            <span className="text-sm text-ink-soft">{line.price}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Today&apos;s price</dt>
        <dd data-testid="subscription-total">{view.total}</dd>
        {view.status === "active" || view.status === "paused" ? (
          <>
            <dt className="font-semibold">{view.status === "paused" ? "Next charge, once resumed" : "Next charge"}</dt>
            <dd data-testid="subscription-next">{view.nextChargeLabel}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Card</dt>
        <dd>{view.card ?? "None kept yet"}</dd>
        {view.pauseReason ? (
          <>
            <dt className="font-semibold">Why</dt>
            <dd>{view.pauseReason}</dd>
          </>
        ) : null}
      </dl>
      {view.status === "pending" ? (
        <p className="mt-3 text-sm text-ink-soft">It starts once its first order is paid.</p>
      ) : null}
      {view.status === "cancelled" ? (
        <p className="mt-3 text-sm text-ink-soft">
          Nothing more is sent or charged. Start a new one from a product page.
        </p>
      ) : null}
      <div className="mt-4" aria-live="polite">
        <FormAlert tone="success" message={notice} />
        <FormAlert message={general?.message} />
        {focus && !first && view.status !== "cancelled" ? (
          <FormAlert
            message={
              view.status === "paused"
                ? "This subscription is paused: resume it first."
                : "That change isn't possible for this subscription now."
            }
          />
        ) : null}
      </div>
      {first ? (
        <section aria-label="The change you asked for" className="mt-2 rounded-xl border-2 border-reef p-4">
          {forms[first](true)}
        </section>
      ) : null}
      {view.status !== "cancelled" ? (
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          {view.status === "active" || view.status === "paused" ? (
            <ActionForm
              {...{ view, action, withId, reloadHref }}
              intent={view.status === "active" ? "pause" : "resume"}
              result={about(view.status === "active" ? "pause" : "resume")}
            >
              <p className="text-sm text-ink-soft">
                {view.status === "active"
                  ? "Nothing is sent or charged while it is paused."
                  : "We mail you three days before the next charge."}
              </p>
              <Submit>{view.status === "active" ? "Pause the subscription" : "Resume the subscription"}</Submit>
            </ActionForm>
          ) : null}
          {order
            .filter((name) => can[name] && name !== first && name !== "cancel")
            .map((name) => (
              <div key={name}>{forms[name](false)}</div>
            ))}
          {first !== "cancel" && can.cancel ? <div>{forms.cancel(false)}</div> : null}
        </div>
      ) : null}
    </article>
  );
}

function ActionForm({
  view,
  action,
  withId,
  reloadHref,
  intent,
  result,
  bare,
  children,
}: {
  view: SubscriptionPanelView;
  action: string;
  withId?: boolean;
  reloadHref: string;
  intent: string;
  result: FormResult | null;
  bare?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={action}
      className={`space-y-3 ${bare ? "" : "rounded-xl border border-line p-4"}`}
      data-intent={intent}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="period" value={view.period} />
      {withId ? <input type="hidden" name="id" value={view.id} /> : null}
      {result?.status === "error" && result.message ? (
        <div role="alert" className="rounded-xl bg-coral-light p-3 text-sm font-medium text-coral-text">
          {result.message}{" "}
          {/changed meanwhile/.test(result.message) ? (
            <a href={reloadHref} className="underline">
              Reload
            </a>
          ) : null}
        </div>
      ) : null}
      {children}
    </Form>
  );
}

function Submit({ prominent, children }: { prominent?: boolean; children: ReactNode }) {
  const navigation = useNavigation();
  return (
    <button
      type="submit"
      className={prominent ? "btn-primary w-full text-base" : "btn-secondary"}
      disabled={navigation.state === "submitting"}
    >
      {children}
    </button>
  );
}
