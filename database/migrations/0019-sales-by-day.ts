import { type Kysely } from "kysely";

/**
 * The dashboard summed revenue, orders and units over every order of its 90 days on each render
 * (issue 39). They are kept per UTC day of payment as running totals instead, moved by the order
 * lifecycle in the same transaction as the order's change (app/models/orders/sales-by-day.server.ts),
 * and counted here once from the orders so far. Revenue is what paid, shipped and delivered
 * orders charged less what was refunded of them. The day is the text "YYYY-MM-DD" of `paid_at`
 * in UTC, worked out here rather than by a dialect's date functions.
 */
const SOLD = ["paid", "shipped", "delivered"];
const PAGE = 5000;

interface Tables {
  orders: { id: string; status: string; paid_at: Date | string | null; total_cents: number; refunded_cents: number };
  order_lines: { order_id: string; quantity: number };
  sales_by_day: { day: string; revenue_cents: number; orders: number; units: number };
}

export async function up(schemaDb: Kysely<any>): Promise<void> {
  await schemaDb.schema
    .createTable("sales_by_day")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("revenue_cents", "integer", (c) => c.notNull())
    .addColumn("orders", "integer", (c) => c.notNull())
    .addColumn("units", "integer", (c) => c.notNull())
    .execute();
  const db = schemaDb as Kysely<Tables>;
  const days = new Map<string, { revenue_cents: number; orders: number; units: number }>();
  // Paged by id so that millions of orders never sit in memory at once.
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("orders")
      .where("orders.status", "in", SOLD)
      .where("orders.paid_at", "is not", null)
      .where("orders.id", ">", after)
      .select((eb) => [
        "orders.id",
        "orders.paid_at",
        "orders.total_cents",
        "orders.refunded_cents",
        eb
          .selectFrom("order_lines")
          .whereRef("order_lines.order_id", "=", "orders.id")
          .select(({ fn }) => fn.sum<number | string>("order_lines.quantity").as("units"))
          .as("units"),
      ])
      .orderBy("orders.id")
      .limit(PAGE)
      .execute();
    for (const r of rows) {
      const day = new Date(r.paid_at!).toISOString().slice(0, 10);
      const d = days.get(day) ?? { revenue_cents: 0, orders: 0, units: 0 };
      d.revenue_cents += Number(r.total_cents) - Number(r.refunded_cents);
      d.orders += 1;
      d.units += Number(r.units ?? 0);
      days.set(day, d);
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  for (const day of [...days.keys()].sort())
    await db
      .insertInto("sales_by_day")
      .values({ day, ...days.get(day)! })
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sales_by_day").execute();
}
