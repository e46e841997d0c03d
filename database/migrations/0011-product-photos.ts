import { type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Product photos as an ordered list per product, each a draft or published (decision 021).
 * `products.images` stays what the storefront reads: the published photos in order, rewritten
 * from this table by every photo change. Existing images become published photos in their
 * current order, so the storefront is unchanged by the migration.
 */
interface Tables {
  products: { id: string; images: unknown };
  product_photos: {
    id: string;
    product_id: string;
    image_key: string;
    status: string;
    position: number;
    created_at: string;
  };
}

function keysOf(images: unknown): string[] {
  const value = typeof images === "string" ? (JSON.parse(images) as unknown) : images;
  return Array.isArray(value) ? value.filter((k): k is string => typeof k === "string") : [];
}

export async function up(schemaDb: Kysely<any>): Promise<void> {
  const t = columnTypes(schemaDb);
  await schemaDb.schema
    .createTable("product_photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("image_key", "text", (c) => c.notNull())
    // draft (only the back office sees it) | published (on the storefront)
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    // Set while a removal can still be undone; the files go when the removal becomes final.
    .addColumn("removed_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await schemaDb.schema
    .createIndex("product_photos_product")
    .on("product_photos")
    .columns(["product_id", "position"])
    .execute();

  const db = schemaDb as Kysely<Tables>;
  const products = await db.selectFrom("products").select(["id", "images"]).execute();
  const now = new Date().toISOString();
  for (const product of products) {
    const keys = keysOf(product.images);
    if (keys.length === 0) continue;
    await db
      .insertInto("product_photos")
      .values(
        keys.map((key, position) => ({
          id: `${product.id}-p${position}`,
          product_id: product.id,
          image_key: key,
          status: "published",
          position,
          created_at: now,
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("product_photos").execute();
}
