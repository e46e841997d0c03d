import { sql, type Kysely, type Transaction } from "kysely";
import { SOLD_STATUSES } from "#app/domain/item-sales";
import { utcDay, type DaySales } from "#app/domain/sales-by-day";
import type { Database } from "#database/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** Orders read per statement when counting from scratch (keeps memory flat at millions of orders). */
const COUNT_PAGE = 5000;

/**
 * Moves the per-day running totals by `delta`, inside the caller's transaction (the order change
 * that moves them), in one statement. Rows are written in day order, so two order changes never
 * wait on each other's rows crosswise.
 */
export async function applyDaySalesDelta(trx: Db, delta: Map<string, DaySales>): Promise<void> {
  if (delta.size === 0) return;
  await trx
    .insertInto("sales_by_day")
    .values(
      [...delta.keys()].sort().map((day) => {
        const d = delta.get(day)!;
        return { day, revenue_cents: d.revenueCents, orders: d.orders, units: d.units };
      }),
    )
    .onConflict((oc) =>
      oc.column("day").doUpdateSet({
        revenue_cents: sql`sales_by_day.revenue_cents + excluded.revenue_cents`,
        orders: sql`sales_by_day.orders + excluded.orders`,
        units: sql`sales_by_day.units + excluded.units`,
      }),
    )
    .execute();
}

/** The running totals of the days from `from` to `to` ("YYYY-MM-DD", both included), as stored. */
export async function readSalesByDay(db: Db, from = "0000-00-00", to = "9999-99-99"): Promise<Map<string, DaySales>> {
  const rows = await db
    .selectFrom("sales_by_day")
    .select(["day", "revenue_cents", "orders", "units"])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .where((eb) => eb.or([eb("revenue_cents", "!=", 0), eb("orders", "!=", 0), eb("units", "!=", 0)]))
    .orderBy("day")
    .execute();
  return new Map(
    rows.map((r) => [
      r.day,
      { revenueCents: Number(r.revenue_cents), orders: Number(r.orders), units: Number(r.units) },
    ]),
  );
}

/** The same totals counted from every revenue-bearing order: what the running totals must always equal. */
export async function countSalesByDay(db: Db): Promise<Map<string, DaySales>> {
  const days = new Map<string, DaySales>();
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("orders")
      .where("orders.status", "in", SOLD_STATUSES)
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
      .limit(COUNT_PAGE)
      .execute();
    for (const r of rows) {
      const day = utcDay(r.paid_at instanceof Date ? r.paid_at : String(r.paid_at));
      const d = days.get(day) ?? { revenueCents: 0, orders: 0, units: 0 };
      d.revenueCents += Number(r.total_cents) - Number(r.refunded_cents);
      d.orders += 1;
      // PostgreSQL sums to a bigint, which pg hands over as a string.
      d.units += Number(r.units ?? 0);
      days.set(day, d);
    }
    if (rows.length < COUNT_PAGE) return days;
    after = rows.at(-1)!.id;
  }
}

/** Sets the running totals to a full count (orders written around the lifecycle: imports, the scale benchmark). */
export async function rebuildSalesByDay(db: Kysely<Database>): Promise<void> {
  const days = await countSalesByDay(db);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("sales_by_day").execute();
    for (const day of [...days.keys()].sort()) {
      const d = days.get(day)!;
      await trx
        .insertInto("sales_by_day")
        .values({ day, revenue_cents: d.revenueCents, orders: d.orders, units: d.units })
        .execute();
    }
  });
}
