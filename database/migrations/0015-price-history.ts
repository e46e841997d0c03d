import { type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Reference prices become true (docs/decisions/012): the shop records every price change, and a
 * product's "was" price (`original_price_cents`) is set by the shop when a price is lowered,
 * from what it really sold at (app/domain/reference-price.ts), never typed in. The typed-in
 * ones are cleared: the shop never charged them. `price_since` dates the current price, so a
 * "was" price can say until when it held. Three catalogue details that nothing read (savings,
 * bundleValue, comboDiscount) go from every product's metadata.
 */
const RETIRED_DETAILS = ["savings", "bundleValue", "comboDiscount"];

interface Tables {
  products: { id: string; metadata: unknown; original_price_cents: number | null };
}

export async function up(schemaDb: Kysely<any>): Promise<void> {
  const t = columnTypes(schemaDb);
  await schemaDb.schema
    .createTable("price_changes")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("from_cents", "integer", (c) => c.notNull())
    .addColumn("to_cents", "integer", (c) => c.notNull())
    .addColumn("actor", "text")
    .addColumn("changed_at", t.timestamp, (c) => c.notNull())
    .execute();
  await schemaDb.schema
    .createIndex("price_changes_product")
    .on("price_changes")
    .columns(["product_id", "changed_at"])
    .execute();
  await schemaDb.schema.alterTable("products").addColumn("price_since", t.timestamp).execute();

  const db = schemaDb as Kysely<Tables>;
  await db.updateTable("products").set({ original_price_cents: null }).execute();
  const rows = await db.selectFrom("products").select(["id", "metadata"]).execute();
  for (const row of rows) {
    const metadata = (typeof row.metadata === "string" ? JSON.parse(row.metadata) : row.metadata) as unknown;
    if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) continue;
    const kept = Object.fromEntries(Object.entries(metadata).filter(([key]) => !RETIRED_DETAILS.includes(key)));
    if (Object.keys(kept).length === Object.keys(metadata).length) continue;
    await db
      .updateTable("products")
      .set({ metadata: JSON.stringify(kept) })
      .where("id", "=", row.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("products").dropColumn("price_since").execute();
  await db.schema.dropTable("price_changes").execute();
}
