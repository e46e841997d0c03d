import { PostgresAdapter, sql, type Kysely, type SelectQueryBuilder } from "kysely";
import { byteWise, readCustomerCounts, startsWith } from "#app/models/orders/customer-totals.server";
import { toIso } from "#database/values";
import type { Database } from "#database/schema";

export interface CustomerRow {
  /** The address that names the row (an account's, or a guest's as typed at checkout, lower-cased). */
  email: string;
  name: string;
  account: {
    id: string;
    emailVerified: boolean;
    role: string | null;
    banned: boolean;
    createdAt: string;
  } | null;
  orders: number;
  spentCents: number;
  lastOrderAt: string | null;
}

export const CUSTOMERS_PAGE_SIZE = 50;

interface CustomerSqlRow {
  email: string;
  orders: number | string | null;
  spent: number | string | null;
  last_order_at: Date | string | null;
  user_id: string | null;
  user_name: string | null;
  guest_name: string | null;
  emailVerified: number | boolean | null;
  role: string | null;
  banned: number | boolean | null;
  createdAt: Date | string | null;
  total?: number | string;
}

/**
 * The account and the guest name of each listed address: one indexed look-up each, for the page's
 * rows only. `lower(l.email)`, not the column: SQLite uses the `lower(email)` index only when
 * both sides are expressions without a column's type affinity.
 */
const ROW_COLUMNS = sql`u.id as user_id, u.name as user_name, u."emailVerified", u.role, u.banned, u."createdAt",
  (select o.customer_name from orders o where lower(o.email) = lower(l.email) order by o.created_at desc limit 1) as guest_name`;

/**
 * Everyone who ordered (bought, or had an order cancelled) or has an account: one row per email address. An account's row holds the
 * orders placed while signed in and every order placed with its address; a guest's row the orders
 * placed with an address that has no account. Most recent buyers first, then accounts that never bought.
 *
 * The counts are the running totals (customer_totals, moved with each order): a page reads its
 * rows from an index, whatever the number of orders. A search matches the start of an address or
 * of a name (an account's, or one given on any order): each is one range of an index.
 */
export async function listCustomers(
  db: Kysely<Database>,
  {
    q,
    page = 1,
    after,
    before,
    limit = CUSTOMERS_PAGE_SIZE,
  }: { q?: string; page?: number; after?: string; before?: string; limit?: number } = {},
): Promise<CustomerListPage> {
  const needle = q?.trim().toLowerCase();
  page = Math.max(1, page);
  const offset = (page - 1) * limit;
  let rows: CustomerSqlRow[];
  let total: number;
  let next: string | null = null;
  let prev: string | null = null;
  let more = false;
  if (needle) ({ rows, total, capped: more } = await searchPage(db, needle, offset, limit));
  else {
    const counted = await countListed(db);
    total = counted.listed;
    // Pages follow the row they start from (keyset), so the last page costs what the first does;
    // a bare page number (a link typed by hand) still works, by offset.
    const cursor = parseCursor(after ?? before);
    const walked = cursor
      ? await walk(db, cursor, after ? "forward" : "back", limit)
      : await listPage(db, offset, limit, counted.bought);
    rows = walked.rows;
    if (after && cursor) page = Math.max(2, page);
    if (before && cursor && !walked.more) page = 1;
    const more = after || !before ? walked.more : true;
    const earlier = before ? walked.more : page > 1;
    next = more && rows.length > 0 ? cursorOf(rows.at(-1)!) : null;
    prev = earlier && rows.length > 0 ? cursorOf(rows[0]!) : null;
  }
  const customers: CustomerRow[] = rows.map((r) => ({
    email: r.email,
    // A guest is named as on their latest order.
    name: r.user_name || r.guest_name || r.email,
    account: r.user_id
      ? {
          id: r.user_id,
          emailVerified: Boolean(r.emailVerified),
          role: r.role,
          banned: Boolean(r.banned),
          createdAt: toIso(r.createdAt)!,
        }
      : null,
    orders: Number(r.orders ?? 0),
    spentCents: Number(r.spent ?? 0),
    lastOrderAt: toIso(r.last_order_at),
  }));
  return { customers, total, moreMatch: more, page, pages: Math.max(1, Math.ceil(total / limit)), next, prev };
}

export interface CustomerListPage {
  customers: CustomerRow[];
  total: number;
  /** A search matched more than it read (SEARCH_SCAN per index): `total` counts the matches read. */
  moreMatch: boolean;
  page: number;
  pages: number;
  /** Where the next and the previous page start (keyset cursors; null: there is none or the list is a search). */
  next: string | null;
  prev: string | null;
}

/**
 * A row of the list as a cursor: its part ("b", buyers by last order; "a", accounts that never
 * bought, by sign-up), the instant it is sorted by, and its address ("b~2026-11-21T10:00:00.000Z~sam@example.com").
 */
export const CUSTOMER_CURSOR = /^[ab]~\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z~[^\s]{1,320}$/;

interface Cursor {
  part: "b" | "a";
  at: string;
  email: string;
}

function parseCursor(cursor: string | undefined): Cursor | null {
  if (!cursor || !CUSTOMER_CURSOR.test(cursor)) return null;
  const [part, at] = cursor.split("~", 2) as ["b" | "a", string];
  return { part, at, email: cursor.slice(part.length + at.length + 2) };
}

function cursorOf(row: CustomerSqlRow): string {
  return row.last_order_at !== null
    ? `b~${toIso(row.last_order_at)}~${row.email}`
    : `a~${toIso(row.createdAt)}~${row.email}`;
}

/**
 * Every address the list holds: the buyers and the accounts that never bought. The buyers (and
 * how many of them are accounts) are counts the database keeps with customer_totals (migration
 * 0029); the accounts are counted, one index.
 */
async function countListed(db: Kysely<Database>): Promise<{ listed: number; bought: number }> {
  const [{ buyers, linked }, accounts] = await Promise.all([
    readCustomerCounts(db),
    db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { listed: buyers + Number(accounts.n) - linked, bought: buyers };
}

/** Buyers, newest last order first, from an index; `where`/`ascending` pick a side of a cursor. */
function buyers(db: Kysely<Database>, limit: number, cursor: Cursor | null, ascending: boolean, offset = 0) {
  const beyond = !cursor
    ? sql`1 = 1`
    : ascending
      ? sql`(last_order_at > ${cursor.at} or (last_order_at = ${cursor.at} and email_key < ${cursor.email}))`
      : sql`(last_order_at < ${cursor.at} or (last_order_at = ${cursor.at} and email_key > ${cursor.email}))`;
  const order = ascending ? sql`last_order_at asc, email_key desc` : sql`last_order_at desc, email_key`;
  return sql<CustomerSqlRow>`
    select l.email, l.orders, l.spent_cents as spent, l.last_order_at, ${ROW_COLUMNS}
    from (
      select email_key as email, orders, spent_cents, last_order_at, user_id from customer_totals
      where ${beyond} order by ${order} limit ${limit} offset ${offset}
    ) l
    left join "user" u on u.id = l.user_id
    order by ${ascending ? sql`l.last_order_at asc, l.email desc` : sql`l.last_order_at desc, l.email`}`.execute(db);
}

/** Accounts that never bought, newest first; `cursor`/`ascending` as for buyers. */
function accounts(db: Kysely<Database>, limit: number, cursor: Cursor | null, ascending: boolean, offset = 0) {
  const beyond = !cursor
    ? sql`1 = 1`
    : ascending
      ? sql`(a."createdAt" > ${cursor.at} or (a."createdAt" = ${cursor.at} and lower(a.email) < ${cursor.email}))`
      : sql`(a."createdAt" < ${cursor.at} or (a."createdAt" = ${cursor.at} and lower(a.email) > ${cursor.email}))`;
  const order = ascending ? sql`a."createdAt" asc, lower(a.email) desc` : sql`a."createdAt" desc, lower(a.email)`;
  return sql<CustomerSqlRow>`
    select l.email, null as orders, null as spent, null as last_order_at, ${ROW_COLUMNS}
    from (
      select lower(a.email) as email, a.id, a."createdAt" from "user" a
      where not exists (select 1 from customer_totals t where t.user_id = a.id) and ${beyond}
      order by ${order} limit ${limit} offset ${offset}
    ) l join "user" u on u.id = l.id
    order by ${ascending ? sql`l."createdAt" asc, l.email desc` : sql`l."createdAt" desc, l.email`}`.execute(db);
}

/**
 * The page after (or before) the row a cursor names: buyers first, then accounts that never
 * bought, one index range each. `more` says whether rows lie beyond the page in that direction.
 */
async function walk(db: Kysely<Database>, cursor: Cursor, direction: "forward" | "back", limit: number) {
  const rows: CustomerSqlRow[] = [];
  if (direction === "forward") {
    if (cursor.part === "b") rows.push(...(await buyers(db, limit + 1, cursor, false)).rows);
    if (rows.length <= limit)
      rows.push(...(await accounts(db, limit + 1 - rows.length, cursor.part === "a" ? cursor : null, false)).rows);
    return { rows: rows.slice(0, limit), more: rows.length > limit };
  }
  if (cursor.part === "a") rows.push(...(await accounts(db, limit + 1, cursor, true)).rows);
  if (rows.length <= limit)
    rows.push(...(await buyers(db, limit + 1 - rows.length, cursor.part === "b" ? cursor : null, true)).rows);
  return { rows: rows.slice(0, limit).reverse(), more: rows.length > limit };
}

/** A page by number (offset): buyers newest first from the totals' index, then the accounts that never bought. */
async function listPage(db: Kysely<Database>, offset: number, limit: number, bought: number) {
  const rows: CustomerSqlRow[] = [];
  if (offset < bought) rows.push(...(await buyers(db, limit + 1, null, false, offset)).rows);
  if (rows.length <= limit)
    rows.push(...(await accounts(db, limit + 1 - rows.length, null, false, Math.max(0, offset - bought))).rows);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/**
 * How many rows a search reads from each index it looks in (addresses, names on accounts, names
 * on orders): a prefix as short as "a" matches a good part of a large shop, and the page must
 * cost what it shows. Past it, the page says there are more and asks for more of the name.
 */
export const SEARCH_SCAN = 500;

async function searchPage(db: Kysely<Database>, needle: string, offset: number, limit: number) {
  // Each source is the first SEARCH_SCAN entries of its index range, in the index's own order.
  const sources = [
    sql`select email_key as e from customer_totals where ${startsWith(db, "email_key", needle)}
      order by ${byteWise(db, "email_key")} limit ${SEARCH_SCAN}`,
    sql`select lower(email) as e from "user" where ${startsWith(db, "lower(email)", needle)}
      order by ${byteWise(db, "lower(email)")} limit ${SEARCH_SCAN}`,
    sql`select lower(email) as e from "user" where ${startsWith(db, "lower(name)", needle)}
      order by ${byteWise(db, "lower(name)")} limit ${SEARCH_SCAN}`,
    sql`select coalesce(lower(u.email), lower(o.email)) as e from orders o left join "user" u on u.id = o.user_id
      where ${startsWith(db, "lower(o.customer_name)", needle)}
      order by ${byteWise(db, "lower(o.customer_name)")} limit ${SEARCH_SCAN}`,
  ];
  // One statement: each source is read once, for the page and for the counts (a CTE used twice is
  // computed once), and the counts come back even for a page past the end.
  const name = (i: number) => sql.raw(`s${i}`);
  const result = await sql<CustomerSqlRow & { total: number | string; filled: number | string }>`
    with ${sql.join(sources.map((source, i) => sql`${name(i)} as (${source})`))},
    hits as (${sql.join(
      sources.map((_, i) => sql`select e as email_key from ${name(i)}`),
      sql` union `,
    )}),
    matched as (
      select h.email_key as email, t.orders, t.spent_cents as spent, t.last_order_at, a.id as account_id,
        a."createdAt" as account_created_at
      from hits h ${lookUp(db)}
      where t.last_order_at is not null or a.id is not null
    ),
    counts as (
      select (select count(*) from matched) as total,
        ${sql.join(
          sources.map((_, i) => sql`case when (select count(*) from ${name(i)}) >= ${SEARCH_SCAN} then 1 else 0 end`),
          sql` + `,
        )} as filled
    ),
    listed as (
      select * from matched
      order by case when last_order_at is null then 1 else 0 end, last_order_at desc,
        case when account_created_at is null then 1 else 0 end, account_created_at desc, email
      limit ${limit} offset ${offset}
    )
    select l.email, l.orders, l.spent, l.last_order_at, c.total, c.filled, ${ROW_COLUMNS}
    from counts c left join listed l on true left join "user" u on u.id = l.account_id
    order by case when l.last_order_at is null then 1 else 0 end, l.last_order_at desc,
      case when l.account_created_at is null then 1 else 0 end, l.account_created_at desc, l.email`.execute(db);
  const head = result.rows[0];
  // More match than were read when a source filled its share.
  return {
    rows: result.rows.filter((r) => r.email !== null),
    total: Number(head?.total ?? 0),
    capped: Number(head?.filled ?? 0) > 0,
  };
}

/**
 * Each hit's totals and account, one index probe each. PostgreSQL is told so (a lateral join with
 * a limit is not turned into a join): left to plan the joins, it read every customer's totals and
 * lower-cased every account's address to hash 500 hits. SQLite joins by probing anyway.
 */
function lookUp(db: Kysely<Database>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql`left join lateral (select t.orders, t.spent_cents, t.last_order_at from customer_totals t
          where t.email_key = h.email_key limit 1) t on true
        left join lateral (select x.id, x."createdAt" from "user" x where lower(x.email) = h.email_key limit 1) a on true`
    : sql`left join customer_totals t on t.email_key = h.email_key
        left join "user" a on lower(a.email) = lower(h.email_key)`;
}

/** How many of a customer's latest orders their page lists; the orders list holds them all (`?customer=`). */
export const CUSTOMER_PAGE_ORDERS = 20;

/** One customer's page: their row and their latest orders (any status), newest first. */
export async function getCustomer(db: Kysely<Database>, email: string) {
  const key = email.trim().toLowerCase();
  const user = await db
    .selectFrom("user")
    .select(["id", "name", "email", "emailVerified", "role", "banned", "createdAt"])
    .where(sql<string>`lower(email)`, "=", key)
    .executeTakeFirst();
  // The newest orders with the address, and (with an account) the newest placed signed in to it:
  // each one range of an index, merged here. As one "or", PostgreSQL walks the whole history by
  // date looking for them when the customer buys rarely.
  const newest = (
    where: (q: SelectQueryBuilder<Database, "orders", object>) => SelectQueryBuilder<Database, "orders", object>,
  ) =>
    where(db.selectFrom("orders"))
      .select([
        "id",
        "number",
        "status",
        "total_cents",
        "refunded_cents",
        "customer_name",
        "created_at",
        "source",
        "email",
      ])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(CUSTOMER_PAGE_ORDERS + 1)
      .execute();
  const [byAddress, byAccount] = await Promise.all([
    newest((q) => q.where(sql<string>`lower(email)`, "=", key)),
    user ? newest((q) => q.where("user_id", "=", user.id)) : [],
  ]);
  const latest = [...new Map([...byAddress, ...byAccount].map((o) => [o.id, o])).values()]
    .map((o) => ({ ...o, at: toIso(o.created_at)! }))
    .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
    .slice(0, CUSTOMER_PAGE_ORDERS + 1);
  const orders = latest.slice(0, CUSTOMER_PAGE_ORDERS).map((o) => ({
    id: o.id,
    number: o.number,
    status: o.status,
    totalCents: o.total_cents,
    refundedCents: o.refunded_cents,
    createdAt: o.at,
    source: o.source,
    email: o.email,
  }));
  if (!user && orders.length === 0) return null;
  // The counts are the list's running totals: the orders below are only the latest few.
  const totals = await db
    .selectFrom("customer_totals")
    .select(["orders", "spent_cents"])
    .where("email_key", "=", key)
    .executeTakeFirst();
  return {
    email: key,
    name: user?.name || (await latestName(db, key)) || key,
    account: user
      ? {
          id: user.id,
          emailVerified: Boolean(user.emailVerified),
          role: user.role,
          banned: Boolean(user.banned),
          createdAt: toIso(user.createdAt)!,
        }
      : null,
    orders,
    /** Older orders than those listed exist (the orders list, filtered to this customer, holds them). */
    moreOrders: latest.length > CUSTOMER_PAGE_ORDERS,
    spentCents: Number(totals?.spent_cents ?? 0),
    boughtCount: totals?.orders ?? 0,
  };
}

async function latestName(db: Kysely<Database>, email: string) {
  const row = await db
    .selectFrom("orders")
    .select("customer_name")
    .where(sql<string>`lower(email)`, "=", email)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row?.customer_name;
}
