import { readItemSales } from "./item-sales.server";
import type { ListingKey } from "#app/domain/item-sales";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

export interface ListingRanks {
  /** When each item was added to the catalogue (epoch ms). */
  addedAt: Map<ListingKey, number>;
  /** Units sold in paid orders. A bundle counts as itself; a custom combo counts each product in it. */
  unitsSold: Map<ListingKey, number>;
}

const time = (value: Date | string) => new Date(value).getTime();

/** What the "Newest" and "Best selling" sorts of the listing need, worked out by the database. */
export async function loadListingRanks(db: Kysely<Database>): Promise<ListingRanks> {
  // Units sold are running totals the order lifecycle keeps (app/models/catalogue/item-sales.server.ts):
  // a render reads a row per item, not every sale since the shop opened.
  const [products, bundles, unitsSold] = await Promise.all([
    db.selectFrom("products").select(["id", "created_at"]).execute(),
    db.selectFrom("bundles").select(["id", "created_at"]).execute(),
    readItemSales(db),
  ]);
  const addedAt = new Map<ListingKey, number>([
    ...products.map((p) => [`product:${p.id}`, time(p.created_at)] as const),
    ...bundles.map((b) => [`bundle:${b.id}`, time(b.created_at)] as const),
  ]);
  return { addedAt, unitsSold };
}
