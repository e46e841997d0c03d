import { sql, type Kysely, type Transaction } from "kysely";
import { SOLD_STATUSES, type ListingKey } from "#app/domain/item-sales";
import { parseJson } from "#database/values";
import type { Database } from "#database/schema";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Moves the running units-sold totals by `delta`, inside the caller's transaction (the order
 * change that moves them), in one statement. Rows are written in key order, so two payments
 * never wait on each other's rows crosswise.
 */
export async function applySalesDelta(trx: Db, delta: Map<ListingKey, number>): Promise<void> {
  if (delta.size === 0) return;
  await trx
    .insertInto("item_sales")
    .values([...delta.keys()].sort().map((key) => ({ item_key: key, units: delta.get(key)! })))
    .onConflict((oc) => oc.column("item_key").doUpdateSet({ units: sql`item_sales.units + excluded.units` }))
    .execute();
}

/** The running totals as stored (items never sold are absent). */
export async function readItemSales(db: Db): Promise<Map<ListingKey, number>> {
  const rows = await db.selectFrom("item_sales").select(["item_key", "units"]).where("units", "!=", 0).execute();
  return new Map(rows.map((r) => [r.item_key as ListingKey, Number(r.units)]));
}

/** The same totals counted from every sold order: what the running totals must always equal. */
export async function countItemSales(db: Db): Promise<Map<ListingKey, number>> {
  const lines = await db
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .where("orders.status", "in", SOLD_STATUSES)
    .select(({ fn }) => [
      "order_lines.kind",
      "order_lines.item_id",
      "order_lines.product_ids",
      fn.sum<number | string>("order_lines.quantity").as("units"),
    ])
    .groupBy(["order_lines.kind", "order_lines.item_id", "order_lines.product_ids"])
    .execute();
  const units = new Map<ListingKey, number>();
  const add = (key: ListingKey, n: number) => units.set(key, (units.get(key) ?? 0) + n);
  for (const line of lines) {
    // PostgreSQL sums to a bigint, which pg hands over as a string.
    const n = Number(line.units);
    if (line.kind === "combo") for (const id of parseJson<string[]>(line.product_ids, [])) add(`product:${id}`, n);
    else if ((line.kind === "product" || line.kind === "bundle") && line.item_id)
      add(`${line.kind}:${line.item_id}`, n);
  }
  return units;
}

/** Sets the running totals to a full count (orders written around the lifecycle: imports, the scale benchmark). */
export async function rebuildItemSales(db: Kysely<Database>): Promise<void> {
  const units = await countItemSales(db);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("item_sales").execute();
    for (const [key, n] of units) await trx.insertInto("item_sales").values({ item_key: key, units: n }).execute();
  });
}
