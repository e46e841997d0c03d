import { sql, type Kysely, type Transaction } from "kysely";
import { SOLD_STATUSES, type ListingKey } from "#app/domain/item-sales";
import { itemDaySales, utcDay, type DaySales, type ItemDayTake } from "#app/domain/sales-by-day";
import { parseJson } from "#database/values";
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

/**
 * Sets the running totals per day, and per day and item, to a full count (orders written around
 * the lifecycle: imports, the scale benchmark).
 */
export async function rebuildSalesByDay(db: Kysely<Database>): Promise<void> {
  const days = await countSalesByDay(db);
  const takes = await countItemSalesByDay(db);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("item_sales_by_day").execute();
    const rows = [...takes.values()].map(takeRow);
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto("item_sales_by_day")
        .values(rows.slice(i, i + 500))
        .execute();
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

// ---- per day and item: the dashboard's best sellers ---------------------------------------

const takeRow = (t: ItemDayTake) => ({ day: t.day, item_key: t.item, units: t.units, revenue_cents: t.revenueCents });

/**
 * Moves the per-day, per-item running totals by `delta`, inside the caller's transaction, in one
 * statement, rows in key order (as applyDaySalesDelta).
 */
export async function applyItemDaySalesDelta(trx: Db, delta: Map<string, ItemDayTake>): Promise<void> {
  if (delta.size === 0) return;
  await trx
    .insertInto("item_sales_by_day")
    .values([...delta.keys()].sort().map((key) => takeRow(delta.get(key)!)))
    .onConflict((oc) =>
      oc.columns(["day", "item_key"]).doUpdateSet({
        units: sql`item_sales_by_day.units + excluded.units`,
        revenue_cents: sql`item_sales_by_day.revenue_cents + excluded.revenue_cents`,
      }),
    )
    .execute();
}

/** Each item's units and net cents over the days from `from` to `to` ("YYYY-MM-DD", both included), as stored. */
export async function readItemSalesByDay(
  db: Db,
  from = "0000-00-00",
  to = "9999-99-99",
): Promise<Map<ListingKey, { units: number; revenueCents: number }>> {
  const rows = await db
    .selectFrom("item_sales_by_day")
    .where("day", ">=", from)
    .where("day", "<=", to)
    .select(({ fn }) => [
      "item_key",
      fn.sum<number | string>("units").as("units"),
      fn.sum<number | string>("revenue_cents").as("revenue_cents"),
    ])
    .groupBy("item_key")
    .execute();
  return new Map(
    rows
      .map(
        (r) => [r.item_key as ListingKey, { units: Number(r.units), revenueCents: Number(r.revenue_cents) }] as const,
      )
      .filter(([, t]) => t.units !== 0 || t.revenueCents !== 0),
  );
}

/** The stored per-day, per-item rows (those that are not zero), keyed as itemDaySales keys them. */
export async function readItemDayTakes(db: Db): Promise<Map<string, ItemDayTake>> {
  const rows = await db
    .selectFrom("item_sales_by_day")
    .selectAll()
    .where((eb) => eb.or([eb("units", "!=", 0), eb("revenue_cents", "!=", 0)]))
    .execute();
  return new Map(
    rows.map((r) => [
      `${r.day} ${r.item_key}`,
      { day: r.day, item: r.item_key as ListingKey, units: Number(r.units), revenueCents: Number(r.revenue_cents) },
    ]),
  );
}

/**
 * Counts what sold orders paid in [`fromIso`, `toIso`) took per day and item, from their lines:
 * the same arithmetic as the running totals (itemDaySales), for a whole recount or for the part
 * of a day the totals' whole days do not cover. Paged by id, so memory stays flat.
 */
export async function countItemSalesByDay(
  db: Db,
  range: { fromIso?: string; toIso?: string } = {},
): Promise<Map<string, ItemDayTake>> {
  const takes = new Map<string, ItemDayTake>();
  let after = "";
  for (;;) {
    let query = db
      .selectFrom("orders")
      .where("status", "in", SOLD_STATUSES)
      .where("paid_at", "is not", null)
      .where("id", ">", after);
    if (range.fromIso) query = query.where("paid_at", ">=", range.fromIso);
    if (range.toIso) query = query.where("paid_at", "<", range.toIso);
    const orders = await query
      .select(["id", "status", "paid_at", "refunded_cents"])
      .orderBy("id")
      .limit(COUNT_PAGE)
      .execute();
    if (orders.length === 0) break;
    const lines = await db
      .selectFrom("order_lines")
      .where(
        "order_id",
        "in",
        orders.map((o) => o.id),
      )
      .select(["order_id", "kind", "item_id", "product_ids", "part_prices", "quantity", "total_cents"])
      .orderBy("order_id")
      .orderBy("position")
      .execute();
    const byOrder = new Map<string, typeof lines>();
    for (const l of lines) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
    for (const o of orders) {
      const sold = itemDaySales({
        status: o.status,
        paidAt: o.paid_at instanceof Date ? o.paid_at.toISOString() : String(o.paid_at),
        refundedCents: Number(o.refunded_cents),
        lines: (byOrder.get(o.id) ?? []).map((l) => ({
          kind: l.kind,
          id: l.item_id,
          productIds: parseJson<string[] | null>(l.product_ids, null),
          partPricesCents: parseJson<number[] | null>(l.part_prices, null),
          quantity: Number(l.quantity),
          totalCents: Number(l.total_cents),
        })),
      });
      for (const [key, take] of sold) {
        const sum = takes.get(key) ?? { ...take, units: 0, revenueCents: 0 };
        sum.units += take.units;
        sum.revenueCents += take.revenueCents;
        takes.set(key, sum);
      }
    }
    if (orders.length < COUNT_PAGE) break;
    after = orders.at(-1)!.id;
  }
  for (const [key, t] of takes) if (t.units === 0 && t.revenueCents === 0) takes.delete(key);
  return takes;
}
