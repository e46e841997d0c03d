import { Loader2, Lock } from "lucide";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { takeEarly } from "#app/components/cart/early-taps";
import { rememberLastOrder } from "#app/components/cart/last-order";
import { Field, SelectField } from "#app/components/ui/field";
import { Icon } from "#app/components/ui/icon";
import { whenIdle } from "#app/components/ui/idle";
import { cardFieldForRefusal, isTipsOnly } from "#app/domain/checkout-rules";
import { formatCents } from "#app/domain/money";
import { isFailure, postJson } from "./checkout-client";
import {
  forgetCheckoutFields,
  formatExpiry,
  formatInput,
  groupCardNumber,
  restoreCheckoutFields,
  saveCheckoutFields,
} from "./checkout-fields";
import { cartItems } from "./checkout-items";
import { deliveryDestination, type DeliveryDestination } from "./delivery-choice";
import { DeliveryPicker } from "./delivery-picker";
import { useDelivery } from "./use-delivery";
import type { CartCore } from "#app/components/cart/cart-context";
import type { Product } from "#app/domain/catalogue";

type Errors = Record<string, string>;

// Stripe's code is fetched only by shops that run the stripe provider.
const StripePayment = lazy(() => import("./stripe-payment.client"));
const loadValidation = () => import("./checkout-validation");

interface CheckoutAnswer {
  order: { id: string; number: string };
  orderUrl: string;
  nextAction?: { type: string; url: string };
  clientSecret?: string;
}

export interface CheckoutFormProps {
  /** The cart as the page holds it (the form is a root of its own: no context reaches it). */
  cart: CartCore["cart"];
  ready: boolean;
  clear: CartCore["clear"];
  navigate: (to: string) => unknown;
  /** A signed-in customer's email and name. */
  prefill: { email: string; name: string } | null;
  /** The total the shop confirmed, shown on the pay button. */
  totalCents: number | null;
  requiresShipping: boolean;
  /** Where we ship: [code, name] of the 50 states and DC. */
  states: [string, string][];
  testMode: boolean;
  stripePublishableKey?: string | null;
  /** The catalogue the cart's lines are read against (which of them are tips). */
  products?: readonly Product[];
  /** The shop's quote holds a subscribed line (subscribe & save): say what happens to the card. */
  subscribes?: boolean;
  /** Subscribe & save: how many days before each charge the reminder comes. */
  reminderDaysBefore: number;
}

/**
 * Contact, address (only when something ships), card, place order. One Zod schema with the server.
 * An island (app/components/island.tsx): hydrated in place on first use, so its code is not loaded
 * before the shopper's first tap, and what they type meanwhile stays.
 */
export function CheckoutForm({
  cart,
  ready,
  clear,
  navigate,
  requiresShipping,
  states,
  prefill,
  totalCents,
  testMode,
  stripePublishableKey,
  products = [],
  subscribes = false,
  reminderDaysBefore,
}: CheckoutFormProps) {
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Until the page is ready the card inputs belong to no form: a browser without JavaScript that
  // posts the form as plain HTML must not send card details to the shop's server.
  const [cardDetached, setCardDetached] = useState(true);
  useEffect(() => setCardDetached(false), []);
  const cardForm = cardDetached ? "card-details-need-javascript" : undefined;
  const [stripeStep, setStripeStep] = useState<{ clientSecret: string; orderUrl: string } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The server renders the form with what it knows of a signed-in customer; fields kept from
  // before a reload come in after hydration, and never over what was typed meanwhile.
  // Synchronous guard against a double submit (state updates land only on the next render).
  const busy = useRef(false);
  // One Idempotency-Key per order attempt: sending the same form again after a lost answer
  // reuses it, so the shop answers with the first order instead of placing a second.
  const attempt = useRef<{ request: string; key: string } | null>(null);
  // Ship days are asked for once the ZIP is complete; the fields are the browser's (uncontrolled),
  // so the form reads them as they change, and once on hydrating for what was typed before.
  const [destination, setDestination] = useState<DeliveryDestination | null>(null);
  // The ship day the buyer picked; null sends none and the shop takes its first (the one shown).
  const [pickedShipOn, setPickedShipOn] = useState<string | null>(null);
  const [deliveryRefresh, setDeliveryRefresh] = useState(0);
  const delivery = useDelivery(cart, requiresShipping && ready ? destination : null, deliveryRefresh);
  function readDestination(form: HTMLFormElement) {
    const value = (name: string) => {
      const field = form.elements.namedItem(name);
      return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value : "";
    };
    const next = deliveryDestination(value("postalCode"), value("state"));
    setDestination((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
  }

  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError]);
  useEffect(() => whenIdle(() => void loadValidation()), []);
  useEffect(() => {
    if (!formRef.current) return;
    restoreCheckoutFields(formRef.current);
    readDestination(formRef.current);
  }, []);
  // "Pay" tapped while the page was loading: held by the inline script, sent now that the cart is here.
  useEffect(() => {
    if (ready && takeEarly("__lrSubmit")) formRef.current?.requestSubmit();
  }, [ready]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      await validateAndPlace(new FormData(event.currentTarget));
    } finally {
      busy.current = false;
    }
  }

  async function validateAndPlace(form: FormData) {
    const { readCheckoutForm, validateCheckout } = await loadValidation();
    const { customer, address, card } = readCheckoutForm(form, requiresShipping);
    const found = validateCheckout({ customer, address, card }, testMode);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError("Please check the fields marked below.");
      return;
    }

    setSubmitting(true);
    setFormError(null);
    const request = JSON.stringify({
      items: cartItems(cart),
      customer,
      shippingAddress: address,
      payment: testMode ? { card } : undefined,
      // Only a day the buyer picked: otherwise the shop's first day at the time of the order.
      shipOn: requiresShipping && pickedShipOn ? pickedShipOn : undefined,
    });
    if (attempt.current?.request !== request) attempt.current = { request, key: crypto.randomUUID() };
    try {
      const { status, data } = await postJson<CheckoutAnswer>("/api/checkout", JSON.parse(request), {
        "Idempotency-Key": attempt.current.key,
      });
      // An answer arrived: a new submit is a new attempt (a declined card may be tried again).
      attempt.current = null;
      if (isFailure(data)) {
        const field = cardFieldForRefusal(data.error.reason);
        if (field) setErrors({ [field]: data.error.message });
        if (data.error.reason === "ship-date-unavailable") {
          // The shop's calendar moved on since the days were shown: show today's days to pick from.
          setErrors({ shipOn: "That day is no longer open for shipping. Choose one of the days below." });
          setPickedShipOn(null);
          setDeliveryRefresh((n) => n + 1);
        }
        setFormError(status === 402 ? `${data.error.message} Your cart is still here.` : data.error.message);
        return;
      }
      if (data.clientSecret) {
        rememberLastOrder({ number: data.order.number, url: data.orderUrl });
        forgetCheckoutFields();
        clear({ silent: true });
        setStripeStep({ clientSecret: data.clientSecret, orderUrl: data.orderUrl });
        return;
      }
      if (data.nextAction?.type === "three_d_secure") {
        void navigate(data.nextAction.url);
        return;
      }
      forgetCheckoutFields();
      const tipsOnly = isTipsOnly(cart, products);
      const next = tipsOnly ? data.orderUrl.replace("/order-confirmation", "/thankyou") : data.orderUrl;
      rememberLastOrder({ number: data.order.number, url: next });
      clear({ silent: true });
      void navigate(next);
    } catch {
      setFormError("We couldn't reach the shop. Check your connection and try again; you won't be charged twice.");
    } finally {
      setSubmitting(false);
    }
  }

  const err = (key: string) => errors[key];
  if (stripeStep && stripePublishableKey) {
    return (
      <Suspense fallback={<p className="text-ink-soft">Loading the secure payment form…</p>}>
        <StripePayment
          publishableKey={stripePublishableKey}
          clientSecret={stripeStep.clientSecret}
          returnUrl={stripeStep.orderUrl}
        />
      </Suspense>
    );
  }
  return (
    <form
      ref={formRef}
      method="post"
      data-early-submit
      onSubmit={onSubmit}
      onChange={(e) => {
        saveCheckoutFields(e.currentTarget);
        readDestination(e.currentTarget);
      }}
      noValidate
      className="space-y-8"
      aria-describedby={formError ? "checkout-error" : undefined}
    >
      {formError ? (
        <div
          id="checkout-error"
          ref={errorRef}
          tabIndex={-1}
          role="alert"
          className="rounded-xl border border-coral-text/40 bg-coral-light p-4 text-sm font-medium text-coral-text"
        >
          {formError}
        </div>
      ) : null}

      <fieldset className="space-y-4">
        <legend className="font-display text-xl font-semibold">Contact</legend>
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={err("customer.email")}
          defaultValue={prefill?.email}
          maxLength={254}
          hint="Your confirmation and tracking go here."
        />
        <Field
          name="name"
          label="Full name"
          autoComplete="name"
          required
          maxLength={120}
          defaultValue={prefill?.name}
          error={err("customer.name")}
        />
        {/* Consent to the one reminder (decision 045): off unless the buyer ticks it. */}
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" name="remindMe" className="mt-1 h-4 w-4" />
          <span>Email me if my checkout doesn&apos;t go through</span>
        </label>
      </fieldset>

      {requiresShipping ? (
        <fieldset className="space-y-4">
          <legend className="font-display text-xl font-semibold">Shipping address</legend>
          <Field
            name="line1"
            label="Street address"
            autoComplete="address-line1"
            required
            maxLength={200}
            error={err("address.line1")}
          />
          <Field
            name="line2"
            label="Apartment, suite (optional)"
            autoComplete="address-line2"
            maxLength={200}
            error={err("address.line2")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              name="city"
              label="City"
              autoComplete="address-level2"
              required
              maxLength={100}
              error={err("address.city")}
            />
            <SelectField
              name="state"
              label="State"
              autoComplete="address-level1"
              error={err("address.state")}
              required
              prompt="Choose a state"
              options={states.map(([value, label]) => ({ value, label }))}
            />
            <Field
              name="postalCode"
              label="ZIP code"
              autoComplete="postal-code"
              required
              maxLength={10}
              error={err("address.postalCode")}
              hint="5 digits, or ZIP+4 like 33602-1234."
            />
            <SelectField
              name="country"
              label="Country"
              autoComplete="country"
              error={err("address.country")}
              required
              options={[{ value: "US", label: "United States" }]}
              hint="Live plants ship within the US only (50 states and DC)."
            />
          </div>
        </fieldset>
      ) : (
        <p className="rounded-xl bg-sand-deep p-4 text-sm">
          Everything in your cart is digital, so we don&apos;t need a shipping address.
        </p>
      )}

      {requiresShipping ? (
        <DeliveryPicker
          state={delivery}
          picked={pickedShipOn}
          error={err("shipOn")}
          onPick={(shipOn) => {
            setPickedShipOn(shipOn);
            if (errors.shipOn) setErrors(({ shipOn: _, ...rest }) => rest);
          }}
        />
      ) : null}

      {testMode ? (
        <fieldset className="space-y-4">
          <legend className="font-display text-xl font-semibold">Card</legend>
          <Field
            name="cardNumber"
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            form={cardForm}
            required
            maxLength={23}
            error={err("card.number")}
            placeholder="4242 4242 4242 4242"
            onInput={(e) => formatInput(e, groupCardNumber)}
          />
          <div className="grid grid-cols-2 gap-4">
            <Field
              name="expiry"
              label="Expiry (MM/YY)"
              autoComplete="cc-exp"
              form={cardForm}
              required
              placeholder="12/34"
              inputMode="numeric"
              maxLength={5}
              onInput={(e) => formatInput(e, formatExpiry)}
              error={err("card.expiry") ?? err("card.expMonth") ?? err("card.expYear")}
            />
            <Field
              name="cvc"
              label="CVC"
              autoComplete="cc-csc"
              form={cardForm}
              required
              maxLength={4}
              error={err("card.cvc")}
            />
          </div>
        </fieldset>
      ) : null}

      {subscribes ? (
        <p className="rounded-xl bg-sand-deep p-4 text-sm" data-testid="subscription-terms">
          <strong>Subscribe &amp; save:</strong> your card is kept with the payment provider (never by us) to pay for
          the deliveries to come. We email you a reminder {reminderDaysBefore} days before each charge, and you can skip
          a delivery or cancel anytime.
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full text-base" disabled={submitting} aria-busy={submitting}>
        {submitting ? (
          <>
            <Icon icon={Loader2} aria-hidden="true" className="h-5 w-5 animate-spin" /> Placing your order…
          </>
        ) : (
          <>
            <Icon icon={Lock} aria-hidden="true" className="h-5 w-5" />{" "}
            {testMode
              ? totalCents !== null
                ? `Pay ${formatCents(totalCents)}`
                : "Place order"
              : "Continue to payment"}
          </>
        )}
      </button>
    </form>
  );
}
