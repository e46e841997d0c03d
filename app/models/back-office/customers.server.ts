import { sql, type Kysely } from "kysely";
import { toIso } from "#database/values";
import type { Database } from "#database/schema";

/** Orders that count as bought: paid, whatever happened after (a refund is taken off the total). */
const BOUGHT = ["paid", "shipped", "delivered", "refunded"] as const;

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
  orders: number | string;
  spent: number | string | null;
  last_order_at: Date | string | null;
  user_id: string | null;
  user_name: string | null;
  guest_name: string | null;
  emailVerified: number | boolean | null;
  role: string | null;
  banned: number | boolean | null;
  createdAt: Date | string | null;
  total: number | string;
}

/**
 * Everyone who ordered (bought, or had an order cancelled) or has an account: one row per email address. An account's row holds the
 * orders placed while signed in and every order placed with its address; a guest's row the orders
 * placed with an address that has no account. Most recent buyers first, then accounts that never bought.
 *
 * The database groups and pages (only the page's rows come back, each guest named by one indexed
 * look-up), so the list costs one pass over the orders, whatever the number of guests.
 */
export async function listCustomers(
  db: Kysely<Database>,
  { q, page = 1, limit = CUSTOMERS_PAGE_SIZE }: { q?: string; page?: number; limit?: number } = {},
) {
  const bought = sql.join(BOUGHT.map((s) => sql.lit(s)));
  const needle = q
    ?.trim()
    .toLowerCase()
    .replace(/[%_\\]/g, "");
  // A search keeps the addresses whose email or name (on an account or any of their orders) matches.
  const matching = needle
    ? sql`where p.email in (
        select lower(email) from orders where lower(email) like ${`%${needle}%`} or lower(customer_name) like ${`%${needle}%`}
        union select lower(email) from "user" where lower(email) like ${`%${needle}%`} or lower(name) like ${`%${needle}%`})`
    : sql``;
  const offset = (Math.max(1, page) - 1) * limit;
  const result = await sql<CustomerSqlRow>`
    with totals as (
      select coalesce(lower(u.email), lower(o.email)) as email,
        sum(case when o.status in (${bought}) then 1 else 0 end) as orders,
        sum(case when o.status in (${bought}) then o.total_cents - o.refunded_cents else 0 end) as spent,
        max(o.created_at) as last_order_at
      from orders o left join "user" u on u.id = o.user_id
      -- A cancelled order was a real order: its customer is listed (0 bought) and can be found.
      -- Checkouts never paid (declined, expired) are not orders and make nobody a customer.
      where o.status in (${bought}, ${sql.lit("cancelled")})
      group by coalesce(lower(u.email), lower(o.email))
    ),
    people as (
      select email, sum(orders) as orders, sum(spent) as spent, max(last_order_at) as last_order_at
      from (
        select email, orders, spent, last_order_at from totals
        union all
        select lower(email), 0, 0, null from "user"
      ) everyone
      group by email
    ),
    listed as (
      select p.*, a."createdAt" as account_created_at, count(*) over () as total
      from people p left join "user" a on lower(a.email) = p.email ${matching}
      order by case when p.last_order_at is null then 1 else 0 end, p.last_order_at desc,
        case when a."createdAt" is null then 1 else 0 end, a."createdAt" desc, p.email
      limit ${limit} offset ${offset}
    )
    select l.email, l.orders, l.spent, l.last_order_at, l.total,
      u.id as user_id, u.name as user_name, u."emailVerified", u.role, u.banned, u."createdAt",
      (select o.customer_name from orders o where lower(o.email) = l.email order by o.created_at desc limit 1) as guest_name
    from listed l left join "user" u on lower(u.email) = l.email
    order by case when l.last_order_at is null then 1 else 0 end, l.last_order_at desc,
      case when l.account_created_at is null then 1 else 0 end, l.account_created_at desc, l.email`.execute(db);
  const rows = result.rows;
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) total = (await listCustomers(db, { q, page: 1, limit: 1 })).total;
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
  return { customers, total, page: Math.max(1, page), pages: Math.max(1, Math.ceil(total / limit)) };
}

/** One customer's page: their row, every order of theirs (any status), newest first. */
export async function getCustomer(db: Kysely<Database>, email: string) {
  const key = email.trim().toLowerCase();
  const user = await db
    .selectFrom("user")
    .select(["id", "name", "email", "emailVerified", "role", "banned", "createdAt"])
    .where(sql<string>`lower(email)`, "=", key)
    .executeTakeFirst();
  let query = db
    .selectFrom("orders")
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
    .limit(500);
  query = user
    ? query.where((eb) => eb.or([eb("user_id", "=", user.id), eb(sql<string>`lower(email)`, "=", key)]))
    : query.where(sql<string>`lower(email)`, "=", key);
  const orders = (await query.execute()).map((o) => ({
    id: o.id,
    number: o.number,
    status: o.status,
    totalCents: o.total_cents,
    refundedCents: o.refunded_cents,
    createdAt: toIso(o.created_at)!,
    source: o.source,
    email: o.email,
  }));
  if (!user && orders.length === 0) return null;
  const bought = orders.filter((o) => (BOUGHT as readonly string[]).includes(o.status));
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
    spentCents: bought.reduce((n, o) => n + o.totalCents - o.refundedCents, 0),
    boughtCount: bought.length,
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
