import { PostgresAdapter, sql, type Kysely, type SqlBool, type Transaction } from "kysely";
import { toIso } from "#database/values";
import type { Database } from "#database/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** Orders that count as bought: paid, whatever happened after (a refund is taken off the total). */
export const BOUGHT_STATUSES = ["paid", "shipped", "delivered", "refunded"] as const;
/** A cancelled order was a real order: its customer is listed (0 bought). Unpaid checkouts make nobody a customer. */
const LISTED_STATUSES = [...BOUGHT_STATUSES, "cancelled"] as const;

const isBought = (status: string) => (BOUGHT_STATUSES as readonly string[]).includes(status);
const isListed = (status: string) => (LISTED_STATUSES as readonly string[]).includes(status);
const statusList = (statuses: readonly string[]) => sql.join(statuses.map((s) => sql.lit(s)));

export interface CustomerTotals {
  orders: number;
  spentCents: number;
  lastOrderAt: string;
  /** The account whose address is the key, if any. */
  userId: string | null;
}

interface OrderShare {
  status: string;
  totalCents: number;
  refundedCents: number;
  createdAt: string;
  userId: string | null;
  email: string;
}

/** Which customer an order counts for: its account's address, else its own, lower-cased. */
async function customerKeyOf(db: Db, order: Pick<OrderShare, "userId" | "email">): Promise<string> {
  const account = order.userId
    ? await db.selectFrom("user").select("email").where("id", "=", order.userId).executeTakeFirst()
    : undefined;
  return (account?.email ?? order.email).toLowerCase();
}

const accountOf = (key: string) =>
  sql<string | null>`(select a.id from "user" a where lower(a.email) = ${key} limit 1)`;

/**
 * Moves the customer's running totals as the order goes from `before` to `after`, inside the
 * caller's transaction (the status change that moves them), in one statement.
 */
export async function applyCustomerDelta(trx: Db, before: OrderShare, after: OrderShare): Promise<void> {
  const was = isListed(before.status);
  const is = isListed(after.status);
  if (!was && !is) return;
  const key = await customerKeyOf(trx, after);
  // No transition leaves the listed statuses today; should one, the customer is counted again.
  if (!is) return refreshCustomerTotals(trx, [key]);
  const share = (o: OrderShare, listed: boolean) =>
    listed && isBought(o.status) ? { orders: 1, spent: o.totalCents - o.refundedCents } : { orders: 0, spent: 0 };
  const a = share(before, was);
  const b = share(after, is);
  if (was && a.orders === b.orders && a.spent === b.spent) return;
  await trx
    .insertInto("customer_totals")
    .values({
      email_key: key,
      orders: b.orders - a.orders,
      spent_cents: b.spent - a.spent,
      last_order_at: after.createdAt,
      user_id: accountOf(key),
    })
    .onConflict((oc) =>
      oc.column("email_key").doUpdateSet({
        orders: sql`customer_totals.orders + excluded.orders`,
        spent_cents: sql`customer_totals.spent_cents + excluded.spent_cents`,
        last_order_at: sql`case when excluded.last_order_at > customer_totals.last_order_at
          then excluded.last_order_at else customer_totals.last_order_at end`,
      }),
    )
    .execute();
}

/** Counts the given customers again from their orders (a change of which customer orders count for). */
export async function refreshCustomerTotals(db: Db, keys: Iterable<string>): Promise<void> {
  for (const key of [...new Set([...keys].map((k) => k.toLowerCase()))].sort()) {
    // Holds the row before counting: a status change of this customer's committing meanwhile
    // waits and then adds its delta to the count, rather than being counted and overwritten.
    await db
      .insertInto("customer_totals")
      .values({ email_key: key, orders: 0, spent_cents: 0, last_order_at: new Date(0).toISOString(), user_id: null })
      .onConflict((oc) => oc.column("email_key").doUpdateSet({ orders: sql`customer_totals.orders` }))
      .execute();
    // The second condition finds the orders through their indexes; the first is what the list means.
    const row = await sql<{
      listed: number | string;
      orders: number | string | null;
      spent: number | string | null;
      last: Date | string | null;
    }>`
      select count(*) as listed,
        sum(case when o.status in (${statusList(BOUGHT_STATUSES)}) then 1 else 0 end) as orders,
        sum(case when o.status in (${statusList(BOUGHT_STATUSES)}) then o.total_cents - o.refunded_cents else 0 end) as spent,
        max(o.created_at) as last
      from orders o left join "user" u on u.id = o.user_id
      where o.status in (${statusList(LISTED_STATUSES)})
        and coalesce(lower(u.email), lower(o.email)) = ${key}
        and (lower(o.email) = ${key} or o.user_id in (select a.id from "user" a where lower(a.email) = ${key}))`
      .execute(db)
      .then((r) => r.rows[0]);
    if (!row || Number(row.listed) === 0) {
      await db.deleteFrom("customer_totals").where("email_key", "=", key).execute();
      continue;
    }
    const values = {
      orders: Number(row.orders ?? 0),
      spent_cents: Number(row.spent ?? 0),
      last_order_at: toIso(row.last)!,
      user_id: accountOf(key),
    };
    await db
      .insertInto("customer_totals")
      .values({ email_key: key, ...values })
      .onConflict((oc) => oc.column("email_key").doUpdateSet(values))
      .execute();
  }
}

/**
 * After an account was created, changed its address or was deleted: the customers its orders
 * counted for and count for now are counted again (its address, the keys it held, its orders'
 * own addresses).
 */
export async function refreshAccountTotals(db: Kysely<Database>, account: { id: string; email: string }) {
  await db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom("customer_totals")
      .select("email_key")
      .where("user_id", "=", account.id)
      .execute();
    const own = await trx
      .selectFrom("orders")
      .select(sql<string>`lower(email)`.as("email"))
      .distinct()
      .where("user_id", "=", account.id)
      .execute();
    await refreshCustomerTotals(trx, [account.email, ...held.map((r) => r.email_key), ...own.map((r) => r.email)]);
  });
}

const totalsQuery = sql`
  select k.email_key, k.orders, k.spent_cents, k.last_order_at,
    (select a.id from "user" a where lower(a.email) = k.email_key limit 1) as user_id
  from (
    select coalesce(lower(u.email), lower(o.email)) as email_key,
      sum(case when o.status in (${statusList(BOUGHT_STATUSES)}) then 1 else 0 end) as orders,
      sum(case when o.status in (${statusList(BOUGHT_STATUSES)}) then o.total_cents - o.refunded_cents else 0 end) as spent_cents,
      max(o.created_at) as last_order_at
    from orders o left join "user" u on u.id = o.user_id
    where o.status in (${statusList(LISTED_STATUSES)})
    group by coalesce(lower(u.email), lower(o.email))
  ) k`;

interface TotalsRow {
  email_key: string;
  orders: number | string;
  spent_cents: number | string;
  last_order_at: Date | string;
  user_id: string | null;
}

const toTotals = (rows: TotalsRow[]) =>
  new Map<string, CustomerTotals>(
    rows.map((r) => [
      r.email_key,
      {
        orders: Number(r.orders),
        spentCents: Number(r.spent_cents),
        lastOrderAt: toIso(r.last_order_at)!,
        userId: r.user_id,
      },
    ]),
  );

/** The running totals as stored. */
export async function readCustomerTotals(db: Db): Promise<Map<string, CustomerTotals>> {
  return toTotals(await db.selectFrom("customer_totals").selectAll().execute());
}

/** The same totals counted from every order: what the running totals must always equal. */
export async function countCustomerTotals(db: Db): Promise<Map<string, CustomerTotals>> {
  return toTotals((await totalsQuery.execute(db)).rows as TotalsRow[]);
}

/**
 * How many customers have totals (buyers) and how many of those are accounts (linked): counts the
 * database keeps with the rows (triggers of migration 0029), so reading them costs one small table.
 */
export async function readCustomerCounts(db: Db): Promise<{ buyers: number; linked: number }> {
  const row = await db
    .selectFrom("customer_counts")
    .select((eb) => [
      eb.fn.sum<number | string | null>("buyers").as("buyers"),
      eb.fn.sum<number | string | null>("linked").as("linked"),
    ])
    .executeTakeFirst();
  return { buyers: Number(row?.buyers ?? 0), linked: Number(row?.linked ?? 0) };
}

/** Sets the running totals to a full count (orders written around the lifecycle: imports, the scale benchmark). */
export async function rebuildCustomerTotals(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("customer_totals").execute();
    await sql`insert into customer_totals (email_key, orders, spent_cents, last_order_at, user_id) ${totalsQuery}`.execute(
      trx,
    );
  });
}

/** `expression` compared byte-wise on both databases, as the prefix indexes hold it (collation "C" on PostgreSQL). */
export function byteWise(db: Db, expression: string) {
  const collate = db.getExecutor().adapter instanceof PostgresAdapter ? sql.raw(` collate "C"`) : sql``;
  return sql`${sql.raw(expression)}${collate}`;
}

/** A condition that `expression` starts with `prefix`: one range of a byte-wise index on both databases. */
export function startsWith(db: Db, expression: string, prefix: string) {
  const e = byteWise(db, expression);
  return sql<SqlBool>`(${e} >= ${prefix} and ${e} < ${`${prefix}\u{10FFFF}`})`;
}
