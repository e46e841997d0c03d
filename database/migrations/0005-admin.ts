import { type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/** What the back office records: shipping details, refunds, internal notes, the external source of an order. */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable("orders").addColumn("carrier", "text").execute();
  await db.schema.alterTable("orders").addColumn("tracking_number", "text").execute();
  await db.schema.alterTable("orders").addColumn("shipped_at", t.timestamp).execute();
  await db.schema.alterTable("orders").addColumn("external_reference", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("order_notes")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_notes_order").on("order_notes").column("order_id").execute();
  await db.schema.createIndex("orders_created_at").on("orders").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_notes").execute();
  for (const column of ["refunded_cents", "external_reference", "shipped_at", "tracking_number", "carrier"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
}
