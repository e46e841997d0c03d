import crypto from "node:crypto";
import { sql } from "kysely";
import { v7 as uuidv7 } from "uuid";
import { quoteDemand, type CartQuote, type CartState } from "#app/domain/cart";
import { isUuid } from "#app/domain/ids";
import { catalogueChanged } from "#app/models/catalogue/catalogue-snapshot.server";
import { signWithSecret } from "#app/services/signed-links.server";
import { parseJson, toIso } from "#database/values";
import { claimCodeUse } from "./discount-codes.server";
import { moveCredit } from "./store-credit.server";
import type { OrderStatus } from "#app/domain/order-status";
import type { StoryOrder } from "#app/domain/order-story";
import type { Order, OrderLine, ShippingAddress } from "#app/domain/order-types";
import type { Database } from "#database/schema";
import type { Kysely, Transaction } from "kysely";

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export class OutOfStockError extends Error {
  /** `itemTitle`: what the shopper asked for; `component`: the product inside a bundle that ran out. */
  constructor(
    readonly itemTitle: string,
    readonly component?: string,
  ) {
    super(component ? `${itemTitle} is out of stock: ${component} has sold out.` : `${itemTitle} is out of stock.`);
  }
}

/** Another attempt of the same checkout holds a live order under this Idempotency-Key: continue that one. */
export class IdempotentOrderExistsError extends Error {
  constructor(readonly idempotencyKey: string) {
    super("An order was already placed with this Idempotency-Key.");
  }
}

function isIdempotencyKeyConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (!e) return false;
  // PostgreSQL: unique_violation on our index; SQLite: "UNIQUE constraint failed: orders.idempotency_key".
  if (e.code === "23505") return e.constraint === "orders_idempotency_key";
  return (
    typeof e.code === "string" &&
    e.code.startsWith("SQLITE_CONSTRAINT") &&
    /orders\.idempotency_key/.test(e.message ?? "")
  );
}

// ---- access tokens -----------------------------------------------------------------------

/** The order link token: derived from the server secret, so emails sent later can carry it too. */
export function orderToken(secret: string, orderId: string): string {
  return signWithSecret(secret, `order:${orderId}`, 32);
}

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

function tokenMatches(token: string, storedHash: string): boolean {
  const a = Buffer.from(hashToken(token), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

const NUMBER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
function orderNumber(): string {
  const bytes = crypto.randomBytes(8);
  return `LR-${[...bytes].map((b) => NUMBER_ALPHABET[b % NUMBER_ALPHABET.length]).join("")}`;
}

// ---- stock -------------------------------------------------------------------------------

interface StockNeed {
  kind: "product" | "bundle";
  id: string;
  quantity: number;
}

/**
 * Units per product, summed over plain lines, bundle contents and combo components: one
 * conditional update per product, in a fixed lock order (by id) so concurrent PostgreSQL
 * transactions never deadlock. Bundles hold no stock of their own (decision 012).
 */
function stockNeeds(quote: CartQuote): StockNeed[] {
  return [...quoteDemand(quote)]
    .map(([id, quantity]) => ({ kind: "product" as const, id, quantity }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** What an order's reservation took, from the stock ledger: released exactly, whatever changed since. */
async function reservedNeeds(trx: Trx, orderId: string): Promise<StockNeed[]> {
  const rows = await trx
    .selectFrom("stock_movements")
    .select(["item_kind", "item_id", (eb) => eb.fn.sum<number | string>("delta").as("delta")])
    .where("actor", "=", `order:${orderId}`)
    .where("reason", "=", "order-reserved")
    .groupBy(["item_kind", "item_id"])
    .execute();
  return rows
    .map((r) => ({
      kind: r.item_kind === "bundle" ? ("bundle" as const) : ("product" as const),
      id: r.item_id,
      quantity: -Number(r.delta),
    }))
    .filter((n) => n.quantity > 0)
    .sort((a, b) => (a.kind + a.id < b.kind + b.id ? -1 : 1));
}

async function reserveStock(trx: Trx, needs: StockNeed[], quote: CartQuote, orderId: string, now: string) {
  if (needs.length === 0) return;
  // The stock log first, in one statement: it locks nothing anyone waits for, and if an item
  // turns out to be sold out the whole transaction, log included, rolls back.
  await trx
    .insertInto("stock_movements")
    .values(
      needs.map((need) => ({
        item_kind: need.kind,
        item_id: need.id,
        delta: -need.quantity,
        reason: "order-reserved",
        actor: `order:${orderId}`,
        created_at: now,
      })),
    )
    .execute();
  // Then one conditional update per item: stock can never go below zero, whatever runs beside
  // us. From the first update to the commit, concurrent buyers of the item wait for this row.
  for (const need of needs) {
    const result = await trx
      .updateTable("products")
      .set((eb) => ({ quantity: eb("quantity", "-", need.quantity), updated_at: now }))
      .where("id", "=", need.id)
      .where("quantity", ">=", need.quantity)
      .where("is_active", "=", 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw outOfStock(quote, need.id);
  }
  // Pages showing this stock are out of date from here on. Counted inside the transaction: a
  // copy rendered before is dropped; one that read between here and the commit (PostgreSQL) is
  // dropped when the watcher sees the committed change (watchCatalogue).
  catalogueChanged("stock");
}

/**
 * Gives an order's stock back (the lifecycle's release-stock and restock effects): exactly what
 * its reservation took, from the stock ledger.
 */
export async function releaseOrderStock(trx: Trx, order: Order, reason: string, now: string): Promise<void> {
  await releaseStock(trx, await reservedNeeds(trx, order.id), order.id, reason, now);
}

async function releaseStock(trx: Trx, needs: StockNeed[], orderId: string, reason: string, now: string) {
  for (const need of needs) {
    // Orders placed before bundles became kits (0008) reserved a bundle's own stock, which is gone.
    if (need.kind === "bundle") continue;
    await trx
      .updateTable("products")
      .set((eb) => ({ quantity: eb("quantity", "+", need.quantity), updated_at: now }))
      .where("id", "=", need.id)
      .execute();
    await trx
      .insertInto("stock_movements")
      .values({
        item_kind: need.kind,
        item_id: need.id,
        delta: need.quantity,
        reason,
        actor: `order:${orderId}`,
        created_at: now,
      })
      .execute();
  }
  if (needs.length > 0) catalogueChanged("stock");
}

// ---- placing and paying ------------------------------------------------------------------

export interface PlaceOrderInput {
  cart: CartState;
  quote: CartQuote;
  customer: { email: string; name: string; remindMe?: boolean };
  shippingAddress: ShippingAddress | null;
  paymentProvider: string;
  source?: string;
  userId?: string | null;
  now: Date;
  reservationMinutes: number;
  secret: string;
  /**
   * The checkout's scoped Idempotency-Key, recorded on the order so that a retry after a crash
   * continues this order. At most one live order holds a key: a cancelled or expired order
   * gives it up to the new one; a live one makes this throw IdempotentOrderExistsError.
   */
  idempotencyKey?: string | null;
  /** Who placed it, as clientKey() makes it from their address: for the cap on unpaid holds. */
  clientKey?: string | null;
  /** When it leaves and is due (the ship calendar's choice); null when nothing ships. */
  delivery?: { shipOn: string; arriveOn: string } | null;
  /** Store credit to spend on it (already checked against the balance and the total). */
  storeCredit?: { email: string; cents: number } | null;
  /** The subscription this order renews, or the first one it starts (decision 049). */
  subscriptionId?: string | null;
  /** Written in the order's own transaction (the subscriptions a first order starts): both, or neither. */
  alsoInTransaction?: (trx: Trx, order: Order) => Promise<void>;
  /** The discount code the quote applied (`quote.total` is already less its discount): one use is taken. */
  code?: { id: number; code: string; cents: number; maxUsesPerCustomer: number | null } | null;
}

/** The balance no longer covers the credit the checkout meant to spend (spent meanwhile). */
export class StoreCreditChangedError extends Error {}

/** A keyed hash of a buyer's address: the cap on unpaid holds needs to know who, never where. */
export function clientKey(secret: string, address: string): string {
  return signWithSecret(secret, `client:${address}`, 32);
}

/**
 * The account whose verified address this is (NULL when none), as a subquery of the order's
 * insert, so a checkout sends no extra statement for it.
 */
const verifiedAccountOf = (email: string) =>
  sql<
    string | null
  >`(select id from "user" where email = ${email.toLowerCase()} and "emailVerified" = ${sql.lit(true)})`;

/**
 * Reserves stock and records the order as pending payment, in one transaction. Returns the order
 * as stored, built from what was written (the checkout's hot path reads nothing back).
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<{ order: Order; token: string }> {
  // Time-ordered (UUIDv7): each new order's id, and the keys that lead with it (its lines, events
  // and mails), lands at the end of its index instead of on a random page of a large one.
  const id = uuidv7();
  const token = orderToken(input.secret, id);
  const now = input.now.toISOString();
  const reservedUntil = new Date(input.now.getTime() + input.reservationMinutes * 60_000).toISOString();
  const order: Order = {
    id,
    number: orderNumber(),
    status: "pending_payment",
    email: input.customer.email,
    customerName: input.customer.name,
    shippingAddress: input.shippingAddress,
    requiresShipping: input.quote.requiresShipping,
    lines: input.quote.lines.map((line) => ({
      kind: line.kind,
      id: line.kind === "combo" ? null : line.id,
      productIds: line.productIds && line.kind === "combo" ? line.productIds : null,
      partPricesCents: line.kind === "combo" ? (line.partPrices ?? null) : null,
      title: line.kind === "combo" ? `Custom combo: ${line.productTitles?.join(" + ")}` : line.title,
      quantity: line.quantity,
      unitPriceCents: line.unitPrice,
      totalCents: line.total,
    })),
    subtotalCents: input.quote.subtotal,
    discountCents: input.quote.discount,
    shippingCents: input.quote.shipping,
    totalCents: input.quote.total - (input.storeCredit?.cents ?? 0),
    currency: "USD",
    source: input.source ?? "web",
    paymentProvider: input.paymentProvider,
    paymentReference: null,
    paymentFailure: null,
    reservedUntil,
    paidAt: null,
    createdAt: now,
    updatedAt: now,
    events: [],
    carrier: null,
    trackingNumber: null,
    shippedAt: null,
    externalReference: null,
    refundedCents: 0,
    userId: input.userId ?? null,
    stockHeld: true,
    shipOn: input.delivery?.shipOn ?? null,
    arriveOn: input.delivery?.arriveOn ?? null,
    storeCreditCents: input.storeCredit?.cents ?? 0,
    discountCode: input.code?.code ?? null,
    codeDiscountCents: input.code?.cents ?? 0,
    subscriptionId: input.subscriptionId ?? null,
  };

  const key = input.idempotencyKey ?? null;
  let placedNote = "Order placed, stock reserved";
  // The key's unique index finds an earlier order of this checkout; no lookup on the way in.
  // A closed one (cancelled, expired) gives the key up and we place again; a live one wins.
  for (let attempt = 0; ; attempt++) {
    try {
      await insertOrder(db, order, input, key, placedNote, token);
      break;
    } catch (err) {
      if (!key || !isIdempotencyKeyConflict(err)) throw err;
      const released = attempt === 0 ? await releaseClosedOrderKey(db, key) : null;
      if (!released) throw new IdempotentOrderExistsError(key);
      placedNote += ` (a retry of ${released.number}, which was ${released.status})`;
    }
  }
  order.events = [
    { fromStatus: null, toStatus: "pending_payment", note: placedNote, actor: order.source, createdAt: now },
  ];
  return { order, token };
}

async function insertOrder(
  db: Db,
  order: Order,
  input: PlaceOrderInput,
  key: string | null,
  note: string,
  token: string,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("orders")
      .values({
        id: order.id,
        number: order.number,
        status: order.status,
        email: order.email,
        customer_name: order.customerName,
        shipping_address: order.shippingAddress ? JSON.stringify(order.shippingAddress) : null,
        requires_shipping: order.requiresShipping ? 1 : 0,
        subtotal_cents: order.subtotalCents,
        discount_cents: order.discountCents,
        shipping_cents: order.shippingCents,
        total_cents: order.totalCents,
        currency: order.currency,
        access_token_hash: hashToken(token),
        source: order.source,
        payment_provider: order.paymentProvider,
        payment_reference: null,
        payment_failure: null,
        // A guest order placed with an account's verified address belongs to that account.
        user_id: order.userId ?? verifiedAccountOf(order.email),
        reserved_until: order.reservedUntil,
        created_at: order.createdAt,
        updated_at: order.updatedAt,
        idempotency_key: key,
        client_key: input.clientKey ?? null,
        held_units: stockNeeds(input.quote).reduce((sum, need) => sum + need.quantity, 0),
        ship_on: order.shipOn,
        arrive_on: order.arriveOn,
        store_credit_cents: order.storeCreditCents,
        discount_code: order.discountCode,
        code_discount_cents: order.codeDiscountCents,
        subscription_id: order.subscriptionId ?? null,
      })
      .execute();
    await input.alsoInTransaction?.(trx, order);
    // The code's use is taken with the order: both happen, or neither. Before the stock, so
    // every transaction that holds a code's row and a product's takes them in the same order.
    if (input.code)
      await claimCodeUse(trx, {
        codeId: input.code.id,
        code: input.code.code,
        orderId: order.id,
        email: order.email,
        cents: input.code.cents,
        maxUsesPerCustomer: input.code.maxUsesPerCustomer,
        now: input.now,
      });
    // The credit is spent in the order's own transaction: both happen, or neither.
    if (input.storeCredit && order.storeCreditCents > 0) {
      const left = await moveCredit(trx, {
        email: input.storeCredit.email,
        amountCents: -order.storeCreditCents,
        reason: "checkout",
        dedupeKey: `spend:${order.id}`,
        orderId: order.id,
        now: input.now,
      });
      if (left === null) throw new StoreCreditChangedError("The store credit balance changed meanwhile.");
    }
    await trx
      .insertInto("order_lines")
      .values(
        order.lines.map((line, position) => ({
          order_id: order.id,
          position,
          kind: line.kind,
          item_id: line.id,
          product_ids: line.productIds ? JSON.stringify(line.productIds) : null,
          part_prices: line.partPricesCents ? JSON.stringify(line.partPricesCents) : null,
          title: line.title,
          quantity: line.quantity,
          unit_price_cents: line.unitPriceCents,
          total_cents: line.totalCents,
        })),
      )
      .execute();
    await trx
      .insertInto("order_events")
      .values({
        order_id: order.id,
        from_status: null,
        to_status: "pending_payment",
        note,
        actor: order.source,
        created_at: order.createdAt,
      })
      .execute();
    // Consent to one reminder is kept with the checkout it is about (decision 045).
    if (input.customer.remindMe)
      await trx
        .insertInto("checkout_reminders")
        .values({
          order_id: order.id,
          email: order.email.toLowerCase(),
          status: "waiting",
          created_at: order.createdAt,
        })
        .execute();
    // Stock last: the product rows are what concurrent checkouts wait for (PostgreSQL row locks),
    // so they are locked for as short a time as possible, right before the commit. Out of
    // stock rolls the whole order back.
    await reserveStock(trx, stockNeeds(input.quote), input.quote, order.id, order.createdAt);
  });
}

/** The refusal for a product that ran out, naming what the shopper asked for. */
function outOfStock(quote: CartQuote, productId: string): OutOfStockError {
  const direct = quote.lines.find((l) => l.kind === "product" && l.id === productId);
  if (direct) return new OutOfStockError(direct.title);
  for (const line of quote.lines) {
    const i = line.productIds?.indexOf(productId) ?? -1;
    if (i < 0) continue;
    const title = line.productTitles?.[i]?.replace(/^\d+ × /, "") ?? productId;
    return line.kind === "bundle" ? new OutOfStockError(line.title, title) : new OutOfStockError(title);
  }
  return new OutOfStockError(productId);
}

/** Takes a checkout's key from its earlier order if that one is closed; null when a live order holds it. */
async function releaseClosedOrderKey(db: Db, key: string): Promise<{ number: string; status: string } | null> {
  const previous = await db
    .selectFrom("orders")
    .select(["id", "number", "status"])
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  if (!previous || (previous.status !== "cancelled" && previous.status !== "expired")) return null;
  const result = await db
    .updateTable("orders")
    .set({ idempotency_key: null })
    .where("id", "=", previous.id)
    .where("idempotency_key", "=", key)
    .where("status", "in", ["cancelled", "expired"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? previous : null;
}

// ---- unpaid holds ----------------------------------------------------------------------------

/**
 * The stock units a buyer (any of their address, email or account) holds in orders waiting for
 * them to pay (a 3-D Secure step, a Stripe payment), and when the first of those holds ends.
 * Orders still being charged are not counted: they are paid or given back within the request.
 */
export async function unpaidUnitsHeld(
  db: Db,
  who: { email: string; userId: string | null; clientKey: string | null },
  now: Date,
): Promise<{ units: number; firstEndsAt: string | null }> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => [
      eb.fn.sum<number | string | null>("held_units").as("units"),
      eb.fn.min<Date | string | null>("reserved_until").as("first_ends_at"),
    ])
    .where("status", "=", "pending_payment")
    .where("stock_held", "=", 1)
    .where("payment_reference", "is not", null)
    .where("reserved_until", ">", now.toISOString())
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(email)`, "=", who.email.toLowerCase()),
        ...(who.userId ? [eb("user_id", "=", who.userId)] : []),
        ...(who.clientKey ? [eb("client_key", "=", who.clientKey)] : []),
      ]),
    )
    .executeTakeFirst();
  return { units: Number(row?.units ?? 0), firstEndsAt: toIso(row?.first_ends_at ?? null) };
}

/**
 * The buyer reached the payment step (opened the 3-D Secure page, was shown Stripe's payment
 * form): the order's short first hold becomes the full reservation, counted from placing, so
 * reaching the step again never extends it further. Only a live hold is extended.
 */
export async function startPaymentStep(db: Db, order: Order, now: Date, reservationMinutes: number): Promise<boolean> {
  const until = new Date(Date.parse(order.createdAt) + reservationMinutes * 60_000).toISOString();
  const result = await db
    .updateTable("orders")
    .set({ reserved_until: until })
    .where("id", "=", order.id)
    .where("status", "=", "pending_payment")
    .where("stock_held", "=", 1)
    .where("reserved_until", ">", now.toISOString())
    .where("reserved_until", "<", until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- reading -----------------------------------------------------------------------------

export async function getOrder(db: Db, id: string): Promise<Order | null> {
  const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [lines, events] = await Promise.all([
    db.selectFrom("order_lines").selectAll().where("order_id", "=", id).orderBy("position").execute(),
    db.selectFrom("order_events").selectAll().where("order_id", "=", id).orderBy("id").execute(),
  ]);
  return {
    id: row.id,
    number: row.number,
    status: row.status as OrderStatus,
    email: row.email,
    customerName: row.customer_name,
    shippingAddress: parseJson<ShippingAddress | null>(row.shipping_address, null),
    requiresShipping: Boolean(row.requires_shipping),
    shipOn: row.ship_on ?? null,
    arriveOn: row.arrive_on ?? null,
    storeCreditCents: Number(row.store_credit_cents ?? 0),
    discountCode: row.discount_code ?? null,
    codeDiscountCents: Number(row.code_discount_cents ?? 0),
    subscriptionId: row.subscription_id ?? null,
    lines: lines.map((l) => ({
      kind: l.kind as OrderLine["kind"],
      id: l.item_id,
      productIds: parseJson<string[] | null>(l.product_ids, null),
      partPricesCents: parseJson<number[] | null>(l.part_prices, null),
      title: l.title,
      quantity: l.quantity,
      unitPriceCents: l.unit_price_cents,
      totalCents: l.total_cents,
    })),
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    shippingCents: row.shipping_cents,
    totalCents: row.total_cents,
    currency: row.currency,
    source: row.source,
    paymentProvider: row.payment_provider,
    paymentReference: row.payment_reference,
    paymentFailure: row.payment_failure,
    reservedUntil: toIso(row.reserved_until),
    paidAt: toIso(row.paid_at),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    shippedAt: toIso(row.shipped_at),
    externalReference: row.external_reference,
    refundedCents: row.refunded_cents,
    userId: row.user_id,
    stockHeld: Boolean(row.stock_held),
    events: events.map((e) => ({
      fromStatus: e.from_status as OrderStatus | null,
      toStatus: e.to_status as OrderStatus,
      note: e.note,
      actor: e.actor,
      createdAt: toIso(e.created_at)!,
    })),
  };
}

/** What each order's story is told from (see orderStory), for a list of orders, in two queries. */
export async function storyFactsFor(db: Db, ids: readonly string[]): Promise<Map<string, StoryOrder>> {
  if (ids.length === 0) return new Map();
  const [rows, events] = await Promise.all([
    db
      .selectFrom("orders")
      .select([
        "id",
        "status",
        "requires_shipping",
        "total_cents",
        "refunded_cents",
        "paid_at",
        "carrier",
        "tracking_number",
        "shipped_at",
        "payment_provider",
      ])
      .where("id", "in", [...ids])
      .execute(),
    db
      .selectFrom("order_events")
      .select(["order_id", "to_status", "created_at"])
      .where("order_id", "in", [...ids])
      .orderBy("id")
      .execute(),
  ]);
  const history = new Map<string, { toStatus: OrderStatus; createdAt: string }[]>();
  for (const e of events) {
    const list = history.get(e.order_id) ?? [];
    list.push({ toStatus: e.to_status as OrderStatus, createdAt: toIso(e.created_at)! });
    history.set(e.order_id, list);
  }
  const facts = new Map<string, StoryOrder>();
  for (const r of rows)
    facts.set(r.id, {
      status: r.status as OrderStatus,
      requiresShipping: Boolean(r.requires_shipping),
      totalCents: r.total_cents,
      refundedCents: r.refunded_cents,
      paidAt: toIso(r.paid_at),
      carrier: r.carrier,
      trackingNumber: r.tracking_number,
      shippedAt: toIso(r.shipped_at),
      paymentProvider: r.payment_provider,
      events: history.get(r.id) ?? [],
    });
  return facts;
}

/** The order for the holder of its link token; null for anyone else (same as a missing order). */
export async function getOrderForToken(db: Db, id: string, token: string): Promise<Order | null> {
  if (!isUuid(id) || token.length < 16 || token.length > 64) return null;
  const row = await db.selectFrom("orders").select(["id", "access_token_hash"]).where("id", "=", id).executeTakeFirst();
  if (!row || !tokenMatches(token, row.access_token_hash)) return null;
  return getOrder(db, id);
}

/** The live or last order placed under a checkout's scoped Idempotency-Key, if any. */
export async function findOrderByIdempotencyKey(db: Db, key: string): Promise<Order | null> {
  const row = await db.selectFrom("orders").select("id").where("idempotency_key", "=", key).executeTakeFirst();
  return row ? getOrder(db, row.id) : null;
}

export async function findOrderByPaymentReference(db: Db, reference: string): Promise<Order | null> {
  const row = await db.selectFrom("orders").select("id").where("payment_reference", "=", reference).executeTakeFirst();
  return row ? getOrder(db, row.id) : null;
}

/**
 * Records the payment opened for an order still waiting for it (pending, stock held); false when
 * the order closed meanwhile (it expired or was cancelled while the provider answered): that
 * payment must then be closed, not handed to the buyer.
 */
export async function setPaymentReference(db: Db, orderId: string, reference: string): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ payment_reference: reference })
    .where("id", "=", orderId)
    .where("status", "=", "pending_payment")
    .where("stock_held", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
