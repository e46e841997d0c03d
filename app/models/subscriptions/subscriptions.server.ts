/**
 * Subscribe & save (decision 049): a subscription starts with an ordinary checkout whose lines
 * carry `subscribeEveryWeeks`; the buyer (through the account or a signed link from a mail) and
 * the owner skip, move, change, pause, resume or cancel it. Renewals are in `renewals.server.ts`.
 */
import crypto from "node:crypto";
import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import { formatShipDay, shopClock } from "#app/domain/ship-calendar";
import {
  applyAction,
  chargeDateProblem,
  firstChargeOn,
  MAX_SUBSCRIBED_QUANTITY,
  subscribedUnitPrice,
  subscriptionSaving,
  type SubscriptionAction,
  type SubscriptionStatus,
} from "#app/domain/subscriptions";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { enqueueMail } from "#app/services/mail/outbox.server";
import {
  renderSubscriptionChanged,
  renderSubscriptionStarted,
  type SubscriptionMailFacts,
} from "#app/services/mail/subscription-emails";
import { sign, verify } from "#app/services/signed-links.server";
import { parseJson } from "#database/values";
import type { CartQuote } from "#app/domain/cart";
import type { CatalogueSnapshot } from "#app/domain/cart-state";
import type { Order, ShippingAddress } from "#app/domain/order-types";
import type { AppServices } from "#app/services/container";
import type { SavedMethod } from "#app/services/payments/provider";
import type { Database, SubscriptionTable } from "#database/schema";

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type Row = Selectable<SubscriptionTable>;
type Services = Pick<AppServices, "database" | "config" | "secret" | "clock" | "payments" | "logger">;

export interface SubscriptionLine {
  productId: string;
  quantity: number;
}

/** The subscriptions one checkout's subscribed lines make: one per interval. */
export interface SubscriptionPlan {
  id: string;
  everyWeeks: number;
  lines: SubscriptionLine[];
}

export function subscriptionPlans(quote: Pick<CartQuote, "lines">): SubscriptionPlan[] {
  const byWeeks = new Map<number, SubscriptionLine[]>();
  for (const line of quote.lines) {
    if (line.kind !== "product" || !line.subscription) continue;
    const lines = byWeeks.get(line.subscription.everyWeeks) ?? [];
    lines.push({ productId: line.id, quantity: line.quantity });
    byWeeks.set(line.subscription.everyWeeks, lines);
  }
  return [...byWeeks].map(([everyWeeks, lines]) => ({ id: crypto.randomUUID(), everyWeeks, lines }));
}

/**
 * Writes a first order's subscriptions in the order's own transaction ("pending" until it is
 * paid): an order placed at the subscribed price always has its subscription, and one that
 * failed to place has none.
 */
export function writeSubscriptionsWith(
  plans: SubscriptionPlan[],
  who: { email: string; name: string; userId: string | null; shippingAddress: ShippingAddress | null },
  now: Date,
  timeZone: string,
) {
  const { today } = shopClock(now, timeZone);
  return async (trx: Trx, order: Order) => {
    const at = now.toISOString();
    await trx
      .insertInto("subscriptions")
      .values(
        plans.map((plan) => ({
          id: plan.id,
          user_id: who.userId ?? order.userId ?? null,
          email: who.email.toLowerCase(),
          name: who.name,
          status: "pending" as const,
          every_weeks: plan.everyWeeks,
          lines: JSON.stringify(plan.lines),
          shipping_address: who.shippingAddress ? JSON.stringify(who.shippingAddress) : null,
          next_charge_on: firstChargeOn(today, plan.everyWeeks),
          period: 1,
          first_order_id: order.id,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  };
}

/** The card a first order's payment kept, as soon as the provider names it. */
export async function keepCardOfFirstOrder(db: Db, orderId: string, method: SavedMethod): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ customer_ref: method.customer, payment_method_ref: method.paymentMethod, card_label: method.label })
    .where("first_order_id", "=", orderId)
    .where("payment_method_ref", "is", null)
    .execute();
}

// ---- links ---------------------------------------------------------------------------------

const MANAGE_PURPOSE = "subscription-manage";

export type ManageFocus = "skip" | "date" | "quantity" | "cancel" | "card";

/** The signed page a mail links to: the subscription's changes without signing in. */
export function manageUrl(
  config: Pick<AppServices["config"], "publicUrl">,
  secret: string,
  id: string,
  focus?: ManageFocus,
) {
  const sig = sign(secret, MANAGE_PURPOSE, id);
  return `${config.publicUrl}/subscriptions/${encodeURIComponent(id)}?sig=${sig}${focus ? `&do=${focus}` : ""}`;
}

export function verifyManageLink(secret: string, id: string, signature: string): boolean {
  return Boolean(id && signature) && verify(secret, signature, MANAGE_PURPOSE, id);
}

// ---- reading -------------------------------------------------------------------------------

export interface SubscriptionView {
  id: string;
  status: SubscriptionStatus;
  everyWeeks: number;
  nextChargeOn: string;
  period: number;
  email: string;
  name: string;
  card: string | null;
  pauseReason: string | null;
  firstOrderId: string;
  createdAt: string;
  /** Each line at today's price less today's saving; `available` false when it is no longer offered. */
  lines: Array<{
    productId: string;
    title: string;
    quantity: number;
    unitPriceCents: number;
    unitSavingCents: number;
    available: boolean;
  }>;
  /** What the next delivery costs at today's prices (what is still offered). */
  totalCents: number;
  savingCents: number;
}

export function linesOf(row: Pick<Row, "lines">): SubscriptionLine[] {
  return parseJson<SubscriptionLine[]>(row.lines, []);
}

export function viewOf(row: Row, catalogue: CatalogueSnapshot): SubscriptionView {
  const products = new Map(catalogue.products.map((p) => [p.id, p]));
  const lines = linesOf(row).map((line) => {
    const product = products.get(line.productId);
    const percent = product ? subscriptionSaving(product) : null;
    const priced = product && percent !== null ? subscribedUnitPrice(product.priceCents, percent) : null;
    return {
      productId: line.productId,
      title: product?.title ?? line.productId,
      quantity: line.quantity,
      unitPriceCents: priced?.unitPrice ?? product?.priceCents ?? 0,
      unitSavingCents: priced?.saving ?? 0,
      available: Boolean(product?.active && priced),
    };
  });
  return {
    id: row.id,
    status: row.status,
    everyWeeks: row.every_weeks,
    nextChargeOn: row.next_charge_on,
    period: row.period,
    email: row.email,
    name: row.name,
    card: row.card_label,
    pauseReason: row.pause_reason,
    firstOrderId: row.first_order_id,
    createdAt: typeof row.created_at === "string" ? row.created_at : row.created_at.toISOString(),
    lines,
    totalCents: lines.reduce((sum, l) => sum + (l.available ? l.unitPriceCents * l.quantity : 0), 0),
    savingCents: lines.reduce((sum, l) => sum + (l.available ? l.unitSavingCents * l.quantity : 0), 0),
  };
}

/** A signed-in customer's subscriptions, newest first (the account's and those its address started). */
export async function listSubscriptionsOf(db: Db, userId: string): Promise<SubscriptionView[]> {
  const rows = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  if (rows.length === 0) return [];
  const catalogue = await loadCatalogueSnapshot(db);
  return rows.map((row) => viewOf(row, catalogue));
}

export async function getSubscription(db: Db, id: string): Promise<Row | null> {
  return (await db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Whoever may change it: its account, a signed link from its mails, or the owner. */
export type Changer = { kind: "customer"; userId: string } | { kind: "link" } | { kind: "owner"; actor: string };

async function subscriptionFor(db: Db, id: string, who: Changer): Promise<Row | null> {
  const row = await getSubscription(db, id);
  if (!row) return null;
  if (who.kind === "customer" && row.user_id !== who.userId) return null;
  return row;
}

// ---- changing ------------------------------------------------------------------------------

export type ChangeOutcome =
  | { kind: "changed"; subscription: SubscriptionView; changed: boolean }
  | { kind: "not-found" }
  | { kind: "refused"; reason: string; message: string }
  /** Someone else changed it at the same moment: read it again and retry. */
  | { kind: "conflict"; message: string };

const CONFLICT = {
  kind: "conflict",
  message: "The subscription changed meanwhile (another tab, or a delivery being placed). Reload it and try again.",
} as const;

/** Skip, pause, resume or cancel: one write guarded by what was read, and a mail saying what changed. */
export async function changeSubscription(
  services: Services,
  id: string,
  action: SubscriptionAction,
  who: Changer,
): Promise<ChangeOutcome> {
  const { db } = services.database;
  const row = await subscriptionFor(db, id, who);
  if (!row) return { kind: "not-found" };
  const now = services.clock();
  const { today } = shopClock(now, services.config.shopTimeZone);
  const applied = applyAction(
    { status: row.status, everyWeeks: row.every_weeks, nextChargeOn: row.next_charge_on, period: row.period },
    action,
    today,
  );
  if (!applied.ok) return { kind: "refused", reason: applied.reason, message: applied.message };
  if (!applied.changed) return { kind: "changed", subscription: await freshView(db, id), changed: false };
  const { next } = applied;
  return writeChange(
    services,
    row,
    {
      status: next.status,
      next_charge_on: next.nextChargeOn,
      period: next.period,
      pause_reason: next.status === "paused" ? (who.kind === "owner" ? "owner" : "customer") : null,
    },
    changeWords(action, row, next.nextChargeOn, who),
  );
}

/**
 * Writes one change, guarded by what was read (status, period and lines): a change made meanwhile
 * by another tab, the owner or the worker claiming the period makes this one a conflict. The
 * mail saying what changed is queued in the same transaction.
 */
async function writeChange(
  services: Services,
  row: Row,
  set: Partial<Pick<Row, "status" | "next_charge_on" | "period" | "pause_reason" | "lines">>,
  words: { headline: string; why: string },
): Promise<ChangeOutcome> {
  const { db } = services.database;
  const now = services.clock();
  const queueMail = await changeMail(services, { ...row, ...set }, words);
  const done = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("subscriptions")
      .set({ ...set, updated_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("status", "=", row.status)
      .where("period", "=", row.period)
      .where("lines", "=", row.lines)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await queueMail(trx, now);
    return true;
  });
  if (!done) return CONFLICT;
  return { kind: "changed", subscription: await freshView(db, row.id), changed: true };
}

function changeWords(action: SubscriptionAction, row: Row, nextChargeOn: string, who: Changer) {
  const byOwner = who.kind === "owner";
  const next = formatShipDay(nextChargeOn, { withYear: true });
  switch (action) {
    case "skip":
      return {
        headline: `Delivery skipped: the next one is charged ${next}`,
        why: `The delivery due ${formatShipDay(row.next_charge_on, { withYear: true })} will not be sent or charged.`,
      };
    case "pause":
      return {
        headline: "Your subscription is paused",
        why: byOwner
          ? "We paused your subscription: nothing is sent or charged until it is resumed. Reply to this mail with any question."
          : "Nothing is sent or charged until you resume it.",
      };
    case "resume":
      return {
        headline: `Your subscription is back on: next charge ${next}`,
        why: "We mail you three days before it.",
      };
    case "cancel":
      return {
        headline: "Your subscription is cancelled",
        why: byOwner
          ? "We cancelled your subscription: nothing more will be sent or charged. Reply to this mail with any question."
          : "Nothing more will be sent or charged. Deliveries already paid still come.",
      };
  }
}

/**
 * The mail saying what changed, rendered before the change's transaction (which only queues it):
 * nothing else may use the database while SQLite's one writer is held.
 */
async function changeMail(services: Services, row: Row, words: { headline: string; why: string }) {
  const catalogue = await loadCatalogueSnapshot(services.database.db);
  const rendered = await renderSubscriptionChanged(brandOf(services), {
    ...words,
    lines: lineWords(viewOf(row, catalogue)),
    manageUrl: manageUrl(services.config, services.secret, row.id),
  });
  return (trx: Trx, now: Date) =>
    enqueueMail(
      trx,
      {
        kind: "subscription-changed",
        to: row.email,
        dedupeKey: `subscription-changed:${row.id}:${now.getTime()}:${crypto.randomUUID()}`,
        ...rendered,
      },
      now,
    );
}

/** Moves the next charge to another day (from tomorrow to one interval on). */
export async function changeChargeDate(
  services: Services,
  id: string,
  date: string,
  who: Changer,
): Promise<ChangeOutcome> {
  const { db } = services.database;
  const row = await subscriptionFor(db, id, who);
  if (!row) return { kind: "not-found" };
  if (row.status !== "active")
    return { kind: "refused", reason: "not-active", message: "Only an active subscription has a next charge to move." };
  const now = services.clock();
  const { today } = shopClock(now, services.config.shopTimeZone);
  const problem = chargeDateProblem(date, today, row.every_weeks, row.next_charge_on);
  if (problem) return { kind: "refused", reason: "invalid-date", message: problem };
  if (date === row.next_charge_on) return { kind: "changed", subscription: await freshView(db, id), changed: false };
  return writeChange(
    services,
    row,
    { next_charge_on: date },
    {
      headline: `Next delivery moved: charged ${formatShipDay(date, { withYear: true })}`,
      why: "Later deliveries follow on from that day at the same interval.",
    },
  );
}

/** Sets how many of each product come (1–10); the products stay those subscribed. */
export async function changeQuantities(
  services: Services,
  id: string,
  quantities: Record<string, number>,
  who: Changer,
): Promise<ChangeOutcome> {
  const { db } = services.database;
  const row = await subscriptionFor(db, id, who);
  if (!row) return { kind: "not-found" };
  if (row.status === "cancelled")
    return { kind: "refused", reason: "cancelled", message: "This subscription was cancelled." };
  const lines = linesOf(row);
  for (const productId of Object.keys(quantities))
    if (!lines.some((l) => l.productId === productId))
      return { kind: "refused", reason: "unknown-line", message: "That product is not in this subscription." };
  for (const [productId, quantity] of Object.entries(quantities))
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_SUBSCRIBED_QUANTITY)
      return {
        kind: "refused",
        reason: "invalid-quantity",
        message: `Choose 1 to ${MAX_SUBSCRIBED_QUANTITY} for ${productId}.`,
      };
  const next = lines.map((l) => ({ ...l, quantity: quantities[l.productId] ?? l.quantity }));
  if (next.every((l, i) => l.quantity === lines[i]!.quantity))
    return { kind: "changed", subscription: await freshView(db, id), changed: false };
  return writeChange(
    services,
    row,
    { lines: JSON.stringify(next) },
    { headline: "Your subscription's quantities changed", why: "From the next delivery on, each one brings:" },
  );
}

async function freshView(db: Db, id: string): Promise<SubscriptionView> {
  const row = (await getSubscription(db, id))!;
  return viewOf(row, await loadCatalogueSnapshot(db));
}

// ---- starting ------------------------------------------------------------------------------

export function brandOf(services: Pick<AppServices, "config">) {
  const { config } = services;
  return { shopName: config.shopName, publicUrl: config.publicUrl, shopEmail: config.shopEmail };
}

export function lineWords(view: Pick<SubscriptionView, "lines">): string[] {
  return view.lines.map((l) => `${l.quantity} × ${l.title}${l.available ? "" : " (no longer offered)"}`);
}

export function mailFacts(
  services: Pick<AppServices, "config" | "secret">,
  view: SubscriptionView,
): SubscriptionMailFacts {
  const url = (focus?: ManageFocus) => manageUrl(services.config, services.secret, view.id, focus);
  return {
    lines: lineWords(view),
    everyWeeks: view.everyWeeks,
    nextChargeOn: formatShipDay(view.nextChargeOn, { withYear: true }),
    manageUrl: url(),
    links: { skip: url("skip"), changeDate: url("date"), changeQuantity: url("quantity"), cancel: url("cancel") },
  };
}

/**
 * Pending subscriptions whose first order was paid become active (the card its payment kept is
 * asked of the provider when the checkout could not name it) and their buyer is mailed; those
 * whose first order closed unpaid are cancelled without a word (there was never a subscription).
 * `firstOrderId`: only that order's (right after a checkout paid it).
 */
export async function activateSubscriptions(services: Services, firstOrderId?: string): Promise<number> {
  const { db } = services.database;
  let query = db
    .selectFrom("subscriptions as s")
    .innerJoin("orders as o", "o.id", "s.first_order_id")
    .selectAll("s")
    .select(["o.paid_at as paidAt", "o.status as orderStatus", "o.payment_reference as reference"])
    .where("s.status", "=", "pending")
    .where((eb) => eb.or([eb("o.paid_at", "is not", null), eb("o.status", "in", ["cancelled", "expired"])]));
  if (firstOrderId) query = query.where("s.first_order_id", "=", firstOrderId);
  const rows = await query.limit(200).execute();
  if (rows.length === 0) return 0;
  const now = services.clock();
  const catalogue = await loadCatalogueSnapshot(db);
  let activated = 0;
  for (const row of rows) {
    if (!row.paidAt) {
      await db
        .updateTable("subscriptions")
        .set({ status: "cancelled", pause_reason: "first-order-unpaid", updated_at: now.toISOString() })
        .where("id", "=", row.id)
        .where("status", "=", "pending")
        .execute();
      continue;
    }
    let method: SavedMethod | null = row.payment_method_ref
      ? { customer: row.customer_ref ?? "", paymentMethod: row.payment_method_ref, label: row.card_label ?? "" }
      : null;
    if (!method && row.reference) method = await services.payments.savedMethodOf(row.reference).catch(() => null);
    const userId =
      row.user_id ??
      (
        await db
          .selectFrom("user")
          .select("id")
          .where("email", "=", row.email)
          .where("emailVerified", "=", sql.lit(true))
          .executeTakeFirst()
      )?.id ??
      null;
    const view = viewOf({ ...row, status: "active", card_label: method?.label ?? null }, catalogue);
    const rendered = await renderSubscriptionStarted(brandOf(services), {
      ...mailFacts(services, view),
      card: method?.label ?? null,
      accountUrl: userId ? null : `${services.config.publicUrl}/sign-up?email=${encodeURIComponent(row.email)}`,
    });
    activated += await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("subscriptions")
        .set({
          status: "active",
          user_id: userId,
          customer_ref: method?.customer ?? null,
          payment_method_ref: method?.paymentMethod ?? null,
          card_label: method?.label ?? null,
          updated_at: now.toISOString(),
        })
        .where("id", "=", row.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return 0;
      await enqueueMail(
        trx,
        { kind: "subscription-started", to: row.email, dedupeKey: `subscription-started:${row.id}`, ...rendered },
        now,
      );
      return 1;
    });
  }
  return activated;
}

/** An account whose address is now verified takes the subscriptions that address started. */
export async function attachGuestSubscriptions(db: Db | Trx, userId: string, email: string): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ user_id: userId })
    .where("user_id", "is", null)
    .where("email", "=", email.toLowerCase())
    .execute();
}
