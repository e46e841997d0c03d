import { type Kysely } from "kysely";

/**
 * "Best selling" summed every sale since the shop opened on each render (issue 39). Units sold
 * per item are kept as running totals instead, moved by the order lifecycle in the same
 * transaction as the status change (app/models/catalogue/item-sales.server.ts), and counted here once
 * from the orders so far. Key: `product:<id>` or `bundle:<id>`.
 */
const SOLD = ["paid", "shipped", "delivered"];

interface Tables {
  orders: { id: string; status: string };
  order_lines: { order_id: string; kind: string; item_id: string | null; product_ids: unknown; quantity: number };
  item_sales: { item_key: string; units: number };
}

export async function up(schemaDb: Kysely<any>): Promise<void> {
  await schemaDb.schema
    .createTable("item_sales")
    .addColumn("item_key", "text", (c) => c.primaryKey())
    .addColumn("units", "integer", (c) => c.notNull())
    .execute();
  const db = schemaDb as Kysely<Tables>;
  const lines = await db
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .where("orders.status", "in", SOLD)
    .select(({ fn }) => [
      "order_lines.kind",
      "order_lines.item_id",
      "order_lines.product_ids",
      fn.sum<number | string>("order_lines.quantity").as("units"),
    ])
    .groupBy(["order_lines.kind", "order_lines.item_id", "order_lines.product_ids"])
    .execute();
  const units = new Map<string, number>();
  const add = (key: string, n: number) => units.set(key, (units.get(key) ?? 0) + n);
  for (const line of lines) {
    const n = Number(line.units);
    if (line.kind === "combo") {
      const ids: unknown =
        typeof line.product_ids === "string" ? JSON.parse(line.product_ids) : (line.product_ids ?? []);
      if (Array.isArray(ids)) for (const id of ids) if (typeof id === "string") add(`product:${id}`, n);
    } else if ((line.kind === "product" || line.kind === "bundle") && line.item_id) {
      add(`${line.kind}:${line.item_id}`, n);
    }
  }
  for (const [item_key, n] of units) await db.insertInto("item_sales").values({ item_key, units: n }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("item_sales").execute();
}
