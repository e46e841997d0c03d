/**
 * Fills a migrated, seeded shop database with years of history for `npm run bench:scale`, by
 * multi-row INSERTs in large transactions straight through the driver (better-sqlite3 or pg):
 * going through the checkout would take hours at a million orders. Everything comes from one
 * seeded PRNG, so a size gives the same shop on every run and on both databases.
 *
 * Proportions (the issue's shop at 1M orders): one customer per 5 orders, 20 % of them with an
 * account; 2–3 lines per order with their status history, stock log and idempotency key; refunds
 * on ~6 % of orders; one outbox mail per 10 orders, one message per 50, one newsletter row per 20.
 * Subscribe & save (issue 38): one order in 40 starts a subscription (mostly active, every 2–12
 * weeks, 1–2 subscribable products, the next charge within the coming 12 weeks); one order in 8
 * renews one started earlier (`source` 'subscription', its `subscription_renewals` row paid);
 * the last few days' renewals include some still waiting on a retry or 3-D Secure, whose order
 * holds its stock.
 */
import Sqlite from "better-sqlite3";
import pg from "pg";
import type { DbKind } from "./database";

const DAY = 86_400_000;
/** How far back the filled history reaches. */
export const SPAN_DAYS = 730;

/** Small, fast and seedable (mulberry32). */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    hex: (len: number) => {
      let s = "";
      while (s.length < len)
        s += Math.floor(next() * 0x100000000)
          .toString(16)
          .padStart(8, "0");
      return s.slice(0, len);
    },
  };
}

interface Sink {
  insert(table: string, columns: string[], rows: unknown[][]): Promise<void>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  close(): Promise<void>;
}

const quote = (c: string) => `"${c}"`;

function sqliteSink(file: string): Sink {
  const db = new Sqlite(file);
  // The fill is a throw-away load: durability is not needed until it is done.
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const statements = new Map<string, Sqlite.Statement>();
  return {
    async insert(table, columns, rows) {
      const key = `${table}:${rows.length}`;
      let stmt = statements.get(key);
      if (!stmt) {
        const one = `(${columns.map(() => "?").join(",")})`;
        stmt = db.prepare(
          `insert into ${quote(table)} (${columns.map(quote).join(",")}) values ${Array(rows.length).fill(one).join(",")}`,
        );
        statements.set(key, stmt);
      }
      stmt.run(rows.flat().map((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v)));
    },
    async begin() {
      db.exec("begin");
    },
    async commit() {
      db.exec("commit");
    },
    async close() {
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.exec("analyze");
      db.close();
    },
  };
}

async function postgresSink(url: string): Promise<Sink> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async insert(table, columns, rows) {
      const params: unknown[] = [];
      const values = rows.map((row) => `(${row.map((v) => `$${params.push(v)}`).join(",")})`);
      await client.query(
        `insert into ${quote(table)} (${columns.map(quote).join(",")}) values ${values.join(",")}`,
        params,
      );
    },
    async begin() {
      await client.query("begin");
    },
    async commit() {
      await client.query("commit");
    },
    async close() {
      // As a running shop's autovacuum leaves its tables: visibility map set (index-only scans
      // skip the heap) and statistics fresh. Otherwise autovacuum runs through the measurements.
      await client.query("vacuum analyze");
      await client.end();
    },
  };
}

/** Rows waiting for their table's next multi-row INSERT; tables flush in the order given (parents first). */
class RowBuffer {
  private tables = new Map<string, { columns: string[]; rows: unknown[][] }>();
  rows = 0;
  constructor(
    private sink: Sink,
    tables: Array<[string, string[]]>,
  ) {
    for (const [table, columns] of tables) this.tables.set(table, { columns, rows: [] });
  }
  add(table: string, row: unknown[]) {
    this.tables.get(table)!.rows.push(row);
    this.rows++;
  }
  async flush() {
    for (const [table, t] of this.tables) {
      // Stay well under both drivers' bind-parameter limits (32 766 SQLite, 65 535 PostgreSQL).
      const per = Math.max(1, Math.floor(30_000 / t.columns.length));
      for (let i = 0; i < t.rows.length; i += per) await this.sink.insert(table, t.columns, t.rows.slice(i, i + per));
      t.rows = [];
    }
    this.rows = 0;
  }
}

const ORDER_COLUMNS = [
  "id",
  "number",
  "status",
  "email",
  "customer_name",
  "shipping_address",
  "requires_shipping",
  "subtotal_cents",
  "discount_cents",
  "shipping_cents",
  "total_cents",
  "currency",
  "access_token_hash",
  "source",
  "payment_provider",
  "payment_reference",
  "payment_failure",
  "user_id",
  "reserved_until",
  "paid_at",
  "created_at",
  "updated_at",
  "carrier",
  "tracking_number",
  "shipped_at",
  "refunded_cents",
  "idempotency_key",
  "stock_held",
  "held_units",
  "subscription_id",
];
const LINE_COLUMNS = [
  "order_id",
  "position",
  "kind",
  "item_id",
  "product_ids",
  "part_prices",
  "title",
  "quantity",
  "unit_price_cents",
  "total_cents",
];
const EVENT_COLUMNS = ["order_id", "from_status", "to_status", "note", "actor", "created_at"];
const STOCK_COLUMNS = ["item_kind", "item_id", "delta", "reason", "actor", "created_at"];
const IDEMPOTENCY_COLUMNS = ["key", "request_hash", "state", "response_status", "response_body", "created_at"];
const REFUND_COLUMNS = [
  "id",
  "order_id",
  "amount_cents",
  "refunded_total_cents",
  "status",
  "reason",
  "idempotency_key",
  "provider_refund_id",
  "created_at",
  "updated_at",
];
const USER_COLUMNS = ["id", "name", "email", "emailVerified", "createdAt", "updatedAt", "role", "banned"];
const OUTBOX_COLUMNS = [
  "kind",
  "dedupe_key",
  "to_address",
  "subject",
  "html",
  "text",
  "order_id",
  "status",
  "attempts",
  "next_attempt_at",
  "last_error",
  "created_at",
  "sent_at",
];
const SUBSCRIPTION_COLUMNS = [
  "id",
  "user_id",
  "email",
  "name",
  "status",
  "every_weeks",
  "lines",
  "shipping_address",
  "next_charge_on",
  "period",
  "first_order_id",
  "customer_ref",
  "payment_method_ref",
  "card_label",
  "pause_reason",
  "created_at",
  "updated_at",
];
const RENEWAL_COLUMNS = [
  "subscription_id",
  "period",
  "charge_on",
  "order_id",
  "status",
  "attempts",
  "next_attempt_at",
  "lease_until",
  "created_at",
  "updated_at",
];
const MESSAGE_COLUMNS = ["name", "email", "subject", "message", "status", "created_at", "handled_at"];
const NEWSLETTER_COLUMNS = ["email", "status", "source", "created_at", "updated_at", "confirmed_at", "unsubscribed_at"];

const FIRST = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea", "Mo", "Nia"];
const LAST = ["Reef", "Coral", "Tang", "Goby", "Wrasse", "Clown", "Blenny", "Anthias", "Chromis", "Hawk"];
const ADDRESS = JSON.stringify({
  line1: "12 Coral Way",
  city: "Tampa",
  state: "FL",
  postalCode: "33602",
  country: "US",
});
const OUTBOX_KINDS = [
  "order-confirmation",
  "new-order-alert",
  "order-shipped",
  "order-delivered",
  "order-cancelled",
  "order-refunded",
  "newsletter-confirm",
  "contact-reply",
];

export interface CatalogueItem {
  kind: "product" | "bundle";
  id: string;
  title: string;
  priceCents: number;
  /** The owner offers it on subscription (subscribe & save). */
  subscribable?: boolean;
}

export interface FillCounts {
  orders: number;
  customers: number;
  accounts: number;
  guests: number;
  lines: number;
  events: number;
  refunds: number;
  outbox: number;
  messages: number;
  newsletter: number;
  subscriptions: number;
  renewals: number;
  seconds: number;
}

/** A guest's address as written at checkout: mostly lower case, some typed with capitals. */
export const guestEmail = (c: number) => (c % 17 === 0 ? `Guest${c}@Example.com` : `guest${c}@example.com`);
export const accountEmail = (c: number) => `customer${c}@example.com`;

export async function fillHistory(opts: {
  kind: DbKind;
  url: string;
  orders: number;
  catalogue: CatalogueItem[];
  now: Date;
  seed?: number;
}): Promise<FillCounts> {
  const started = performance.now();
  const sink = opts.kind === "sqlite" ? sqliteSink(opts.url.replace(/^file:/, "")) : await postgresSink(opts.url);
  const rnd = prng(opts.seed ?? 39);
  const buf = new RowBuffer(sink, [
    ["user", USER_COLUMNS],
    ["orders", ORDER_COLUMNS],
    ["order_lines", LINE_COLUMNS],
    ["order_events", EVENT_COLUMNS],
    ["stock_movements", STOCK_COLUMNS],
    ["idempotency_keys", IDEMPOTENCY_COLUMNS],
    ["refunds", REFUND_COLUMNS],
    ["subscriptions", SUBSCRIPTION_COLUMNS],
    ["subscription_renewals", RENEWAL_COLUMNS],
    ["outbox", OUTBOX_COLUMNS],
    ["contact_messages", MESSAGE_COLUMNS],
    ["newsletter_subscribers", NEWSLETTER_COLUMNS],
  ]);
  const nowMs = opts.now.getTime();
  const startMs = nowMs - SPAN_DAYS * DAY;
  const iso = (ms: number) => new Date(ms).toISOString();
  const uuid = () => {
    const h = rnd.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  const customers = Math.max(10, Math.round(opts.orders / 5));
  const accounts = Math.round(customers * 0.2);
  const counts: FillCounts = {
    orders: opts.orders,
    customers,
    accounts,
    guests: customers - accounts,
    lines: 0,
    events: 0,
    refunds: 0,
    outbox: 0,
    messages: 0,
    newsletter: 0,
    subscriptions: 0,
    renewals: 0,
    seconds: 0,
  };
  const userIds: string[] = [];
  const names: string[] = [];
  for (let c = 0; c < customers; c++) names.push(`${FIRST[c % FIRST.length]} ${LAST[(c * 7) % LAST.length]} ${c}`);

  await sink.begin();
  for (let c = 0; c < accounts; c++) {
    const id = rnd.hex(32);
    userIds.push(id);
    const at = iso(startMs + rnd.int(SPAN_DAYS * DAY));
    buf.add("user", [id, names[c], accountEmail(c), rnd.next() < 0.9, at, at, "user", false]);
    if (buf.rows >= 20_000) await buf.flush();
  }
  await buf.flush();

  const products = opts.catalogue.filter((i) => i.kind === "product");
  const pick = () => (rnd.next() < 0.1 ? opts.catalogue : products)[rnd.int(products.length)] ?? products[0]!;
  const COMMIT_EVERY = 20_000;
  const subscribable = products.filter((p) => p.subscribable);
  const subs: Array<{
    id: string;
    c: number;
    everyWeeks: number;
    lines: Array<{ productId: string; quantity: number }>;
    period: number;
    firstOrderId: string;
    createdMs: number;
    lastMs: number;
  }> = [];
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  for (let i = 0; i < opts.orders; i++) {
    // Orders spread evenly over two years, in the order they were placed.
    const createdMs = startMs + Math.floor(((i + rnd.next()) / opts.orders) * SPAN_DAYS * DAY);
    const ageDays = (nowMs - createdMs) / DAY;
    // Subscribe & save: a renewal of one started earlier (its lines), or a first order starting one.
    const role = subscribable.length === 0 ? 0.5 : rnd.next();
    const renewing = role < 0.125 && subs.length > 0 ? subs[rnd.int(subs.length)]! : null;
    const starting = !renewing && role > 1 - 1 / 40;
    // A few regulars buy very often, most people once or twice; a renewal is its subscriber's.
    const c = renewing ? renewing.c : Math.min(customers - 1, Math.floor(customers * rnd.next() ** 2));
    const isAccount = c < accounts;
    const email = isAccount ? accountEmail(c) : guestEmail(c);
    const roll = rnd.next();
    let status: string;
    if (roll < 0.06) status = "expired";
    else if (roll < 0.08) status = "cancelled";
    else if (roll < 0.11) status = "refunded";
    else if (ageDays < 2) status = roll < 0.6 ? "paid" : "shipped";
    else if (ageDays < 6) status = roll < 0.2 ? "paid" : roll < 0.7 ? "shipped" : "delivered";
    else status = "delivered";
    const id = uuid();
    // A renewal of the last three days may still wait on a retry or 3-D Secure: its order holds stock.
    const waiting = renewing !== null && ageDays < 3 && rnd.next() < 0.05;
    if (waiting) status = "pending_payment";
    const paid = status !== "expired" && status !== "pending_payment";
    const subscriptionId = renewing ? renewing.id : starting ? uuid() : null;
    let subtotal = 0;
    const lineCount = renewing ? renewing.lines.length : 2 + rnd.int(2);
    let units = 0;
    const subLines: Array<{ productId: string; quantity: number }> = [];
    for (let p = 0; p < lineCount; p++) {
      const combo = !subscriptionId && rnd.next() < 0.05;
      const item = renewing
        ? products.find((x) => x.id === renewing.lines[p]!.productId)!
        : starting && p === 0
          ? subscribable[rnd.int(subscribable.length)]!
          : pick();
      const quantity = renewing ? renewing.lines[p]!.quantity : 1 + rnd.int(3);
      if (starting && item.subscribable && subLines.length < 2 && !subLines.some((l) => l.productId === item.id))
        subLines.push({ productId: item.id, quantity });
      units += quantity;
      const other = products[rnd.int(products.length)]!;
      const first = products[0]!;
      const unit = combo ? Math.round((first.priceCents + other.priceCents) * 0.9) : item.priceCents;
      subtotal += unit * quantity;
      buf.add("order_lines", [
        id,
        p,
        combo ? "combo" : item.kind,
        combo ? null : item.id,
        combo ? JSON.stringify([first.id, other.id]) : null,
        combo ? JSON.stringify([first.priceCents, other.priceCents]) : null,
        combo ? "Custom combo" : item.title,
        quantity,
        unit,
        unit * quantity,
      ]);
      buf.add("stock_movements", [item.kind, item.id, -quantity, "order-reserved", `order:${id}`, iso(createdMs)]);
      counts.lines++;
    }
    const shipping = subtotal >= 7500 ? 0 : 795;
    const total = subtotal + shipping;
    const paidMs = createdMs + 1500 + rnd.int(4000);
    const shippedMs = paidMs + DAY * (0.5 + rnd.next() * 2);
    const deliveredMs = shippedMs + DAY * (1 + rnd.next() * 3);
    // Partial refunds on delivered orders, full refunds for refunded ones.
    const partial = status === "delivered" && rnd.next() < 0.03 ? Math.round(total * 0.3) : 0;
    const refunded = status === "refunded" ? total : partial;
    const key = `checkout:${uuid()}`;
    const events: Array<[string | null, string, number]> = [[null, "pending_payment", createdMs]];
    if (status === "expired") events.push(["pending_payment", "expired", createdMs + DAY / 48]);
    else if (status === "pending_payment") events.push(["pending_payment", "pending_payment", createdMs + DAY / 24]);
    else {
      events.push(["pending_payment", "paid", paidMs]);
      if (status === "cancelled") events.push(["paid", "cancelled", paidMs + DAY / 4]);
      if (status === "refunded") events.push(["paid", "refunded", paidMs + DAY / 2]);
      if (status === "shipped" || status === "delivered") events.push(["paid", "shipped", shippedMs]);
      if (status === "delivered") events.push(["shipped", "delivered", deliveredMs]);
      if (partial) events.push(["delivered", "delivered", deliveredMs + DAY]);
    }
    const lastMs = events.at(-1)![2];
    buf.add("orders", [
      id,
      // Random-looking but unique: 40 random bits alone collide about once in a million orders.
      `LR-${rnd.hex(5).toUpperCase()}${i.toString(36).toUpperCase().padStart(5, "0")}`,
      status,
      email,
      names[c],
      ADDRESS,
      1,
      subtotal,
      0,
      shipping,
      total,
      "USD",
      rnd.hex(64),
      renewing ? "subscription" : rnd.next() < 0.97 ? "web" : "admin",
      "test",
      paid ? `pi_${rnd.hex(24)}` : null,
      status === "expired" && rnd.next() < 0.5 ? "card_declined" : null,
      isAccount ? userIds[c] : null,
      // A renewal's hold lasts through its retries.
      iso(createdMs + (waiting ? 8 * DAY : DAY / 48)),
      paid ? iso(paidMs) : null,
      iso(createdMs),
      iso(lastMs),
      status === "shipped" || status === "delivered" ? "UPS" : null,
      status === "shipped" || status === "delivered" ? `1Z${rnd.hex(16).toUpperCase()}` : null,
      status === "shipped" || status === "delivered" ? iso(shippedMs) : null,
      refunded,
      key,
      status === "pending_payment" ? 1 : 0,
      units,
      subscriptionId,
    ]);
    if (renewing) {
      const retry = rnd.next() < 0.5;
      buf.add("subscription_renewals", [
        renewing.id,
        renewing.period,
        day(createdMs),
        id,
        waiting ? (retry ? "retrying" : "action") : paid ? "paid" : "failed",
        waiting && retry ? 2 : 1,
        waiting ? iso(createdMs + (retry ? 3 : 7) * DAY) : null,
        null,
        iso(createdMs),
        iso(lastMs),
      ]);
      renewing.period++;
      renewing.lastMs = createdMs;
      counts.renewals++;
    } else if (starting && subLines.length > 0) {
      subs.push({
        id: subscriptionId!,
        c,
        everyWeeks: 2 + rnd.int(11),
        lines: subLines,
        period: 1,
        firstOrderId: id,
        createdMs,
        lastMs: createdMs,
      });
    }
    // Lines and stock rows were added before their order: the buffer writes orders first.
    for (const [from, to, at] of events) {
      buf.add("order_events", [id, from, to, null, from === null ? "checkout" : "admin", iso(at)]);
      counts.events++;
    }
    buf.add("idempotency_keys", [
      key,
      rnd.hex(64),
      "done",
      paid ? 201 : 402,
      `{"order":{"id":"${id}"}}`,
      iso(createdMs),
    ]);
    if (refunded) {
      const refundId = uuid();
      const at = iso(status === "refunded" ? paidMs + DAY / 2 : deliveredMs + DAY);
      buf.add("refunds", [
        refundId,
        id,
        refunded,
        refunded,
        "succeeded",
        status === "refunded" ? "Customer changed their mind" : "Damaged in transit",
        `refund:${refundId}`,
        `re_${rnd.hex(24)}`,
        at,
        at,
      ]);
      counts.refunds++;
    }
    if (i % 10 === 0) {
      const kind = OUTBOX_KINDS[rnd.int(OUTBOX_KINDS.length)]!;
      const failed = rnd.next() < 0.01;
      buf.add("outbox", [
        kind,
        `${kind}:${id}`,
        email,
        "",
        "",
        "",
        kind.startsWith("order-") ? id : null,
        failed ? "failed" : ageDays < 0.01 ? "pending" : "sent",
        failed ? 8 : 1,
        iso(createdMs),
        failed ? "SMTP 550 mailbox unavailable" : null,
        iso(createdMs),
        failed ? null : iso(createdMs + 5000),
      ]);
      counts.outbox++;
    }
    if (i % 50 === 25) {
      buf.add("contact_messages", [
        names[c],
        email.toLowerCase(),
        "About my order",
        "Hello, when will my order ship? The chaeto looks great so far.",
        ageDays < 3 ? "new" : "handled",
        iso(createdMs + DAY / 3),
        ageDays < 3 ? null : iso(createdMs + DAY),
      ]);
      counts.messages++;
    }
    if (i % 20 === 5) {
      const n = counts.newsletter++;
      const state = rnd.next();
      buf.add("newsletter_subscribers", [
        `reader${n}@example.com`,
        state < 0.8 ? "confirmed" : state < 0.9 ? "pending" : "unsubscribed",
        "footer",
        iso(createdMs),
        iso(createdMs),
        state < 0.8 ? iso(createdMs + 60_000) : null,
        state >= 0.9 ? iso(createdMs + DAY * 30) : null,
      ]);
    }
    if (buf.rows >= 30_000) await buf.flush();
    if ((i + 1) % COMMIT_EVERY === 0) {
      await buf.flush();
      await sink.commit();
      await sink.begin();
    }
  }
  await buf.flush();
  // The subscriptions last: their period and dates are known once their renewals are written.
  const today = day(nowMs);
  for (const sub of subs) {
    const roll = rnd.next();
    const recent = nowMs - sub.createdMs < 2 * DAY;
    const status = recent && roll < 0.3 ? "pending" : roll < 0.75 ? "active" : roll < 0.88 ? "paused" : "cancelled";
    const nextMs = nowMs + rnd.int(12 * 7) * DAY;
    const isAccount = sub.c < accounts;
    buf.add("subscriptions", [
      sub.id,
      isAccount ? userIds[sub.c] : null,
      isAccount ? accountEmail(sub.c) : guestEmail(sub.c).toLowerCase(),
      names[sub.c],
      status,
      sub.everyWeeks,
      JSON.stringify(sub.lines),
      ADDRESS,
      day(nextMs) < today ? today : day(nextMs),
      sub.period,
      sub.firstOrderId,
      `cus_${rnd.hex(14)}`,
      `pm_${rnd.hex(24)}`,
      "Visa ending 4242",
      status === "paused" ? (rnd.next() < 0.7 ? "customer" : "payment-failed") : null,
      iso(sub.createdMs),
      iso(Math.max(sub.lastMs, sub.createdMs)),
    ]);
    counts.subscriptions++;
    if (buf.rows >= 20_000) await buf.flush();
  }
  await buf.flush();
  await sink.commit();
  await sink.close();
  counts.seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  return counts;
}
