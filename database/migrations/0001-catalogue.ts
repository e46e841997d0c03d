import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable("products")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sqlNonNegative("price_cents")))
    .addColumn("original_price_cents", "integer")
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sqlNonNegative("quantity")))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sku", "text", (c) => c.notNull().unique())
    .addColumn("weight_grams", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("supplier", "text", (c) => c.notNull())
    .addColumn("fulfillment_type", "text", (c) => c.notNull())
    .addColumn("tags", t.json, (c) => c.notNull())
    .addColumn("metadata", t.json, (c) => c.notNull())
    .addColumn("images", t.json, (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("bundles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("discount_percent", "integer", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sqlNonNegative("price_cents")))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sqlNonNegative("quantity")))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("bundle_products")
    .addColumn("bundle_id", "text", (c) => c.notNull().references("bundles.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("bundle_products_pk", ["bundle_id", "product_id"])
    .execute();

  // Every stock change leaves a row: who, why, how much (admin edits, reservations, releases).
  await db.schema
    .createTable("stock_movements")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("item_kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("delta", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("actor", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("stock_movements_item").on("stock_movements").columns(["item_kind", "item_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stock_movements").execute();
  await db.schema.dropTable("bundle_products").execute();
  await db.schema.dropTable("bundles").execute();
  await db.schema.dropTable("products").execute();
}

function sqlNonNegative(column: string) {
  return sql`${sql.ref(column)} >= 0`;
}
