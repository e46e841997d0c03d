import { z } from "zod";
import { dollarsToCents } from "~/domain/money";
import { invalidateCatalogueSnapshot } from "./catalogue-snapshot.server";
import { getBundle, getProduct } from "./catalogue.server";
import type { Database } from "../../database/schema";
import type { Kysely } from "kysely";

const Money = z.number().min(0).max(100_000).multipleOf(0.01);

/** What the owner may change on a product or bundle; everything optional, nothing else accepted. */
export const CatalogueUpdateSchema = z
  .object({
    title: z.string().trim().min(2).max(120).optional(),
    description: z.string().trim().min(10).max(4000).optional(),
    price: Money.optional(),
    originalPrice: Money.nullable().optional(),
    quantity: z.number().int().min(0).max(1_000_000).optional(),
    stockReason: z.string().trim().min(3).max(200).optional(),
    active: z.boolean().optional(),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
    validUntil: z.iso.date().nullable().optional(),
    /** Replaces the product's metadata (keys of the original catalogue: chaetoSize, careLevel, …). */
    metadata: z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/), z.union([z.string().max(200), z.number(), z.boolean()]))
      .optional(),
  })
  .strict()
  .refine((u) => u.quantity === undefined || u.stockReason, {
    message: "Say why the stock changes (stockReason).",
    path: ["stockReason"],
  });
export type CatalogueUpdate = z.infer<typeof CatalogueUpdateSchema>;

/**
 * Applies an owner's edit. A stock change is written as the new level plus a stock_movements
 * row with its reason and who made it, in the same transaction.
 */
export async function updateCatalogueItem(
  db: Kysely<Database>,
  kind: "product" | "bundle",
  id: string,
  update: CatalogueUpdate,
  actor: string,
  now: Date,
) {
  const current = kind === "product" ? await getProduct(db, id) : await getBundle(db, id);
  if (!current) return null;
  const iso = now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (kind === "product") {
      const product = current as NonNullable<Awaited<ReturnType<typeof getProduct>>>;
      const metadata: Record<string, unknown> = { ...(update.metadata ?? product.metadata) };
      if (update.validUntil !== undefined) {
        if (update.validUntil === null) delete metadata["validUntil"];
        else metadata["validUntil"] = update.validUntil;
      }
      await trx
        .updateTable("products")
        .set({
          ...(update.title !== undefined ? { title: update.title } : {}),
          ...(update.description !== undefined ? { description: update.description } : {}),
          ...(update.price !== undefined ? { price_cents: dollarsToCents(update.price) } : {}),
          ...(update.originalPrice !== undefined
            ? { original_price_cents: update.originalPrice === null ? null : dollarsToCents(update.originalPrice) }
            : {}),
          ...(update.quantity !== undefined ? { quantity: update.quantity } : {}),
          ...(update.active !== undefined ? { is_active: update.active ? 1 : 0 } : {}),
          ...(update.tags !== undefined ? { tags: JSON.stringify(update.tags) } : {}),
          ...(update.validUntil !== undefined || update.metadata !== undefined
            ? { metadata: JSON.stringify(metadata) }
            : {}),
          updated_at: iso,
        })
        .where("id", "=", id)
        .execute();
    } else {
      await trx
        .updateTable("bundles")
        .set({
          ...(update.title !== undefined ? { name: update.title } : {}),
          ...(update.description !== undefined ? { description: update.description } : {}),
          ...(update.price !== undefined ? { price_cents: dollarsToCents(update.price) } : {}),
          ...(update.active !== undefined ? { is_active: update.active ? 1 : 0 } : {}),
          updated_at: iso,
        })
        .where("id", "=", id)
        .execute();
    }
    // A bundle has no stock of its own (its contents' stock is its stock): nothing to log.
    if (kind === "product" && update.quantity !== undefined && update.quantity !== current.quantity) {
      await trx
        .insertInto("stock_movements")
        .values({
          item_kind: kind,
          item_id: id,
          delta: update.quantity - current.quantity,
          reason: `admin: ${update.stockReason}`,
          actor,
          created_at: iso,
        })
        .execute();
    }
  });
  invalidateCatalogueSnapshot(db);
  return kind === "product" ? getProduct(db, id) : getBundle(db, id);
}

export async function listStockMovements(db: Kysely<Database>, limit = 30) {
  return db.selectFrom("stock_movements").selectAll().orderBy("id", "desc").limit(limit).execute();
}
