import { SEED_BUNDLES, SEED_PRODUCTS } from "./catalogue-data";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

/**
 * Inserts the catalogue when missing. Existing rows are left alone so that a restart never
 * overwrites what the shop owner changed (prices, stock, descriptions).
 */
export async function seedCatalogue(db: Kysely<Database>): Promise<{ products: number; bundles: number }> {
  return db.transaction().execute(async (trx) => {
    let products = 0;
    for (const [position, p] of SEED_PRODUCTS.entries()) {
      const result = await trx
        .insertInto("products")
        .values({
          id: p.id,
          title: p.title,
          description: p.description,
          price_cents: p.priceCents,
          original_price_cents: p.originalPriceCents,
          category: p.category,
          quantity: p.quantity,
          sku: p.sku,
          weight_grams: p.weightGrams,
          supplier: p.supplier,
          fulfillment_type: p.fulfillmentType,
          tags: JSON.stringify(p.tags),
          metadata: JSON.stringify(p.metadata),
          images: JSON.stringify(p.imageKeys),
          subscribe_saving_percent: p.subscribeSavingPercent ?? null,
          position,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      products += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    let bundles = 0;
    for (const [position, b] of SEED_BUNDLES.entries()) {
      const result = await trx
        .insertInto("bundles")
        .values({
          id: b.id,
          name: b.name,
          description: b.description,
          price_cents: b.priceCents,
          image: b.imageKey,
          position,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      const inserted = Number(result.numInsertedOrUpdatedRows ?? 0);
      bundles += inserted;
      if (inserted === 0) continue;
      await trx
        .insertInto("bundle_products")
        .values(
          b.components.map((c, i) => ({ bundle_id: b.id, product_id: c.productId, quantity: c.quantity, position: i })),
        )
        .execute();
    }
    return { products, bundles };
  });
}
