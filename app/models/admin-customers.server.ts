import { sql, type Kysely } from "kysely";
import { toIso } from "../../database/values";
import type { Database } from "../../database/schema";

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

interface Totals {
  orders: number;
  spentCents: number;
  lastOrderAt: string | null;
}

function addTotals(a: Totals, b: Totals): Totals {
  const last = [a.lastOrderAt, b.lastOrderAt].filter((d): d is string => Boolean(d)).sort();
  return { orders: a.orders + b.orders, spentCents: a.spentCents + b.spentCents, lastOrderAt: last.at(-1) ?? null };
}

/**
 * Everyone who ordered (bought, or had an order cancelled) or has an account: one row per email address. An account's row holds the
 * orders placed while signed in and every order placed with its address; a guest's row the orders
 * placed with an address that has no account. Most recent buyers first, then accounts that never bought.
 */
export async function listCustomers(db: Kysely<Database>, { q, limit = 500 }: { q?: string; limit?: number } = {}) {
  const users = await db
    .selectFrom("user")
    .select(["id", "name", "email", "emailVerified", "role", "banned", "createdAt"])
    .execute();
  const groups = await db
    .selectFrom("orders")
    .select((eb) => [
      "user_id",
      sql<string>`lower(email)`.as("email"),
      eb.fn.sum<number | string | null>(sql`case when status in (${sql.join(BOUGHT)}) then 1 else 0 end`).as("orders"),
      eb.fn
        .sum<number | string | null>(
          sql`case when status in (${sql.join(BOUGHT)}) then total_cents - refunded_cents else 0 end`,
        )
        .as("spent"),
      eb.fn.max("created_at").as("last_order_at"),
    ])
    // A cancelled order was a real order: its customer is listed (0 bought) and can be found.
    // Checkouts never paid (declined, expired) are not orders and make nobody a customer.
    .where("status", "in", [...BOUGHT, "cancelled"])
    .groupBy(["user_id", sql`lower(email)`])
    .execute();

  const rows = new Map<string, CustomerRow>();
  const byId = new Map(users.map((u) => [u.id, u]));
  for (const u of users) {
    rows.set(u.email.toLowerCase(), {
      email: u.email.toLowerCase(),
      name: u.name,
      account: {
        id: u.id,
        emailVerified: Boolean(u.emailVerified),
        role: u.role,
        banned: Boolean(u.banned),
        createdAt: toIso(u.createdAt)!,
      },
      orders: 0,
      spentCents: 0,
      lastOrderAt: null,
    });
  }
  for (const g of groups) {
    const owner = g.user_id ? byId.get(g.user_id) : undefined;
    const key = owner ? owner.email.toLowerCase() : g.email;
    const row = rows.get(key) ?? {
      email: key,
      name: "",
      account: null,
      orders: 0,
      spentCents: 0,
      lastOrderAt: null,
    };
    Object.assign(
      row,
      addTotals(row, {
        orders: Number(g.orders ?? 0),
        spentCents: Number(g.spent ?? 0),
        lastOrderAt: toIso(g.last_order_at),
      }),
    );
    rows.set(key, row);
  }

  const needle = q?.trim().toLowerCase();
  let list = [...rows.values()];
  // A guest is named as on their latest order.
  const unnamed = list.filter((r) => !r.name).map((r) => r.email);
  if (unnamed.length > 0) {
    const names = await db
      .selectFrom("orders")
      .select([sql<string>`lower(email)`.as("email"), "customer_name", "created_at"])
      .where(sql<string>`lower(email)`, "in", unnamed)
      .orderBy("created_at", "desc")
      .execute();
    for (const r of list) r.name ||= names.find((n) => n.email === r.email)?.customer_name ?? r.email;
  }
  if (needle) list = list.filter((r) => r.email.includes(needle) || r.name.toLowerCase().includes(needle));
  list.sort(
    (a, b) =>
      (b.lastOrderAt ?? "").localeCompare(a.lastOrderAt ?? "") ||
      (b.account?.createdAt ?? "").localeCompare(a.account?.createdAt ?? "") ||
      a.email.localeCompare(b.email),
  );
  return { customers: list.slice(0, limit), total: list.length };
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
