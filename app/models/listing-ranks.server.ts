import { parseJson } from "../../database/values";
import type { Database } from "../../database/schema";
import type { Kysely } from "kysely";
import type { OrderStatus } from "~/domain/order-status";

/** Orders whose items count as sold: paid and not given back (cancelled, refunded) or abandoned. */
const SOLD_STATUSES: OrderStatus[] = ["paid", "shipped", "delivered"];

/** `product:<id>` or `bundle:<id>`: products and bundles may share an id. */
export type ListingKey = `${"product" | "bundle"}:${string}`;

export interface ListingRanks {
  /** When each item was added to the catalogue (epoch ms). */
  addedAt: Map<ListingKey, number>;
  /** Units sold in paid orders. A bundle counts as itself; a custom combo counts each product in it. */
  unitsSold: Map<ListingKey, number>;
}

const time = (value: Date | string) => new Date(value).getTime();

/** What the "Newest" and "Best selling" sorts of the listing need, worked out by the database. */
export async function loadListingRanks(db: Kysely<Database>): Promise<ListingRanks> {
  const [products, bundles, lines] = await Promise.all([
    db.selectFrom("products").select(["id", "created_at"]).execute(),
    db.selectFrom("bundles").select(["id", "created_at"]).execute(),
    db
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
      .execute(),
  ]);
  const addedAt = new Map<ListingKey, number>([
    ...products.map((p) => [`product:${p.id}`, time(p.created_at)] as const),
    ...bundles.map((b) => [`bundle:${b.id}`, time(b.created_at)] as const),
  ]);
  const unitsSold = new Map<ListingKey, number>();
  const add = (key: ListingKey, units: number) => unitsSold.set(key, (unitsSold.get(key) ?? 0) + units);
  for (const line of lines) {
    // PostgreSQL sums to a bigint, which pg hands over as a string.
    const units = Number(line.units);
    if (line.kind === "combo") {
      for (const id of parseJson<string[]>(line.product_ids, [])) add(`product:${id}`, units);
    } else if ((line.kind === "product" || line.kind === "bundle") && line.item_id) {
      add(`${line.kind}:${line.item_id}`, units);
    }
  }
  return { addedAt, unitsSold };
}
