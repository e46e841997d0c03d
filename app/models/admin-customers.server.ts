import type { Database } from "../../database/schema";
import type { Kysely } from "kysely";

/** Accounts with their order counts and totals (orders linked by account, or by verified email). */
export async function listCustomers(db: Kysely<Database>, limit = 500) {
  const users = await db
    .selectFrom("user")
    .select(["id", "name", "email", "emailVerified", "role", "banned", "createdAt"])
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
  const totals = await db
    .selectFrom("orders")
    .select([
      "user_id",
      "email",
      (eb) => eb.fn.countAll<number>().as("orders"),
      (eb) => eb.fn.sum<number>("total_cents").as("total"),
    ])
    .where("status", "in", ["paid", "shipped", "delivered"])
    .groupBy(["user_id", "email"])
    .execute();
  return users.map((u) => {
    const mine = totals.filter(
      (t) => t.user_id === u.id || (!t.user_id && Boolean(u.emailVerified) && t.email === u.email),
    );
    return {
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: Boolean(u.emailVerified),
      role: u.role,
      banned: Boolean(u.banned),
      orders: mine.reduce((n, t) => n + Number(t.orders), 0),
      totalCents: mine.reduce((n, t) => n + Number(t.total ?? 0), 0),
    };
  });
}
