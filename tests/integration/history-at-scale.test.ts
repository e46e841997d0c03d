import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSubscribers } from "#app/models/back-office/community.server";
import { getCustomer, listCustomers, SEARCH_SCAN } from "#app/models/back-office/customers.server";
import { messageCounts } from "#app/models/back-office/messages.server";
import {
  listOrders,
  MAX_TYPED_PAGE,
  OrderFiltersSchema,
  ORDERS_COUNT_CAP,
} from "#app/models/back-office/orders.server";
import { outboxKinds } from "#app/models/back-office/outbox.server";
import { rebuildCustomerTotals, startsWith } from "#app/models/orders/customer-totals.server";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices } from "../helpers/test-services";
import type { Database } from "#database/schema";
import type { AppServices } from "#server/services";
import type { Insertable, Kysely } from "kysely";

/** More guests than either database takes bind parameters in one statement (32 766 / 65 535). */
const GUESTS = 66_000;
const T0 = Date.parse("2025-01-01T00:00:00.000Z");

function orderRow(i: number, over: Partial<Insertable<Database["orders"]>> = {}): Insertable<Database["orders"]> {
  const at = new Date(T0 + i * 60_000).toISOString();
  return {
    id: `o-${String(i).padStart(7, "0")}`,
    number: `LR-T${String(i).padStart(7, "0")}`,
    status: "delivered",
    email: `guest${i}@example.com`,
    customer_name: `Guest ${i}`,
    shipping_address: null,
    requires_shipping: 1,
    subtotal_cents: 1000,
    discount_cents: 0,
    shipping_cents: 0,
    total_cents: 1000,
    access_token_hash: "0".repeat(64),
    payment_provider: "test",
    reserved_until: null,
    paid_at: at,
    created_at: at,
    updated_at: at,
    ...over,
  };
}

async function insertMany<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Insertable<Database[T]>[]) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 1000)
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + 1000))
        .execute();
  });
}

describe(`owner pages on a long history, on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let db: Kysely<Database>;
  beforeAll(async () => {
    services = await createTestServices();
    db = services.database.db;
    await insertMany(
      db,
      "orders",
      Array.from({ length: GUESTS }, (_, i) => orderRow(i)),
    );
    // Written around the lifecycle, as an import would: the customers' totals are counted once.
    await rebuildCustomerTotals(db);
  }, 120_000);
  afterAll(async () => {
    await services?.database.destroy();
  });

  it("lists more guests than a statement takes parameters, a page at a time, newest buyer first", async () => {
    const first = await listCustomers(db);
    expect(first.total).toBe(GUESTS);
    expect(first.customers).toHaveLength(50);
    expect(first.customers[0]).toMatchObject({
      email: `guest${GUESTS - 1}@example.com`,
      name: `Guest ${GUESTS - 1}`,
      account: null,
      orders: 1,
      spentCents: 1000,
    });
    const last = await listCustomers(db, { page: first.pages });
    expect(last.customers.at(-1)).toMatchObject({ email: "guest0@example.com", name: "Guest 0" });
    const one = await listCustomers(db, { q: "guest12345@" });
    expect(one.customers.map((c) => c.email)).toEqual(["guest12345@example.com"]);
    expect(one).toMatchObject({ total: 1, moreMatch: false });
    // "guest1" starts 11,111 of them: the search reads its share of each index and says there are more.
    const many = await listCustomers(db, { q: "guest1" });
    expect(many.moreMatch).toBe(true);
    expect(many.total).toBeGreaterThanOrEqual(SEARCH_SCAN);
    expect(many.total).toBeLessThan(4 * SEARCH_SCAN);
    expect(many.customers).toHaveLength(50);
    for (const c of many.customers) expect(c.email.startsWith("guest1")).toBe(true);
  });

  it("counts the orders list up to a cap instead of every row, and keyset pages reach the oldest order", async () => {
    const page = await listOrders(db, OrderFiltersSchema.parse({}));
    expect(page).toMatchObject({ total: ORDERS_COUNT_CAP, totalExact: false, pages: null, page: 1 });
    expect(page.orders[0]!.number).toBe(`LR-T${String(GUESTS - 1).padStart(7, "0")}`);
    // Follow "Next" from a deep row: the page after it is the rows just older, however deep.
    const deep = await listOrders(
      db,
      OrderFiltersSchema.parse({ after: `${new Date(T0 + 25 * 60_000).toISOString()}_o-0000025`, page: 3300 }),
    );
    expect(deep.orders.map((o) => o.id)).toEqual(
      Array.from({ length: 20 }, (_, k) => `o-${String(24 - k).padStart(7, "0")}`),
    );
    expect(deep.next).toBe(`${new Date(T0 + 5 * 60_000).toISOString()}_o-0000005`);
    // A typed page number is honoured as far as the list counts, never past it (no walk through the history)…
    const typed = await listOrders(db, OrderFiltersSchema.parse({ page: "100000" }));
    expect(typed.page).toBe(MAX_TYPED_PAGE);
    expect(typed.orders[0]!.id).toBe(`o-${String(GUESTS - 1 - (MAX_TYPED_PAGE - 1) * 20).padStart(7, "0")}`);
    // …and a date narrows the list to what it counts, so its last page holds the oldest order.
    const firstDay = OrderFiltersSchema.parse({ to: new Date(T0).toISOString().slice(0, 10), page: "1000" });
    const oldest = await listOrders(db, firstDay);
    expect(oldest).toMatchObject({ totalExact: true, total: 1440, page: 72, pages: 72 });
    expect(oldest.orders.at(-1)!.id).toBe("o-0000000");
    // Any order is reached directly by its number.
    const byNumber = await listOrders(db, OrderFiltersSchema.parse({ q: "lr-t0000007" }));
    expect(byNumber.orders.map((o) => o.id)).toEqual(["o-0000007"]);
  });

  it("uses an index for every lower(email) look-up the back office makes", async () => {
    const plan = async (query: { compile(): { sql: string; parameters: readonly unknown[] } }, ordered = false) => {
      const { sql: text, parameters } = query.compile();
      // The plan of the statement as written, with the literal values standing in for its parameters.
      const values = [...parameters];
      const literal = text.replace(
        /\?|\$\d+/g,
        (p) => `'${String(p === "?" ? values.shift() : parameters[Number(p.slice(1)) - 1])}'`,
      );
      if (services.database.dialect === "postgres") {
        // On a small table the planner may prefer a scan; forbidding it shows whether an index can serve.
        return db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          // Likewise a sort, when the question is whether an index gives the order.
          if (ordered) await sql`set local enable_sort = off`.execute(trx);
          const { rows } = await sql.raw<Record<string, string>>(`explain ${literal}`).execute(trx);
          return rows.map((r) => Object.values(r).join(" ")).join("\n");
        });
      }
      const { rows } = await sql.raw<{ detail: string }>(`explain query plan ${literal}`).execute(db);
      return rows.map((r) => r.detail).join("\n");
    };
    const guestOrders = db
      .selectFrom("orders")
      .select("id")
      .where(sql<string>`lower(email)`, "=", "guest5@example.com");
    const account = db
      .selectFrom("user")
      .select("id")
      .where(sql<string>`lower(email)`, "=", "a@example.com");
    const threads = db
      .selectFrom("contact_messages")
      .select("id")
      .where(sql<string>`lower(email)`, "=", "a@example.com");
    expect(await plan(guestOrders)).toMatch(/orders_email_lower/);
    // A customer's newest orders, by address and by account: each read in order from its index, no sort.
    const newest = (q: typeof guestOrders) => q.orderBy("created_at", "desc").orderBy("id", "desc").limit(21);
    const signedIn = db.selectFrom("orders").select("id").where("user_id", "=", "u-1");
    for (const [range, index] of [
      [guestOrders, /orders_email_lower/],
      [signedIn, /orders_user_created/],
    ] as const) {
      const read = await plan(newest(range), true);
      expect(read).toMatch(index);
      expect(read).not.toMatch(/TEMP B-TREE|Sort/);
    }
    // The orders list's address search: the start of an address, one range of the same index.
    const started = db
      .selectFrom("orders")
      .select("id")
      .where(startsWith(db, "lower(email)", "guest5"));
    expect(await plan(started)).toMatch(
      services.database.dialect === "postgres" ? /orders_email_prefix/ : /orders_email_lower/,
    );
    expect(await plan(account)).toMatch(/user_email_lower/);
    expect(await plan(threads)).toMatch(/contact_messages_email_lower/);
    // The dashboard's oldest orders waiting to ship: a range of one index, not every paid order sorted.
    const waiting = db
      .selectFrom("orders")
      .select("id")
      .where("status", "=", "paid")
      .where("requires_shipping", "=", 1)
      .orderBy("paid_at")
      .limit(5);
    expect(await plan(waiting, true)).toMatch(/orders_status_paid_at/);
    // The dead-on-arrival rate's deliveries of the last weeks: a range of one index, not every order event.
    const deliveries = db
      .selectFrom("order_events")
      .select("order_id")
      .where("to_status", "=", "delivered")
      .where("created_at", ">=", "2025-01-02T00:00:00.000Z");
    expect(await plan(deliveries)).toMatch(/order_events_to_status_created/);
  });
});

describe(`owner pages count what they hold, on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let db: Kysely<Database>;
  beforeAll(async () => {
    services = await createTestServices();
    db = services.database.db;
  });
  afterAll(async () => {
    await services?.database.destroy();
  });

  it("a page past the end of the orders shows the last page, never the first", async () => {
    await insertMany(
      db,
      "orders",
      Array.from({ length: 30 }, (_, i) => orderRow(i)),
    );
    const far = await listOrders(db, OrderFiltersSchema.parse({ page: "10001" }));
    expect(far).toMatchObject({ page: 2, pages: 2, total: 30, totalExact: true });
    expect(far.orders.map((o) => o.id)).toEqual(
      Array.from({ length: 10 }, (_, k) => `o-${String(9 - k).padStart(7, "0")}`),
    );
  });

  it("keyset pages walk every customer once, buyers then accounts that never bought, and back again", async () => {
    // Buyers (two of them at the same instant) and accounts that never bought (two signed up together).
    await insertMany(db, "orders", [
      ...Array.from({ length: 7 }, (_, i) => orderRow(5000 + i)),
      orderRow(5100, { created_at: new Date(T0 + 5006 * 60_000).toISOString(), email: "same.minute@example.com" }),
    ]);
    await rebuildCustomerTotals(db);
    await insertMany(
      db,
      "user",
      Array.from({ length: 5 }, (_, i) => {
        const at = new Date(T0 + (i < 2 ? 0 : i) * 3_600_000).toISOString();
        return {
          id: `u-${i}`,
          name: `Account ${i}`,
          email: `account${i}@example.com`,
          emailVerified: 1,
          createdAt: at,
          updatedAt: at,
        };
      }),
    );
    const byNumber: string[] = [];
    for (let page = 1; ; page++) {
      const { customers, pages } = await listCustomers(db, { page, limit: 3 });
      byNumber.push(...customers.map((c) => c.email));
      if (page >= pages) break;
    }
    // Every row once, the accounts that never bought at the end (earlier tests' orders are buyers too).
    expect(new Set(byNumber).size).toBe(byNumber.length);
    expect(byNumber.slice(-5)).toEqual([
      "account4@example.com",
      "account3@example.com",
      "account2@example.com",
      "account0@example.com",
      "account1@example.com",
    ]);
    const walked: string[] = [];
    const cursors: Array<string | null> = [];
    let after: string | undefined;
    for (;;) {
      const page = await listCustomers(db, { after, page: cursors.length + 1, limit: 3 });
      walked.push(...page.customers.map((c) => c.email));
      cursors.push(page.prev);
      if (!page.next) break;
      after = page.next;
    }
    expect(walked).toEqual(byNumber);
    // Back from the last page's first row: the page before it, as it was shown.
    const back = await listCustomers(db, { before: cursors.at(-1)!, page: cursors.length - 1, limit: 3 });
    expect(back.customers.map((c) => c.email)).toEqual(
      byNumber.slice((cursors.length - 2) * 3, (cursors.length - 1) * 3),
    );
    const first = await listCustomers(db, { before: cursors[1]!, page: 2, limit: 3 });
    expect(first).toMatchObject({ page: 1, prev: null });
    expect(first.customers.map((c) => c.email)).toEqual(byNumber.slice(0, 3));
  });

  it("keyset pages walk every order once, also orders placed in the same millisecond, and back again", async () => {
    const at = new Date(T0 + 999 * 60_000).toISOString();
    await insertMany(
      db,
      "orders",
      Array.from({ length: 25 }, (_, i) => orderRow(1000 + i, { created_at: at, status: "paid" })),
    );
    const seen: string[] = [];
    const pages = [];
    let filters = OrderFiltersSchema.parse({ status: "paid" });
    for (;;) {
      const page = await listOrders(db, filters);
      pages.push(page.orders.map((o) => o.id));
      seen.push(...page.orders.map((o) => o.id));
      if (!page.next) break;
      filters = OrderFiltersSchema.parse({ status: "paid", after: page.next, page: page.page + 1 });
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const back = await listOrders(
      db,
      OrderFiltersSchema.parse({ status: "paid", before: `${at}_${pages[1]![0]}`, page: 1 }),
    );
    expect(back.orders.map((o) => o.id)).toEqual(pages[0]);
    expect(back).toMatchObject({ page: 1, prev: null });
  });

  it("a customer's page lists their latest orders, and the orders list holds every one of them", async () => {
    // 45 orders with the address (typed in either case) and 5 placed signed in to its account with another address.
    const at = new Date(T0 + 2000 * 60_000).toISOString();
    await insertMany(db, "user", [
      {
        id: "u-regular",
        name: "Reggie Regular",
        email: "regular@example.com",
        emailVerified: 1,
        createdAt: at,
        updatedAt: at,
      },
    ]);
    await insertMany(db, "orders", [
      ...Array.from({ length: 45 }, (_, i) =>
        orderRow(20_000 + i, { email: i % 3 ? "regular@example.com" : "Regular@Example.com" }),
      ),
      ...Array.from({ length: 5 }, (_, i) => orderRow(20_100 + i, { email: "work@example.com", user_id: "u-regular" })),
      orderRow(20_200, { email: "regular.other@example.com" }),
    ]);
    const page = await getCustomer(db, "REGULAR@example.com");
    expect(page!.orders.map((o) => o.number)).toEqual(
      [...Array.from({ length: 5 }, (_, i) => 20_104 - i), ...Array.from({ length: 15 }, (_, i) => 20_044 - i)].map(
        (n) => `LR-T${String(n).padStart(7, "0")}`,
      ),
    );
    expect(page!.moreOrders).toBe(true);
    const theirs: string[] = [];
    const pages: Array<Awaited<ReturnType<typeof listOrders>>> = [];
    let filters = OrderFiltersSchema.parse({ customer: "Regular@Example.com" });
    for (;;) {
      const list = await listOrders(db, filters);
      expect(list).toMatchObject({ total: 50, totalExact: true });
      pages.push(list);
      theirs.push(...list.orders.map((o) => o.id));
      if (!list.next) break;
      filters = OrderFiltersSchema.parse({ customer: "Regular@Example.com", after: list.next, page: list.page + 1 });
    }
    expect(theirs).toHaveLength(50);
    expect(new Set(theirs).size).toBe(50);
    // One list newest first across both of their ranges: the account's five, then the address's 45.
    expect(theirs.slice(0, 6)).toEqual([
      ...[4, 3, 2, 1, 0].map((i) => `o-00201${String(i).padStart(2, "0")}`),
      "o-0020044",
    ]);
    // A typed page number and the page before a cursor give the same rows as walking forward.
    const typed = await listOrders(db, OrderFiltersSchema.parse({ customer: "regular@example.com", page: 2 }));
    expect(typed.orders.map((o) => o.id)).toEqual(pages[1]!.orders.map((o) => o.id));
    const back = await listOrders(
      db,
      OrderFiltersSchema.parse({ customer: "regular@example.com", before: pages[2]!.prev!, page: 2 }),
    );
    expect(back.orders.map((o) => o.id)).toEqual(pages[1]!.orders.map((o) => o.id));
    expect(theirs).not.toContain("o-0020200");
    // The search box finds an address by its start, in any case: the regular's 45 and the other address.
    const started = await listOrders(db, OrderFiltersSchema.parse({ q: "REGULAR" }));
    expect(started.total).toBe(46);
    expect((await listOrders(db, OrderFiltersSchema.parse({ q: "example.com" }))).total).toBe(0);
  });

  it("lists each kind of mail in the outbox once", async () => {
    const kinds = ["order-shipped", "contact-reply", "order-confirmation", "order-shipped", "contact-reply"];
    await insertMany(
      db,
      "outbox",
      kinds.map((kind, i) => ({
        kind,
        to_address: "a@example.com",
        subject: "s",
        html: "",
        text: "",
        status: "sent",
        next_attempt_at: new Date(T0 + i).toISOString(),
        created_at: new Date(T0 + i).toISOString(),
      })),
    );
    expect(await outboxKinds(db)).toEqual(["contact-reply", "order-confirmation", "order-shipped"]);
  });

  it("newsletter and messages count every row, not the rows of the page", async () => {
    const at = new Date(T0).toISOString();
    await insertMany(
      db,
      "newsletter_subscribers",
      Array.from({ length: 1500 }, (_, i) => ({
        email: `reader${i}@example.com`,
        status: i % 5 === 0 ? "pending" : "confirmed",
        source: "footer",
        created_at: at,
        updated_at: at,
      })),
    );
    const newsletter = await listSubscribers(db);
    expect(newsletter).toMatchObject({ total: 1500, confirmed: 1200, pages: 15 });
    expect(newsletter.subscribers).toHaveLength(100);
    expect((await listSubscribers(db, { page: 15 })).subscribers.at(-1)!.email).toBe("reader0@example.com");

    await insertMany(
      db,
      "contact_messages",
      Array.from({ length: 150 }, (_, i) => ({
        name: "N",
        email: `m${i}@example.com`,
        subject: "s",
        message: "m",
        status: i < 30 ? "new" : "handled",
        created_at: at,
      })),
    );
    expect(await messageCounts(db)).toEqual({ total: 150, open: 30 });
  });
});
