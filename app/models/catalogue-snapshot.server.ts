import type { Kysely } from "kysely";
import type { Database } from "../../database/schema";
import type { CatalogueSnapshot } from "~/domain/cart";
import { listBundles, listProducts } from "./catalogue.server";

/** The whole catalogue (it is small) for pricing, active items only. */
export async function loadCatalogueSnapshot(db: Kysely<Database>): Promise<CatalogueSnapshot> {
  const [products, bundles] = await Promise.all([listProducts(db), listBundles(db)]);
  return { products: products.filter((p) => p.active), bundles: bundles.filter((b) => b.active) };
}
