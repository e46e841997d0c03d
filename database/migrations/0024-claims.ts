import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Arrive-alive claims (issue 35, decision 034): a buyer's claim on a delivered order's lines,
 * its photos (bytes in the storage service, their keys here) and the owner's decision; and
 * store credit, a balance per customer address that is never negative, every movement kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("claims")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    // open | approved | declined
    .addColumn("status", "text", (c) => c.notNull())
    // What the buyer asked for, and what the owner granted: replacement | refund | credit.
    .addColumn("remedy_wanted", "text", (c) => c.notNull())
    .addColumn("remedy", "text")
    .addColumn("note", "text", (c) => c.notNull())
    // What the claimed lines were bought for: a refund's or a credit's amount.
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("decline_reason", "text")
    .addColumn("replacement_order_id", "text")
    .addColumn("refund_id", "text")
    .addColumn("credit_cents", "integer")
    .addColumn("decided_by", "text")
    .addColumn("decided_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("claims_status_created").on("claims").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("claims_order").on("claims").column("order_id").execute();
  // The dashboard's dead-on-arrival rate reads the last weeks' deliveries: one range of an index,
  // not every order event (3.8M rows at 1M orders).
  await db.schema
    .createIndex("order_events_to_status_created")
    .on("order_events")
    .columns(["to_status", "created_at"])
    .execute();
  await db.schema
    .createTable("claim_lines")
    .addColumn("claim_id", "text", (c) => c.notNull().references("claims.id"))
    .addColumn("order_id", "text", (c) => c.notNull())
    // The order line's position (its index in the order's lines).
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    // "<order id>:<position>" while the claim is open, null once decided: one open claim per line.
    .addColumn("open_key", "text", (c) => c.unique())
    .addPrimaryKeyConstraint("claim_lines_pk", ["claim_id", "position"])
    .execute();
  await db.schema
    .createTable("claim_photos")
    .addColumn("claim_id", "text", (c) => c.notNull().references("claims.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("object_path", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("claim_photos_pk", ["claim_id", "position"])
    .execute();
  await db.schema
    .createTable("store_credit_balances")
    .addColumn("email_key", "text", (c) => c.primaryKey())
    .addColumn("balance_cents", "integer", (c) => c.notNull().check(sql`balance_cents >= 0`))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("store_credit_movements")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("balance_after_cents", "integer", (c) => c.notNull())
    // claim-approved | checkout | order-closed
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("claim_id", "text")
    .addColumn("order_id", "text")
    // Each cause moves the balance once ("claim:<id>", "spend:<order id>", "return:<order id>").
    .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  // Store credit a checkout spent on the order: its total is what is left to pay.
  await db.schema
    .alterTable("orders")
    .addColumn("store_credit_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("store_credit_movements_key")
    .on("store_credit_movements")
    .columns(["email_key", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("order_events_to_status_created").execute();
  await db.schema.alterTable("orders").dropColumn("store_credit_cents").execute();
  await db.schema.dropTable("store_credit_movements").execute();
  await db.schema.dropTable("store_credit_balances").execute();
  await db.schema.dropTable("claim_photos").execute();
  await db.schema.dropTable("claim_lines").execute();
  await db.schema.dropTable("claims").execute();
}
