import { data, redirect } from "react-router";
import { cardFieldForRefusal } from "#app/domain/checkout-rules";
import { parseForm, typedValues, type FormResult } from "#app/domain/forms";
import { formatCents } from "#app/domain/money";
import { addDays, formatShipDay, shopClock } from "#app/domain/ship-calendar";
import { describeSubscribedPrice, latestChargeDate, type SubscriptionStatus } from "#app/domain/subscriptions";
import {
  CARD_FIELD_NAMES,
  ChargeDateSchema,
  parseCard,
  parseQuantities,
  SubscriptionFormSchema,
  type SubscriptionIntent,
} from "#app/forms/subscriptions";
import {
  finishCardSetup,
  startCardSetup,
  tooManyCardsMessage,
  useNewCard as keepNewCard,
  type NewCardOutcome,
} from "#app/models/subscriptions/card.server";
import {
  changeChargeDate,
  changeQuantities,
  changeSubscription,
  getSubscription,
  type ChangeOutcome,
  type Changer,
  type SubscriptionView,
} from "#app/models/subscriptions/subscriptions.server";
import type { SubscriptionPanelView } from "#app/components/account/subscription-panel";
import type { AppServices } from "#app/services/container";

/** A form's answer on a page of several subscriptions: shown only in the panel it came from. */
export interface SubscriptionFormResult extends FormResult {
  subscriptionId: string | null;
  /** Stripe: the SetupIntent the card form in the browser confirms. */
  setup?: { clientSecret: string };
}

function fail(
  subscriptionId: string | null,
  intent: string | undefined,
  status: number,
  message: string,
  fieldErrors?: Record<string, string>,
  form?: FormData,
) {
  const result: SubscriptionFormResult = {
    status: "error",
    subscriptionId,
    message,
    ...(intent ? { intent } : {}),
    ...(fieldErrors ? { fieldErrors } : {}),
    // What was typed (never the card's fields), to fill the form in again.
    ...(form ? { values: typedValues(form) } : {}),
  };
  return data(result, { status });
}

const STATUS_WORDS: Record<SubscriptionStatus, string> = {
  pending: "Starting",
  active: "Active",
  paused: "Paused",
  cancelled: "Cancelled",
};

const PAUSE_WORDS: Record<string, string> = {
  customer: "You paused it.",
  owner: "We paused it. Reply to our mail with any question.",
  "payment-failed": "Paused after the card was declined three times: update the card, then resume it.",
  "first-order-unpaid": "The first order was never paid, so it never started.",
};

/** What a panel draws, worked out on the server: prices in words, the dates the date field allows. */
export function panelView(
  services: Pick<AppServices, "clock" | "config" | "payments">,
  view: SubscriptionView,
): SubscriptionPanelView {
  const { today } = shopClock(services.clock(), services.config.shopTimeZone);
  return {
    id: view.id,
    status: view.status,
    statusLabel: STATUS_WORDS[view.status],
    everyWeeks: view.everyWeeks,
    period: view.period,
    nextChargeOn: view.nextChargeOn,
    nextChargeLabel: formatShipDay(view.nextChargeOn, { withYear: true }),
    card: view.card,
    pauseReason: view.pauseReason ? (PAUSE_WORDS[view.pauseReason] ?? null) : null,
    lines: view.lines.map((l) => ({
      productId: l.productId,
      title: l.title,
      quantity: l.quantity,
      available: l.available,
      price: l.available
        ? `${formatCents(l.unitPriceCents)} each (save ${formatCents(l.unitSavingCents)})`
        : "No longer offered: not sent",
    })),
    total: describeSubscribedPrice(view.totalCents, view.savingCents, view.everyWeeks),
    dateMin: addDays(today, 1),
    dateMax: latestChargeDate(today, view.nextChargeOn, view.everyWeeks),
    dateMaxLabel: formatShipDay(latestChargeDate(today, view.nextChargeOn, view.everyWeeks), { withYear: true }),
    cardEntry: services.payments.saveCard ? "form" : services.payments.startCardSetup ? "stripe" : null,
    stripeKey: services.payments.startCardSetup ? services.config.payments.stripePublishableKey : null,
  };
}

/** The sentence a panel shows after a change went through (the page was redirected with `done`). */
export function doneNotice(done: string | null, view: SubscriptionPanelView, paid: string | null): string | null {
  const mailed = " We've mailed you what changed.";
  switch (done) {
    case "skip":
      return `Delivery skipped. The next one is charged ${view.nextChargeLabel}.${mailed}`;
    case "pause":
      return `Paused: nothing is sent or charged until you resume it.${mailed}`;
    case "resume":
      return `Back on: the next delivery is charged ${view.nextChargeLabel}.${mailed}`;
    case "cancel":
      return `Cancelled: nothing more will be sent or charged.${mailed}`;
    case "date":
      return `Moved: the next delivery is charged ${view.nextChargeLabel}.${mailed}`;
    case "quantity":
      return `Quantities saved: they count from the next delivery.${mailed}`;
    case "card":
      return `Card saved: ${view.card ?? "the new card"} pays from now on.${paid ? ` The delivery that was waiting for payment is paid (order ${paid}).` : ""}`;
    default:
      return null;
  }
}

/** A change outcome as the page answers it: 404 missing, 409 changed meanwhile or refused, 400 a field. */
function answerOutcome(
  outcome: ChangeOutcome,
  id: string,
  intent: SubscriptionIntent,
  done: () => never,
  field?: (reason: string) => string | null,
  form?: FormData,
) {
  switch (outcome.kind) {
    case "changed":
      return done();
    case "not-found":
      throw data(null, { status: 404 });
    case "conflict":
      return fail(id, intent, 409, outcome.message);
    case "refused": {
      const name = field?.(outcome.reason) ?? null;
      const status = ["invalid-date", "invalid-quantity", "unknown-line"].includes(outcome.reason) ? 400 : 409;
      return fail(id, intent, status, outcome.message, name ? { [name]: outcome.message } : undefined, form);
    }
  }
}

/**
 * The answer to one of a panel's forms, for both pages that show it: the account's (`customer`)
 * and the signed page a mail links to (`link`, its id from the URL). A change that went through
 * redirects to `doneUrl` (so a reload does not post it again); anything else is answered in place.
 */
export async function answerSubscriptionForm(
  services: AppServices,
  request: Request,
  at: { changer: Changer; id?: string; doneUrl: (id: string, query: Record<string, string>) => string },
) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail(at.id ?? null, undefined, 400, "The form could not be read. Please try again.");
  }
  const parsed = parseForm(SubscriptionFormSchema, form);
  if (!parsed.success) return fail(at.id ?? null, undefined, 400, parsed.result.message ?? "Choose what to change.");
  const { intent, period } = parsed.data;
  const id = at.id ?? parsed.data.id;
  if (!id) return fail(null, intent, 400, "Choose a subscription.");
  const row = await getSubscription(services.database.db, id);
  if (!row || (at.changer.kind === "customer" && row.user_id !== at.changer.userId)) throw data(null, { status: 404 });
  const done = (query: Record<string, string> = {}): never => {
    throw redirect(at.doneUrl(id, { done: intent, ...query }));
  };

  switch (intent) {
    case "skip":
    case "pause":
    case "resume":
    case "cancel": {
      // The page showed one period; a second tap after the first went through skips nothing more.
      if (intent === "skip" && period !== undefined && period !== row.period)
        return fail(
          id,
          intent,
          409,
          "The subscription changed meanwhile (that delivery may be skipped already). Reload it and try again.",
        );
      return answerOutcome(await changeSubscription(services, id, intent, at.changer), id, intent, () => done());
    }
    case "date": {
      const date = parseForm(ChargeDateSchema, form);
      if (!date.success) return fail(id, intent, 400, "Choose a date.", { date: "Choose a date." }, form);
      return answerOutcome(
        await changeChargeDate(services, id, date.data.date, at.changer),
        id,
        intent,
        () => done(),
        (reason) => (reason === "invalid-date" ? "date" : null),
        form,
      );
    }
    case "quantity": {
      const quantities = parseQuantities(form);
      if (!quantities.ok) {
        const { form: whole, ...fields } = quantities.fieldErrors;
        return fail(id, intent, 400, whole ?? "Please check the quantities marked below.", fields, form);
      }
      return answerOutcome(await changeQuantities(services, id, quantities.data, at.changer), id, intent, () => done());
    }
    case "card": {
      if (services.payments.saveCard === undefined)
        return fail(id, intent, 409, "A new card is given through the secure card form: reload the page.");
      const card = parseCard(form);
      if (!card.ok) return fail(id, intent, 400, "Please check the card fields marked below.", card.fieldErrors);
      const outcome = await keepNewCard(services, id, card.data);
      if (outcome.kind === "saved") return done(outcome.paidOrder ? { paid: outcome.paidOrder.number } : {});
      return failCard(id, outcome);
    }
    case "card-setup": {
      const outcome = await startCardSetup(services, id);
      if (outcome.kind === "open") return fail(id, "card", 409, CARD_SETUP_WORDS.open);
      if (outcome.kind !== "setup") return failCard(id, outcome);
      const result: SubscriptionFormResult = {
        status: "success",
        subscriptionId: id,
        intent: "card",
        setup: { clientSecret: outcome.clientSecret },
      };
      return data(result);
    }
  }
}

/** A new card that was not kept, answered on the card form. */
function failCard(id: string, outcome: Exclude<NewCardOutcome, { kind: "saved" }>) {
  switch (outcome.kind) {
    case "not-found":
      throw data(null, { status: 404 });
    case "unavailable":
      return fail(id, "card", 503, CARD_SETUP_WORDS.unavailable);
    case "too-many":
      return fail(id, "card", 429, tooManyCardsMessage(outcome.retryAfterSeconds));
    case "refused": {
      const field = cardFieldForRefusal(outcome.reason);
      if (field) return fail(id, "card", 400, outcome.message, { [CARD_FIELD_NAMES[field]]: outcome.message });
      return fail(id, "card", outcome.reason === "cancelled" ? 409 : 402, outcome.message);
    }
  }
}

const CARD_SETUP_WORDS = {
  unavailable: "We could not reach the payment service. Please try again in a minute.",
  open: "Your bank has not confirmed the new card yet. Please try again.",
  declined: "The card could not be kept. Please try another.",
} as const;

/** A Stripe SetupIntent id, as Stripe appends it to the return URL. */
const SETUP_ID = /^seti_[A-Za-z0-9_]{1,200}$/;

/**
 * The browser came back from Stripe's card form (`?setup_intent=seti_…`): the card it kept becomes
 * the subscription's. The query the page redirects to: "done=card" when kept, else the card form
 * again with what went wrong (`card=…`). Null when the URL is not such a return.
 */
export async function cardSetupReturn(
  services: AppServices,
  request: Request,
  id: string,
): Promise<Record<string, string> | null> {
  const setupId = new URL(request.url).searchParams.get("setup_intent");
  if (setupId === null) return null;
  if (!SETUP_ID.test(setupId)) throw data(null, { status: 404 });
  const outcome = await finishCardSetup(services, id, setupId);
  switch (outcome.kind) {
    case "saved":
      return { done: "card", ...(outcome.paidOrder ? { paid: outcome.paidOrder.number } : {}) };
    case "not-found":
      throw data(null, { status: 404 });
    case "open":
      return { do: "card", card: "open" };
    case "refused":
      return { do: "card", card: "declined" };
    default:
      return { do: "card", card: "unavailable" };
  }
}

/** The card form's alert after a return from Stripe that kept no card (`card=…`). */
export function cardSetupAlert(id: string, param: string | null): SubscriptionFormResult | null {
  if (param !== "open" && param !== "declined" && param !== "unavailable") return null;
  return { status: "error", subscriptionId: id, intent: "card", message: CARD_SETUP_WORDS[param] };
}
