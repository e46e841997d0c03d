import crypto from "node:crypto";
import { priceCart, quoteDemand, type CartQuote, type CartState } from "#app/domain/cart";
import { cartFromItems, type CartItem } from "#app/domain/cart-items";
import { paymentIdempotencyKey, type CheckoutRequest } from "#app/domain/checkout";
import { withCodeDiscount } from "#app/domain/discount-codes";
import { orderConfirmationPath } from "#app/domain/order-links";
import { checkTestCard, normaliseCardNumber, type CardProblem } from "#app/domain/test-cards";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { deliveryFor } from "#app/models/shipping/ship-calendar.server";
import {
  activateSubscriptions,
  keepCardOfFirstOrder,
  subscriptionPlans,
  writeSubscriptionsWith,
} from "#app/models/subscriptions/subscriptions.server";
import { abandonIdempotent, beginIdempotent, finishIdempotent } from "#app/services/idempotency.server";
import { DECLINE_MESSAGES, type ChargeInput, type ChargeResult } from "#app/services/payments/provider";
import { codeForCart, CodeUseRefused } from "./discount-codes.server";
import { transitionIfAllowed } from "./order-lifecycle.server";
import {
  clientKey,
  findOrderByIdempotencyKey,
  getOrder,
  IdempotentOrderExistsError,
  orderToken,
  OutOfStockError,
  placeOrder,
  setPaymentReference,
  StoreCreditChangedError,
  unpaidUnitsHeld,
  type PlaceOrderInput,
} from "./orders.server";
import { creditToSpend } from "./store-credit.server";
import type { Order, ShippingAddress } from "#app/domain/order-types";
import type { DeliveryChoice } from "#app/domain/ship-calendar";
import type { AppServices } from "#app/services/container";
import type { Database } from "#database/schema";
import type { Transaction } from "kysely";

/**
 * Checkout as a use case (decision 016): four named steps, each answering a typed outcome —
 * price (the cart from the catalogue, and whether it can be bought as asked), place (stock
 * reserved, order pending), charge (the provider, no transaction open), complete payment (the
 * order lifecycle's pay or decline) — and one idempotency wrapper that owns the key's claim,
 * lease, replay and takeover. The /api/checkout router only parses, calls and answers; the back
 * office's "Record an order" runs price, place and complete payment with the same code.
 */

type Card = NonNullable<NonNullable<CheckoutRequest["payment"]>["card"]>;

/**
 * Why checkout turns a request away, in the shop's terms. The HTTP edge (server/api/checkout.ts)
 * picks the status for each; this module never does.
 */
export type RefusalKind =
  /** It cannot be bought as asked (no address, a bad card, an item that is not for sale). */
  | "invalid"
  /** The shop's state is in the way: sold out meanwhile, the key used for something else or busy. */
  | "conflict"
  /** The payment was declined. */
  | "declined"
  /** Over a limit for now: it passes once a hold ends. */
  | "limited"
  /** A service the checkout needs could not be reached; nothing was charged. */
  | "unavailable";

/** A checkout turned away: why (`refusal`), what to tell the buyer, and the domain's reason code. */
export interface Refusal {
  kind: "refused";
  refusal: RefusalKind;
  message: string;
  reason: string;
  /** Seconds the buyer should wait before trying again. */
  retryAfterSeconds?: number;
  /** A passing condition on our side: not kept under the key, so a retry with it runs again. */
  transient?: boolean;
}

/** What became of a web checkout: its order (paid, or waiting on the buyer or the provider), or a refusal. */
export type CheckoutOutcome =
  | {
      kind: "order";
      order: Order;
      /** The order's confirmation page, with its token. */
      orderUrl: string;
      /** The test provider's 3-D Secure challenge, when the card asks for one. */
      challengeUrl?: string;
      /** Stripe's client secret, when the payment is finished in the browser. */
      clientSecret?: string;
    }
  | Refusal;

/**
 * An answer as the HTTP edge wrote it (status and JSON body) and the Idempotency-Key keeps it
 * for replays: the key's wrapper below stores it as given.
 */
export interface CheckoutAnswer {
  status: number;
  body: unknown;
  /** Seconds the client should wait before trying again (a Retry-After header). */
  retryAfterSeconds?: number;
  /** A passing condition on our side: not stored under the key, so a retry with it runs again. */
  transient?: boolean;
}

/** Writes an outcome as the answer the key keeps: handed in by the HTTP edge. */
export type AnswerFor = (outcome: CheckoutOutcome) => CheckoutAnswer;

function refusal(why: RefusalKind, message: string, reason: string): Refusal {
  return { kind: "refused", refusal: why, message, reason };
}

const CARD_PROBLEMS: Record<CardProblem, string> = {
  "invalid-number": "The card number is not valid.",
  "not-a-test-card": "This shop is in test mode: use one of the test card numbers shown on the checkout page.",
  "invalid-expiry": "The expiry date is not valid.",
  "card-expired": "This card has expired.",
  "invalid-cvc": "The security code (CVC) must be 3 or 4 digits.",
};

// ---- step 1: price ---------------------------------------------------------------------------

/** A discount code the price step applied: `quote.total` is already less `cents`. */
export interface AppliedCode {
  id: number;
  code: string;
  cents: number;
  message: string;
  maxUsesPerCustomer: number | null;
}

export type PriceOutcome =
  | {
      kind: "priced";
      cart: CartState;
      quote: CartQuote;
      delivery: DeliveryChoice | null;
      code?: AppliedCode | null;
    }
  | (Refusal & { refusal: "invalid" | "conflict" });

/**
 * Prices the items from the catalogue as it is now (never from the browser) and checks that
 * they can be bought as asked: an address when something ships, usable test-card details.
 * `fresh`: the back office reads stock as it is this instant, not the shared snapshot.
 */
export async function priceStep(
  services: AppServices,
  input: {
    items: CartItem[];
    shippingAddress?: ShippingAddress | null;
    card?: Card;
    fresh?: boolean;
    /** Recorded from elsewhere (the back office): no card to check. */
    paidElsewhere?: boolean;
    /** A renewal charged to the card a subscription kept: no card details to check. */
    offSession?: boolean;
    /** The ship day asked for: one of the calendar's choices for this cart and address. */
    shipOn?: string;
    /** A discount code, and the buyer's address its per-customer cap is counted by. */
    discountCode?: string;
    email?: string | null;
  },
): Promise<PriceOutcome> {
  const now = services.clock();
  const catalogue = await loadCatalogueSnapshot(
    services.database.db,
    input.fresh ? { fresh: true } : { stockMayLag: true },
  );
  // An order recorded from elsewhere is paid as it is placed: the cap is on what a web order holds unpaid.
  const built = cartFromItems(
    input.items,
    catalogue,
    now,
    input.paidElsewhere ? {} : { maxUnitsPerProduct: services.config.maxUnitsPerProduct },
  );
  if ("problem" in built) {
    const kind = built.problem.reason === "out-of-stock" ? "conflict" : "invalid";
    return { kind: "refused", refusal: kind, message: built.problem.message, reason: built.problem.reason };
  }
  let quote = priceCart(built.cart, catalogue);
  let code: AppliedCode | null = null;
  if (input.discountCode) {
    const applied = await applyDiscountCode(services, input.discountCode, quote, input.email);
    if (applied.kind === "refused") return applied;
    code = applied.code;
    quote = withCodeDiscount(quote, code.cents);
  }
  if (quote.requiresShipping && !input.shippingAddress)
    return {
      kind: "refused",
      refusal: "invalid",
      message: "A shipping address is required for physical items.",
      reason: "address-required",
    };
  // The test provider's card details are checked before anything is placed; "external" payments have none.
  if (services.payments.name === "test" && !input.paidElsewhere && !input.offSession) {
    if (!input.card)
      return { kind: "refused", refusal: "invalid", message: "Card details are required.", reason: "card-required" };
    const checked = checkTestCard(input.card, now);
    if (!checked.ok)
      return { kind: "refused", refusal: "invalid", message: CARD_PROBLEMS[checked.problem], reason: checked.problem };
  }
  // When the box leaves: the buyer's pick among the calendar's next ship days, else the first.
  let delivery: DeliveryChoice | null = null;
  if (quote.requiresShipping && input.shippingAddress) {
    const days = await deliveryFor(services.database.db, {
      quote,
      catalogue,
      state: input.shippingAddress.state,
      timeZone: services.config.shopTimeZone,
      now,
    });
    delivery = input.shipOn
      ? (days?.choices.find((c) => c.shipOn === input.shipOn) ?? null)
      : (days?.choices[0] ?? null);
    if (input.shipOn && !delivery)
      return {
        kind: "refused",
        refusal: "invalid",
        message: "That ship day is not available for this cart and address: choose one of the days offered.",
        reason: "ship-date-unavailable",
      };
  }
  return { kind: "priced", cart: built.cart, quote, delivery, code };
}

/**
 * A typed discount code against a priced cart (the quote and the checkout both ask here, so they
 * agree to the cent): the code applied, or refused with its reason.
 */
export async function applyDiscountCode(
  services: AppServices,
  typed: string,
  quote: CartQuote,
  email?: string | null,
): Promise<{ kind: "applied"; code: AppliedCode } | (Refusal & { refusal: "invalid" })> {
  const result = await codeForCart(services.database.db, typed, quote, services.clock(), email);
  if (!result.ok || !result.rule)
    return {
      kind: "refused",
      refusal: "invalid",
      message: result.message,
      reason: result.ok ? "code-unknown" : result.reason,
    };
  return {
    kind: "applied",
    code: {
      id: result.rule.id,
      code: result.code,
      cents: result.cents,
      message: result.message,
      maxUsesPerCustomer: result.rule.maxUsesPerCustomer,
    },
  };
}

// ---- step 2: place ---------------------------------------------------------------------------

export type PlaceOutcome =
  | { kind: "placed"; order: Order }
  | { kind: "out-of-stock"; message: string }
  /** The store credit meant for it was spent meanwhile: nothing was placed. */
  | { kind: "credit-changed" }
  /** A live order of the same checkout holds the key (an earlier attempt placed it): continue that one. */
  | { kind: "already-placed" }
  /** The discount code was spent (or ended) meanwhile: nothing was placed. */
  | { kind: "code-refused"; reason: string; message: string };

export async function placeStep(
  services: AppServices,
  priced: Extract<PriceOutcome, { kind: "priced" }>,
  input: {
    customer: { email: string; name: string; remindMe?: boolean };
    shippingAddress?: ShippingAddress | null;
    userId?: string | null;
    source?: string;
    paymentProvider?: string;
    idempotencyKey?: string | null;
    clientKey?: string | null;
    /** Store credit to spend on it, of the signed-in buyer's balance (checkoutUseCase computes it). */
    storeCredit?: { email: string; cents: number } | null;
    /** A renewal's subscription, or the first of those a first order starts (written by `alsoInTransaction`). */
    subscriptionId?: string | null;
    alsoInTransaction?: PlaceOrderInput["alsoInTransaction"];
    /** How long the first hold lasts (a renewal holds its stock through its payment retries). */
    reservationMinutes?: number;
  },
): Promise<PlaceOutcome> {
  try {
    const { order } = await placeOrder(services.database.db, {
      cart: priced.cart,
      quote: priced.quote,
      customer: input.customer,
      shippingAddress: priced.quote.requiresShipping ? (input.shippingAddress ?? null) : null,
      paymentProvider: input.paymentProvider ?? services.payments.name,
      source: input.source,
      userId: input.userId ?? null,
      now: services.clock(),
      // A short first hold: the full reservation starts only when the buyer reaches the payment
      // step (startPaymentStep), so a checkout abandoned before it gives its stock back soon.
      reservationMinutes: input.reservationMinutes ?? services.config.reservationStartMinutes,
      secret: services.secret,
      idempotencyKey: input.idempotencyKey ?? null,
      clientKey: input.clientKey ?? null,
      delivery: priced.delivery,
      storeCredit: input.storeCredit ?? null,
      code: priced.code ?? null,
      subscriptionId: input.subscriptionId ?? null,
      alsoInTransaction: input.alsoInTransaction,
    });
    return { kind: "placed", order };
  } catch (err) {
    if (err instanceof OutOfStockError) return { kind: "out-of-stock", message: err.message };
    if (err instanceof StoreCreditChangedError) return { kind: "credit-changed" };
    if (err instanceof IdempotentOrderExistsError) return { kind: "already-placed" };
    if (err instanceof CodeUseRefused) return { kind: "code-refused", reason: err.reason, message: err.message };
    throw err;
  }
}

// ---- step 3: charge --------------------------------------------------------------------------

/**
 * Asks the provider to charge a pending order, with no transaction or lock held. The payment key
 * is the order's own: a retry that continues the order gets the first charge answered again.
 */
export async function chargeStep(
  services: AppServices,
  order: Order,
  checkoutKey: string,
  card?: Card,
): Promise<ChargeResult> {
  // Store credit that pays the whole order leaves nothing to charge, and no provider takes $0.
  if (order.totalCents === 0) return { status: "succeeded", reference: `nothing-to-charge:${order.id}` };
  return services.payments.charge(chargeInput(order, checkoutKey, card));
}

function chargeInput(order: Order, checkoutKey: string, card?: Card): ChargeInput {
  return {
    orderId: order.id,
    orderNumber: order.number,
    amountCents: order.totalCents,
    currency: order.currency,
    email: order.email,
    idempotencyKey: paymentIdempotencyKey(checkoutKey, order.id),
    card,
    // A first order of a subscription keeps its card for the renewals.
    ...(order.subscriptionId ? { saveForLater: true } : {}),
  };
}

/**
 * Closes at the provider a payment opened for an order the checkout then refused, so that it
 * neither stays open there nor can be paid later. Not awaited by the answer: a provider that
 * could not be reached may take its full timeout again; a failure is logged with the order.
 */
function releasePayment(services: AppServices, order: Order, close: () => Promise<unknown> | undefined) {
  void (async () => {
    try {
      await close();
    } catch (err) {
      services.logger.warn(
        { err, orderId: order.id },
        "checkout: could not close the refused order's payment at the provider; close it there by hand",
      );
    }
  })();
}

// ---- step 4: complete payment ----------------------------------------------------------------

export type PaymentOutcome =
  | { kind: "paid"; order: Order }
  | { kind: "declined"; order: Order; reason: string; message: string }
  | { kind: "needs-3ds"; order: Order }
  | { kind: "awaiting-provider"; order: Order; clientSecret: string }
  /** The order closed (expired, cancelled) while the provider answered: its payment was closed too. */
  | { kind: "closed"; order: Order };

/**
 * Records what the charge came to, through the order lifecycle: paid (confirmation queued once),
 * or a declined attempt on the pending order (its stock back), or the reference of a payment
 * still waiting for the customer. `alsoInTransaction` runs in the payment's own transaction.
 */
export async function completePaymentStep(
  services: AppServices,
  order: Order,
  charge: ChargeResult,
  options: { actor: string; alsoInTransaction?: (trx: Transaction<Database>, paid: Order) => Promise<void> },
): Promise<PaymentOutcome> {
  const { db } = services.database;
  const ctx = { now: services.clock(), actor: options.actor, shopEmail: services.config.shopEmail };
  switch (charge.status) {
    case "succeeded": {
      const paid = await transitionIfAllowed(
        db,
        order,
        { type: "pay", reference: charge.reference },
        { ...ctx, alsoInTransaction: options.alsoInTransaction },
      );
      return { kind: "paid", order: paid.order! };
    }
    case "declined": {
      const declined = await transitionIfAllowed(
        db,
        order,
        { type: "decline", reason: charge.reason, reference: charge.reference ?? null },
        ctx,
      );
      return { kind: "declined", order: declined.order ?? order, reason: charge.reason, message: charge.message };
    }
    case "requires_action":
    case "pending": {
      if (await setPaymentReference(db, order.id, charge.reference))
        return charge.status === "pending"
          ? { kind: "awaiting-provider", order, clientSecret: charge.clientSecret }
          : { kind: "needs-3ds", order };
      // Its stock went back while the provider answered: the buyer must not be asked to pay it.
      releasePayment(services, order, () => services.payments.closeBeforeExpiry?.(charge.reference));
      return { kind: "closed", order: (await getOrder(db, order.id)) ?? order };
    }
  }
}

// ---- the idempotency wrapper -----------------------------------------------------------------

/** This request's hold on its key; the answer may be stored inside the payment's transaction. */
export interface KeyHold {
  key: string;
  scopedKey: string;
  claim: string;
  /** The claim is new (not taken over from an attempt that died). */
  fresh: boolean;
  stored: boolean;
}

export type IdempotentResult =
  | { kind: "answered"; answer: CheckoutAnswer; replayed: boolean; tookOver: boolean; lostClaim: boolean }
  | (Refusal & { refusal: "conflict"; reason: "idempotency-key-reused" | "request-in-progress" });

/**
 * Owns an Idempotency-Key for one request: claims it (or takes over a claim whose lease ran out,
 * or replays the stored answer), runs `work` with the hold, stores its answer for replays
 * (unless `work` stored it in its own transaction) and gives the key up if `work` throws or
 * `admit` turns the request away, so that the client may retry with it.
 */
export async function withIdempotencyKey(
  services: AppServices,
  key: string,
  requestHash: string,
  work: (hold: KeyHold) => Promise<CheckoutAnswer>,
  admit: () => Promise<CheckoutAnswer | null> = async () => null,
): Promise<IdempotentResult> {
  const { db } = services.database;
  const scopedKey = `checkout:${key}`;
  const start = await beginIdempotent(db, scopedKey, requestHash, services.clock(), services.config.idempotencyLeaseMs);
  if (start.kind === "reused")
    return {
      kind: "refused",
      refusal: "conflict",
      message: "This Idempotency-Key was already used for a different request.",
      reason: "idempotency-key-reused",
    };
  if (start.kind === "in-progress")
    return {
      kind: "refused",
      refusal: "conflict",
      message: "A request with this Idempotency-Key is still being processed.",
      reason: "request-in-progress",
    };
  if (start.kind === "replay")
    return {
      kind: "answered",
      answer: { status: start.status, body: start.body },
      replayed: true,
      tookOver: false,
      lostClaim: false,
    };
  const hold: KeyHold = { key, scopedKey, claim: start.claim, fresh: start.kind === "new", stored: false };
  let answer: CheckoutAnswer;
  try {
    const turnedAway = await admit();
    if (turnedAway) {
      await abandonIdempotent(db, scopedKey, hold.claim);
      return { kind: "answered", answer: turnedAway, replayed: false, tookOver: false, lostClaim: false };
    }
    answer = await work(hold);
    if (answer.transient) {
      await abandonIdempotent(db, scopedKey, hold.claim);
      return { kind: "answered", answer, replayed: false, tookOver: false, lostClaim: false };
    }
  } catch (err) {
    await abandonIdempotent(db, scopedKey, hold.claim).catch(() => {});
    throw err;
  }
  const stored = hold.stored || (await finishIdempotent(db, scopedKey, hold.claim, answer.status, answer.body));
  return { kind: "answered", answer, replayed: false, tookOver: start.kind === "takeover", lostClaim: !stored };
}

/** A request fingerprint for idempotency that never includes the card number itself. */
export function checkoutRequestHash(body: CheckoutRequest): string {
  const card = body.payment?.card;
  const safe = {
    ...body,
    payment: card
      ? { last4: normaliseCardNumber(card.number).slice(-4), expMonth: card.expMonth, expYear: card.expYear }
      : null,
  };
  return crypto.createHash("sha256").update(JSON.stringify(safe)).digest("hex");
}

// ---- the web checkout ------------------------------------------------------------------------

function orderLink(services: AppServices, order: Order): string {
  return orderConfirmationPath(order.id, orderToken(services.secret, order.id));
}

/** The order an outcome of the payment leaves the buyer with, or the decline. */
function paymentOutcome(services: AppServices, outcome: PaymentOutcome): CheckoutOutcome {
  const placed = { kind: "order" as const, order: outcome.order, orderUrl: orderLink(services, outcome.order) };
  switch (outcome.kind) {
    case "paid":
      return placed;
    case "declined":
      return refusal("declined", outcome.message, outcome.reason);
    case "needs-3ds":
      return {
        ...placed,
        challengeUrl: `/checkout/challenge?order=${outcome.order.id}&token=${orderToken(services.secret, outcome.order.id)}`,
      };
    case "awaiting-provider":
      return { ...placed, clientSecret: outcome.clientSecret };
    case "closed":
      // Not kept under the key: the same checkout, sent again, places a new order.
      return {
        ...refusal(
          "conflict",
          "This checkout ran out of time and nothing was charged. Your cart is unchanged: place the order again.",
          "order-closed",
        ),
        transient: true,
      };
  }
}

/** How long a buyer is asked to wait after the payment provider could not be reached. */
const PROVIDER_RETRY_SECONDS = 30;

/**
 * Charges a pending order and completes its payment; the paid answer is stored in the payment's
 * transaction. A provider that cannot be reached (Stripe down, a timeout) charged nothing we
 * could act on: the order is cancelled, so its stock goes back at once, and the buyer is asked
 * to try again; the key is not kept, so the retry places a new order.
 */
async function pay(
  services: AppServices,
  order: Order,
  hold: KeyHold,
  answerFor: AnswerFor,
  card?: Card,
): Promise<CheckoutOutcome> {
  let charge: ChargeResult;
  try {
    charge = await chargeStep(services, order, hold.key, card);
  } catch (err) {
    services.logger.warn({ err, orderId: order.id }, "checkout: the payment provider could not be reached");
    await transitionIfAllowed(
      services.database.db,
      order,
      { type: "cancel", reason: "the payment provider could not be reached" },
      { now: services.clock(), actor: "checkout", shopEmail: services.config.shopEmail },
    );
    // The provider may have opened the payment and lost only its answer.
    const release = services.payments.release?.bind(services.payments);
    if (release) releasePayment(services, order, () => release(chargeInput(order, hold.key, card)));
    return {
      ...refusal(
        "unavailable",
        "We could not reach the payment service, so nothing was charged and your cart is unchanged. Please try again in a minute.",
        "payment-provider-unavailable",
      ),
      retryAfterSeconds: PROVIDER_RETRY_SECONDS,
      transient: true,
    };
  }
  if (order.subscriptionId && "saved" in charge && charge.saved)
    await keepCardOfFirstOrder(services.database.db, order.id, charge.saved);
  const outcome = await completePaymentStep(services, order, charge, {
    actor: "checkout",
    // One commit fewer, and a crash right after it leaves a replayable answer rather than a takeover.
    alsoInTransaction: async (trx, paid) => {
      const answer = answerFor(paymentOutcome(services, { kind: "paid", order: paid }));
      hold.stored = await finishIdempotent(trx, hold.scopedKey, hold.claim, answer.status, answer.body);
    },
  });
  // Its subscriptions start now rather than on the worker's next pass (which would do it too).
  if (outcome.kind === "paid" && order.subscriptionId)
    await activateSubscriptions(services, order.id).catch((err) =>
      services.logger.warn({ err, orderId: order.id }, "checkout: subscriptions left for the worker to start"),
    );
  return paymentOutcome(services, outcome);
}

/**
 * The answer for an order an earlier attempt of this checkout placed (it died or lost its
 * answer): a paid one as it is, a pending one charged now (same payment key), a declined one
 * declined again; null when it was closed and a new order is placed.
 */
async function continueEarlier(
  services: AppServices,
  hold: KeyHold,
  answerFor: AnswerFor,
  card?: Card,
): Promise<CheckoutOutcome | null> {
  const order = await findOrderByIdempotencyKey(services.database.db, hold.scopedKey);
  if (!order) return null;
  switch (order.status) {
    case "pending_payment": {
      if (order.stockHeld) return pay(services, order, hold, answerFor, card);
      const reason = order.paymentFailure ?? "card-declined";
      return refusal("declined", DECLINE_MESSAGES[reason] ?? DECLINE_MESSAGES["card-declined"]!, reason);
    }
    case "cancelled":
    case "expired":
      return null;
    default:
      return { kind: "order", order, orderUrl: orderLink(services, order) };
  }
}

/**
 * One buyer may hold only so many units in orders waiting for them to pay: without it, one
 * anonymous visitor could take the whole catalogue off sale with a few unfinished checkouts.
 * The answer says when the first of their holds ends.
 */
async function unpaidHoldCap(
  services: AppServices,
  quote: CartQuote,
  who: { email: string; userId: string | null; clientKey: string | null },
): Promise<Refusal | null> {
  const max = services.config.unpaidUnitsPerClient;
  const wanted = [...quoteDemand(quote).values()].reduce((sum, units) => sum + units, 0);
  const now = services.clock();
  const held = await unpaidUnitsHeld(services.database.db, who, now);
  if (held.units + wanted <= max) return null;
  const waitSeconds = held.firstEndsAt
    ? Math.max(1, Math.ceil((Date.parse(held.firstEndsAt) - now.getTime()) / 1000))
    : undefined;
  const message =
    held.units > 0
      ? `You already have ${held.units} items waiting for payment in another checkout, and one buyer can hold at most ${max} unpaid. Finish or leave that payment first: its items go back on sale when it runs out${waitSeconds ? `, in about ${Math.ceil(waitSeconds / 60)} minutes` : ""}.`
      : `One order can hold at most ${max} items until it is paid; this one has ${wanted}. Split it, or contact us for a larger order.`;
  return {
    ...refusal(held.units > 0 ? "limited" : "invalid", message, "unpaid-hold-limit"),
    // Passes once a hold ends: not kept under the key, so the same checkout may try again then.
    ...(held.units > 0 ? { transient: true, ...(waitSeconds ? { retryAfterSeconds: waitSeconds } : {}) } : {}),
  };
}

/**
 * The web checkout under its key's hold. A fresh claim rarely has an earlier order (its attempt
 * gave the key up), so one is looked for only when this attempt cannot go on by itself: a cart
 * that no longer prices, or placing meeting the key's index. A takeover looks first.
 */
export async function checkoutUseCase(
  services: AppServices,
  request: CheckoutRequest,
  hold: KeyHold,
  buyer: {
    userId: string | null;
    address: string | null;
    /** The signed-in buyer's address: their store credit pays what it can of the order. */
    creditEmail?: string | null;
  },
  answerFor: AnswerFor,
): Promise<CheckoutOutcome> {
  const { userId } = buyer;
  const card = request.payment?.card;
  if (!hold.fresh) {
    const continued = await continueEarlier(services, hold, answerFor, card);
    if (continued) return continued;
  }
  const priced = await priceStep(services, {
    items: request.items,
    shippingAddress: request.shippingAddress,
    card,
    shipOn: request.shipOn,
    discountCode: request.discountCode,
    email: request.customer.email,
  });
  if (priced.kind === "refused") {
    const refused = refusal(priced.refusal, priced.message, priced.reason);
    return (hold.fresh && (await continueEarlier(services, hold, answerFor, card))) || refused;
  }
  const buyerKey = buyer.address ? clientKey(services.secret, buyer.address) : null;
  const capped = await unpaidHoldCap(services, priced.quote, {
    email: request.customer.email,
    userId,
    clientKey: buyerKey,
  });
  if (capped) return (hold.fresh && (await continueEarlier(services, hold, answerFor, card))) || capped;
  // Store credit, computed here from the balance (never from the browser), pays what it can.
  const creditCents = await creditToSpend(services.database.db, buyer.creditEmail, priced.quote.total);
  // Subscribed lines start a subscription per interval, written with the order.
  const plans = subscriptionPlans(priced.quote);
  const placed = await placeStep(services, priced, {
    ...(plans.length > 0
      ? {
          subscriptionId: plans[0]!.id,
          alsoInTransaction: writeSubscriptionsWith(
            plans,
            {
              email: request.customer.email,
              name: request.customer.name,
              userId,
              shippingAddress: request.shippingAddress ?? null,
            },
            services.clock(),
            services.config.shopTimeZone,
          ),
        }
      : {}),
    customer: request.customer,
    shippingAddress: request.shippingAddress,
    userId,
    idempotencyKey: hold.scopedKey,
    clientKey: buyerKey,
    storeCredit: creditCents > 0 && buyer.creditEmail ? { email: buyer.creditEmail, cents: creditCents } : null,
  });
  switch (placed.kind) {
    case "credit-changed":
      return {
        ...refusal(
          "conflict",
          "Your store credit changed while you checked out (another order used it). Please place the order again.",
          "store-credit-changed",
        ),
        transient: true,
      };
    case "code-refused": {
      const refused = refusal("invalid", placed.message, placed.reason);
      return (hold.fresh && (await continueEarlier(services, hold, answerFor, card))) || refused;
    }
    case "out-of-stock": {
      const refused = refusal("conflict", placed.message, "out-of-stock");
      return (hold.fresh && (await continueEarlier(services, hold, answerFor, card))) || refused;
    }
    case "already-placed": {
      // The attempt we took over from was alive after all and placed its order meanwhile: continue that one.
      const continued = await continueEarlier(services, hold, answerFor, card);
      if (continued) return continued;
      throw new IdempotentOrderExistsError(hold.scopedKey);
    }
    case "placed":
      return pay(services, placed.order, hold, answerFor, card);
  }
}
