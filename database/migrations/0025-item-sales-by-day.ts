import { sql, type Kysely } from "kysely";
import { itemDaySales, type ItemDayTake } from "#app/domain/sales-by-day";
import { columnTypes } from "./column-types";

/**
 * The dashboard's best sellers summed 30 days of order lines on each render, and split each
 * combo's cents by its products' prices of the moment (issue 39). They are kept per UTC day of
 * payment and item as running totals instead, moved by the order lifecycle in the same
 * transaction as the order's change (app/models/orders/sales-by-day.server.ts), and counted here
 * once. A combo line keeps its products' prices as they were when it was bought (`part_prices`),
 * so its split never changes after the fact; lines bought before this had none kept, and take
 * the prices of today, as the dashboard did.
 */
const SOLD = ["paid", "shipped", "delivered"];
const PAGE = 5000;

interface Tables {
  orders: { id: string; status: string; paid_at: Date | string | null; refunded_cents: number };
  order_lines: {
    order_id: string;
    position: number;
    kind: string;
    item_id: string | null;
    product_ids: unknown;
    part_prices: unknown;
    quantity: number;
    total_cents: number;
  };
  products: { id: string; price_cents: number };
  item_sales_by_day: { day: string; item_key: string; units: number; revenue_cents: number };
}

const list = (value: unknown): unknown[] => {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed : [];
};
const ids = (value: unknown) => list(value).filter((x): x is string => typeof x === "string");

export async function up(schemaDb: Kysely<any>): Promise<void> {
  const t = columnTypes(schemaDb);
  await schemaDb.schema.alterTable("order_lines").addColumn("part_prices", t.json).execute();
  await schemaDb.schema
    .createTable("item_sales_by_day")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("item_key", "text", (c) => c.notNull())
    .addColumn("units", "integer", (c) => c.notNull())
    .addColumn("revenue_cents", t.postgres ? "bigint" : "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("item_sales_by_day_pk", ["day", "item_key"])
    .execute();
  // The dashboard's oldest orders waiting to ship: paid, by payment time, from an index rather
  // than every paid order sorted (164 ms at 200k orders on PostgreSQL).
  await schemaDb.schema
    .createIndex("orders_status_paid_at")
    .on("orders")
    .columns(["status", "paid_at", "id"])
    .execute();
  const db = schemaDb as Kysely<Tables>;

  const prices = new Map(
    (await db.selectFrom("products").select(["id", "price_cents"]).execute()).map((p) => [p.id, Number(p.price_cents)]),
  );
  const combos = await db
    .selectFrom("order_lines")
    .where("kind", "=", "combo")
    .select("product_ids")
    .groupBy("product_ids")
    .execute();
  for (const { product_ids } of combos) {
    const json = typeof product_ids === "string" ? product_ids : JSON.stringify(product_ids);
    const parts = JSON.stringify(ids(product_ids).map((id) => prices.get(id) ?? 0));
    await db
      .updateTable("order_lines")
      .set({ part_prices: t.postgres ? sql`cast(${parts} as jsonb)` : parts })
      .where("kind", "=", "combo")
      .where("product_ids", "=", t.postgres ? sql`cast(${json} as jsonb)` : json)
      .execute();
  }

  const takes = new Map<string, ItemDayTake>();
  // Paged by id so that millions of orders never sit in memory at once.
  let after = "";
  for (;;) {
    const orders = await db
      .selectFrom("orders")
      .where("status", "in", SOLD)
      .where("paid_at", "is not", null)
      .where("id", ">", after)
      .select(["id", "status", "paid_at", "refunded_cents"])
      .orderBy("id")
      .limit(PAGE)
      .execute();
    if (orders.length === 0) break;
    const lines = await db
      .selectFrom("order_lines")
      .where(
        "order_id",
        "in",
        orders.map((o) => o.id),
      )
      .selectAll()
      .orderBy("order_id")
      .orderBy("position")
      .execute();
    const byOrder = new Map<string, typeof lines>();
    for (const l of lines) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
    for (const o of orders) {
      const sold = itemDaySales({
        status: o.status,
        paidAt: new Date(o.paid_at!).toISOString(),
        refundedCents: Number(o.refunded_cents),
        lines: (byOrder.get(o.id) ?? []).map((l) => ({
          kind: l.kind,
          id: l.item_id,
          productIds: ids(l.product_ids),
          partPricesCents: l.part_prices == null ? null : list(l.part_prices).map(Number),
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
    if (orders.length < PAGE) break;
    after = orders.at(-1)!.id;
  }
  const rows = [...takes.values()]
    .filter((r) => r.units !== 0 || r.revenueCents !== 0)
    .map((r) => ({ day: r.day, item_key: r.item, units: r.units, revenue_cents: r.revenueCents }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("item_sales_by_day")
      .values(rows.slice(i, i + 500))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_status_paid_at").execute();
  await db.schema.dropTable("item_sales_by_day").execute();
  await db.schema.alterTable("order_lines").dropColumn("part_prices").execute();
}
