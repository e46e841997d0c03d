/**
 * The worker's subscription pass (decision 049): start paid subscriptions, mail each period's
 * reminder three days ahead, and renew what is due through the checkout's own steps, charging
 * the kept card off-session.
 *
 * One order per period, however many workers run and wherever one dies:
 * - a period is claimed by inserting its `subscription_renewals` row (primary key: subscription,
 *   period) in the same transaction that moves the subscription on to the next period, guarded
 *   by the period read;
 * - the order is placed under the idempotency key `renewal:<subscription>:<period>`, whose unique
 *   index finds the order an earlier attempt placed;
 * - each charge attempt has its own provider key `renewal:<subscription>:<period>:<attempt>`, so
 *   repeating an attempt after a crash charges nothing twice;
 * - a worker holds a renewal by a lease; one that died is taken over when the lease ends.
 */
import { formatCents } from "#app/domain/money";
import { addDays, formatShipDay, shopClock } from "#app/domain/ship-calendar";
import { nextRetryAt, REMINDER_DAYS_BEFORE, RETRY_AFTER_DAYS } from "#app/domain/subscriptions";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { completePaymentStep, placeStep, priceStep } from "#app/models/orders/checkout.server";
import { transitionIfAllowed } from "#app/models/orders/order-lifecycle.server";
import { findOrderByIdempotencyKey, getOrder, orderToken, setPaymentReference } from "#app/models/orders/orders.server";
import { enqueueMail } from "#app/services/mail/outbox.server";
import {
  renderRenewalPaymentProblem,
  renderSubscriptionChanged,
  renderSubscriptionReminder,
} from "#app/services/mail/subscription-emails";
import { parseJson } from "#database/values";
import { activateSubscriptions, brandOf, linesOf, mailFacts, manageUrl, viewOf } from "./subscriptions.server";
import type { Order, ShippingAddress } from "#app/domain/order-types";
import type { AppServices } from "#app/services/container";
import type { ChargeResult, SavedMethod } from "#app/services/payments/provider";
import type { Database, SubscriptionRenewalTable, SubscriptionTable } from "#database/schema";
import type { Kysely, Selectable } from "kysely";

type Db = Kysely<Database>;
type Services = AppServices;
type Renewal = Selectable<SubscriptionRenewalTable>;
type Subscription = Selectable<SubscriptionTable>;

const DAY_MS = 86_400_000;
/** How long one worker may hold a renewal before another takes it over (it died). */
const LEASE_MS = 5 * 60_000;
/** A renewal order keeps its stock through its retries, and a day more for the last answer. */
const RENEWAL_HOLD_MINUTES = (RETRY_AFTER_DAYS[RETRY_AFTER_DAYS.length - 1]! + 1) * 24 * 60;
const BATCH = 50;

export interface PassCounts {
  activated: number;
  reminded: number;
  claimed: number;
  paid: number;
  problems: number;
  paused: number;
}

export async function subscriptionPass(services: Services): Promise<PassCounts> {
  const counts: PassCounts = { activated: 0, reminded: 0, claimed: 0, paid: 0, problems: 0, paused: 0 };
  counts.activated = await activateSubscriptions(services);
  counts.reminded = await sendDueSubscriptionReminders(services);
  counts.claimed = await claimDueRenewals(services);
  await settlePaidElsewhere(services, counts);
  await workOnRenewals(services, counts);
  return counts;
}

// ---- reminders -------------------------------------------------------------------------------

/**
 * Three days before each charge, one mail per (subscription, period): the price at today's
 * catalogue, what changed since the last charge, and the one-tap changes. The reminder row and
 * the outbox mail are written in one transaction keyed by the period.
 */
export async function sendDueSubscriptionReminders(services: Services): Promise<number> {
  const { db } = services.database;
  const now = services.clock();
  const { today } = shopClock(now, services.config.shopTimeZone);
  const due = await db
    .selectFrom("subscriptions as s")
    .selectAll("s")
    .where("s.status", "=", "active")
    .where("s.next_charge_on", "<=", addDays(today, REMINDER_DAYS_BEFORE))
    .where("s.next_charge_on", ">", today)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("subscription_reminders as r")
            .select("r.period")
            .whereRef("r.subscription_id", "=", "s.id")
            .whereRef("r.period", "=", "s.period"),
        ),
      ),
    )
    .limit(BATCH)
    .execute();
  if (due.length === 0) return 0;
  const catalogue = await loadCatalogueSnapshot(db);
  let sent = 0;
  for (const row of due) {
    const view = viewOf(row, catalogue);
    const last = await lastChargedTotal(db, row.id);
    const priceChange =
      last !== null && last !== view.totalCents
        ? `That is ${view.totalCents > last ? "more" : "less"} than the ${formatCents(last)} of your last delivery: prices changed since. Skip or change it above if you wish.`
        : null;
    const unavailable = view.lines.filter((l) => !l.available).map((l) => l.title);
    const rendered = await renderSubscriptionReminder(brandOf(services), {
      ...mailFacts(services, view),
      total: formatCents(view.totalCents),
      priceChange: unavailable.length
        ? `${unavailable.join(" and ")} ${unavailable.length > 1 ? "are" : "is"} no longer offered on subscription and will not come.${priceChange ? ` ${priceChange}` : ""}`
        : priceChange,
      card: row.card_label,
    });
    sent += await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("subscription_reminders")
        .values({
          subscription_id: row.id,
          period: row.period,
          total_cents: view.totalCents,
          sent_at: now.toISOString(),
        })
        .onConflict((oc) => oc.columns(["subscription_id", "period"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return 0;
      await enqueueMail(
        trx,
        {
          kind: "subscription-reminder",
          to: row.email,
          dedupeKey: `subscription-reminder:${row.id}:${row.period}`,
          ...rendered,
        },
        now,
      );
      return 1;
    });
  }
  return sent;
}

async function lastChargedTotal(db: Db, subscriptionId: string): Promise<number | null> {
  const row = await db
    .selectFrom("orders")
    .select(["total_cents", "store_credit_cents"])
    .where("subscription_id", "=", subscriptionId)
    .where("paid_at", "is not", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? row.total_cents + Number(row.store_credit_cents ?? 0) : null;
}

// ---- claiming a period -----------------------------------------------------------------------

/**
 * Every active subscription whose charge day has come gets its period's renewal row, and moves
 * on to the next period, in one transaction guarded by the period it read: a second worker's
 * insert meets the primary key, its update finds the period gone.
 */
export async function claimDueRenewals(services: Services): Promise<number> {
  const { db } = services.database;
  const now = services.clock();
  const { today } = shopClock(now, services.config.shopTimeZone);
  const due = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("status", "=", "active")
    .where("next_charge_on", "<=", today)
    .orderBy("next_charge_on")
    .limit(BATCH)
    .execute();
  let claimed = 0;
  for (const row of due) {
    claimed += await db
      .transaction()
      .execute(async (trx) => {
        const moved = await trx
          .updateTable("subscriptions")
          .set({
            period: row.period + 1,
            next_charge_on: addDays(row.next_charge_on < today ? today : row.next_charge_on, row.every_weeks * 7),
            updated_at: now.toISOString(),
          })
          .where("id", "=", row.id)
          .where("status", "=", "active")
          .where("period", "=", row.period)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return 0;
        const inserted = await trx
          .insertInto("subscription_renewals")
          .values({
            subscription_id: row.id,
            period: row.period,
            charge_on: row.next_charge_on,
            status: "placing",
            attempts: 0,
            next_attempt_at: now.toISOString(),
            lease_until: null,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          })
          .onConflict((oc) => oc.columns(["subscription_id", "period"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new PeriodTaken();
        return 1;
      })
      .catch((err) => {
        if (err instanceof PeriodTaken) return 0;
        throw err;
      });
  }
  return claimed;
}

class PeriodTaken extends Error {}

// ---- working on renewals ---------------------------------------------------------------------

/** Renewals whose order was paid by the buyer (a new card, 3-D Secure) are done. */
async function settlePaidElsewhere(services: Services, counts: PassCounts) {
  const { db } = services.database;
  const now = services.clock();
  const paid = await db
    .selectFrom("subscription_renewals as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .select(["r.subscription_id", "r.period"])
    .where("r.status", "in", ["retrying", "action", "charging"])
    .where("o.paid_at", "is not", null)
    .limit(BATCH)
    .execute();
  for (const r of paid) {
    const done = await db
      .updateTable("subscription_renewals")
      .set({ status: "paid", lease_until: null, next_attempt_at: null, updated_at: now.toISOString() })
      .where("subscription_id", "=", r.subscription_id)
      .where("period", "=", r.period)
      .where("status", "in", ["retrying", "action", "charging"])
      .executeTakeFirst();
    counts.paid += Number(done.numUpdatedRows);
  }
}

/** Takes the renewals due for work (new, a retry due, or a dead worker's), each under a lease. */
async function workOnRenewals(services: Services, counts: PassCounts) {
  const { db } = services.database;
  const now = services.clock();
  const due = await db
    .selectFrom("subscription_renewals")
    .selectAll()
    .where("status", "in", ["placing", "charging", "retrying", "action"])
    .where("next_attempt_at", "<=", now.toISOString())
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now.toISOString())]))
    .orderBy("next_attempt_at")
    .limit(BATCH)
    .execute();
  for (const renewal of due) {
    const lease = new Date(now.getTime() + LEASE_MS).toISOString();
    let taken = db
      .updateTable("subscription_renewals")
      .set({ lease_until: lease })
      .where("subscription_id", "=", renewal.subscription_id)
      .where("period", "=", renewal.period)
      .where("status", "=", renewal.status);
    taken =
      renewal.lease_until === null
        ? taken.where("lease_until", "is", null)
        : taken.where("lease_until", "=", toIso(renewal.lease_until));
    if (Number((await taken.executeTakeFirst()).numUpdatedRows) !== 1) continue;
    try {
      await renew(services, { ...renewal, lease_until: lease }, counts);
    } catch (err) {
      // The provider could not be reached, or the database blinked: the lease ends and a later pass tries again.
      services.logger.warn(
        { err, subscriptionId: renewal.subscription_id, period: renewal.period },
        "subscription renewal left for the next pass",
      );
    }
  }
}

const toIso = (value: Date | string | null) =>
  value === null ? null : typeof value === "string" ? value : value.toISOString();

async function setRenewal(
  services: Services,
  renewal: Renewal,
  patch: Partial<Pick<Renewal, "status" | "order_id" | "attempts">> & {
    next_attempt_at?: string | null;
    lease_until?: string | null;
  },
) {
  await services.database.db
    .updateTable("subscription_renewals")
    .set({ ...patch, updated_at: services.clock().toISOString() })
    .where("subscription_id", "=", renewal.subscription_id)
    .where("period", "=", renewal.period)
    .execute();
}

async function renew(services: Services, renewal: Renewal, counts: PassCounts) {
  const { db } = services.database;
  const sub = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", renewal.subscription_id)
    .executeTakeFirst();
  if (!sub) return setRenewal(services, renewal, { status: "failed", lease_until: null, next_attempt_at: null });
  // A renewal stops with its subscription (paused or cancelled meanwhile): its order closes.
  if (sub.status !== "active") {
    const order = renewal.order_id
      ? await getOrder(db, renewal.order_id)
      : await findOrderByIdempotencyKey(db, renewalKey(renewal));
    if (order?.status === "pending_payment")
      await transitionIfAllowed(db, order, { type: "cancel", reason: `subscription ${sub.status}` }, ctxOf(services));
    return setRenewal(services, renewal, { status: "failed", lease_until: null, next_attempt_at: null });
  }
  const order = await orderFor(services, sub, renewal);
  if (order === "no-stock" || order === "not-offered") return problem(services, sub, renewal, order, null, counts);
  if (order.paidAt) {
    await setRenewal(services, renewal, {
      status: "paid",
      order_id: order.id,
      lease_until: null,
      next_attempt_at: null,
    });
    counts.paid++;
    return;
  }
  if (order.status !== "pending_payment" || !order.stockHeld)
    return setRenewal(services, renewal, {
      status: "failed",
      order_id: order.id,
      lease_until: null,
      next_attempt_at: null,
    });
  // Waiting for the buyer (3-D Secure, or a payment Stripe was settling) and its last day came.
  if (renewal.status === "action") {
    await giveUp(services, sub, renewal, order, "authenticate");
    counts.paused++;
    return;
  }
  if (renewal.status === "placing") await setRenewal(services, renewal, { status: "charging", order_id: order.id });
  const method: SavedMethod | null = sub.payment_method_ref
    ? { customer: sub.customer_ref ?? "", paymentMethod: sub.payment_method_ref, label: sub.card_label ?? "" }
    : null;
  const attempt = renewal.attempts + 1;
  const charge: ChargeResult = method
    ? await services.payments.chargeSaved({
        orderId: order.id,
        orderNumber: order.number,
        amountCents: order.totalCents,
        currency: order.currency,
        email: order.email,
        idempotencyKey: `${renewalKey(renewal)}:${attempt}`,
        method,
      })
    : { status: "declined", reason: "card-declined", message: "There is no card on this subscription." };
  await recordCharge(services, sub, { ...renewal, order_id: order.id }, order, charge, attempt, counts);
}

/** The period's order's idempotency key: its unique index finds the one order of a period. */
export const renewalKey = (r: Pick<Renewal, "subscription_id" | "period">) =>
  `renewal:${r.subscription_id}:${r.period}`;
const ctxOf = (services: Services) => ({
  now: services.clock(),
  actor: "subscriptions",
  shopEmail: services.config.shopEmail,
});

/** The period's order: the one placed already, or placed now at today's prices less the saving. */
async function orderFor(
  services: Services,
  sub: Subscription,
  renewal: Renewal,
): Promise<Order | "no-stock" | "not-offered"> {
  const { db } = services.database;
  const earlier = renewal.order_id
    ? await getOrder(db, renewal.order_id)
    : await findOrderByIdempotencyKey(db, renewalKey(renewal));
  if (earlier && earlier.status !== "cancelled" && earlier.status !== "expired") return earlier;
  if (earlier) return earlier;
  const address = parseJson<ShippingAddress | null>(sub.shipping_address, null);
  const priced = await priceStep(services, {
    items: linesOf(sub).map((l) => ({
      kind: "product" as const,
      id: l.productId,
      quantity: l.quantity,
      subscribeEveryWeeks: sub.every_weeks,
    })),
    shippingAddress: address,
    offSession: true,
    email: sub.email,
  });
  if (priced.kind === "refused") return priced.reason === "out-of-stock" ? "no-stock" : "not-offered";
  const placed = await placeStep(services, priced, {
    customer: { email: sub.email, name: sub.name },
    shippingAddress: address,
    userId: sub.user_id,
    source: "subscription",
    idempotencyKey: renewalKey(renewal),
    subscriptionId: sub.id,
    reservationMinutes: RENEWAL_HOLD_MINUTES,
  });
  switch (placed.kind) {
    case "placed":
      return placed.order;
    case "already-placed":
      return (await findOrderByIdempotencyKey(db, renewalKey(renewal)))!;
    case "out-of-stock":
      return "no-stock";
    default:
      return "not-offered";
  }
}

async function recordCharge(
  services: Services,
  sub: Subscription,
  renewal: Renewal,
  order: Order,
  charge: ChargeResult,
  attempt: number,
  counts: PassCounts,
) {
  const { db } = services.database;
  switch (charge.status) {
    case "succeeded": {
      await completePaymentStep(services, order, charge, {
        actor: "subscriptions",
        alsoInTransaction: async (trx) => {
          await trx
            .updateTable("subscription_renewals")
            .set({
              status: "paid",
              attempts: attempt,
              lease_until: null,
              next_attempt_at: null,
              updated_at: services.clock().toISOString(),
            })
            .where("subscription_id", "=", renewal.subscription_id)
            .where("period", "=", renewal.period)
            .execute();
        },
      });
      counts.paid++;
      return;
    }
    case "pending":
      // Stripe settles it later: its webhook pays the order, and the next pass sees it paid.
      await setPaymentReference(db, order.id, charge.reference);
      return setRenewal(services, renewal, {
        status: "action",
        attempts: attempt,
        lease_until: null,
        next_attempt_at: retryDeadline(services, renewal),
      });
    case "requires_action":
      await setPaymentReference(db, order.id, charge.reference);
      return problem(services, sub, { ...renewal, attempts: attempt }, "authenticate", order, counts);
    case "declined":
      // The order keeps its stock for the retries: an attempt, not a decline of the order.
      await transitionIfAllowed(
        db,
        order,
        { type: "fail-attempt", reason: charge.reason, reference: charge.reference ?? null },
        ctxOf(services),
      );
      return problem(services, sub, { ...renewal, attempts: attempt }, "declined", order, counts, charge.message);
  }
}

/** The last day a renewal may still be paid: its first attempt's last retry. */
function retryDeadline(services: Services, renewal: Renewal): string {
  const first = Date.parse(toIso(renewal.created_at)!);
  return new Date(first + RETRY_AFTER_DAYS[RETRY_AFTER_DAYS.length - 1]! * DAY_MS).toISOString();
}

/**
 * A renewal that could not be charged: the first time, one mail with the link to pay or
 * update the card (or to pass 3-D Secure); a retry planned by the schedule; after the last,
 * the order is cancelled (stock back) and the subscription paused, and the buyer told.
 */
async function problem(
  services: Services,
  sub: Subscription,
  renewal: Renewal,
  kind: "declined" | "authenticate" | "no-stock" | "not-offered",
  order: Order | null,
  counts: PassCounts,
  message = "",
) {
  const { db } = services.database;
  const now = services.clock();
  const attempts = kind === "no-stock" || kind === "not-offered" ? renewal.attempts + 1 : renewal.attempts;
  const firstAt = new Date(Date.parse(toIso(renewal.created_at)!));
  const next = kind === "authenticate" ? null : nextRetryAt(firstAt, attempts);
  const deadline = retryDeadline(services, renewal);
  counts.problems++;
  if (order && attempts === 1 && (kind === "declined" || kind === "authenticate")) {
    const token = orderToken(services.secret, order.id);
    const payUrl =
      kind === "authenticate"
        ? `${services.config.publicUrl}/checkout/challenge?order=${order.id}&token=${token}`
        : manageUrl(services.config, services.secret, sub.id, "card");
    const rendered = await renderRenewalPaymentProblem(brandOf(services), {
      kind,
      orderNumber: order.number,
      total: formatCents(order.totalCents),
      message,
      payUrl,
      lastTryOn: formatShipDay(deadline.slice(0, 10), { withYear: true }),
    });
    await enqueueMail(
      db,
      {
        kind: kind === "declined" ? "subscription-declined" : "subscription-authenticate",
        to: sub.email,
        dedupeKey: `subscription-payment:${sub.id}:${renewal.period}`,
        orderId: order.id,
        ...rendered,
      },
      now,
    );
  }
  if (kind === "authenticate" || next) {
    return setRenewal(services, renewal, {
      status: kind === "authenticate" ? "action" : "retrying",
      attempts,
      lease_until: null,
      next_attempt_at: kind === "authenticate" ? deadline : next!.toISOString(),
      ...(order ? { order_id: order.id } : {}),
    });
  }
  await giveUp(services, sub, renewal, order, kind);
  counts.paused++;
}

/** The last try failed: stock back, the subscription paused, the buyer told why. */
async function giveUp(
  services: Services,
  sub: Subscription,
  renewal: Renewal,
  order: Order | null,
  kind: "declined" | "authenticate" | "no-stock" | "not-offered",
) {
  const { db } = services.database;
  const now = services.clock();
  if (order?.status === "pending_payment")
    await transitionIfAllowed(
      db,
      order,
      { type: "cancel", reason: "subscription renewal not paid after its retries" },
      ctxOf(services),
    );
  const reason = kind === "declined" || kind === "authenticate" ? "payment-failed" : kind;
  const catalogue = await loadCatalogueSnapshot(db);
  const rendered = await renderSubscriptionChanged(brandOf(services), {
    headline: "We paused your subscription",
    why:
      reason === "payment-failed"
        ? "We could not take the payment for this delivery after three tries, so nothing was sent or charged and the subscription is paused. Update your card and resume it when you are ready."
        : reason === "no-stock"
          ? "Something in this delivery has been out of stock for a week, so nothing was sent or charged and the subscription is paused. Resume it when it is back."
          : "Something in this delivery is no longer offered on subscription, so nothing was sent or charged and the subscription is paused. Change it or resume it from its page.",
    lines: viewOf(sub, catalogue).lines.map((l) => `${l.quantity} × ${l.title}`),
    manageUrl: manageUrl(services.config, services.secret, sub.id),
  });
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("subscription_renewals")
      .set({ status: "failed", lease_until: null, next_attempt_at: null, updated_at: now.toISOString() })
      .where("subscription_id", "=", renewal.subscription_id)
      .where("period", "=", renewal.period)
      .execute();
    await trx
      .updateTable("subscriptions")
      .set({ status: "paused", pause_reason: reason, updated_at: now.toISOString() })
      .where("id", "=", sub.id)
      .where("status", "=", "active")
      .execute();
    await enqueueMail(
      trx,
      {
        kind: "subscription-paused",
        to: sub.email,
        dedupeKey: `subscription-paused:${sub.id}:${renewal.period}`,
        ...rendered,
      },
      now,
    );
  });
}

// ---- the buyer pays with another card ----------------------------------------------------------

export type WaitingCharge =
  | { kind: "none" }
  | { kind: "paid"; order: { id: string; number: string } }
  | { kind: "declined"; reason: string; message: string }
  /** Still waiting: the issuer wants the buyer again, or the provider settles it later. */
  | { kind: "open" };

/**
 * The renewal of `subscriptionId` waiting for its money, if any, charged now with the card the
 * buyer just gave: one attempt more, recorded like the worker's own.
 */
export async function chargeWaitingRenewal(
  services: Services,
  subscriptionId: string,
  method: SavedMethod,
): Promise<WaitingCharge> {
  const { db } = services.database;
  const sub = await db.selectFrom("subscriptions").selectAll().where("id", "=", subscriptionId).executeTakeFirst();
  const waiting = await db
    .selectFrom("subscription_renewals")
    .selectAll()
    .where("subscription_id", "=", subscriptionId)
    .where("status", "in", ["retrying", "action"])
    .orderBy("period", "desc")
    .executeTakeFirst();
  if (!sub || !waiting?.order_id) return { kind: "none" };
  const order = await getOrder(db, waiting.order_id);
  if (order?.status !== "pending_payment" || !order.stockHeld) return { kind: "none" };
  const attempt = waiting.attempts + 1;
  const charge = await services.payments.chargeSaved({
    orderId: order.id,
    orderNumber: order.number,
    amountCents: order.totalCents,
    currency: order.currency,
    email: order.email,
    idempotencyKey: `${renewalKey(waiting)}:${attempt}`,
    method,
  });
  const counts: PassCounts = { activated: 0, reminded: 0, claimed: 0, paid: 0, problems: 0, paused: 0 };
  await recordCharge(services, sub, waiting, order, charge, attempt, counts);
  if (counts.paid > 0) return { kind: "paid", order: { id: order.id, number: order.number } };
  if (charge.status === "declined") return { kind: "declined", reason: charge.reason, message: charge.message };
  return { kind: "open" };
}
