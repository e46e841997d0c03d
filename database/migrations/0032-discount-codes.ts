import { columnTypes } from "./column-types";
import type { Kysely } from "kysely";

/**
 * Discount codes (issue 36, decision 043): the owner's codes, one row each, with a running count
 * of uses that the checkout moves by a conditional update in the order's own transaction (so a
 * code with one use left is spent once however many checkouts race for it), and one row per
 * order that used a code, for the per-customer cap and the back office's uses and revenue. The
 * order keeps the code and what it took off, so every page and mail can show it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("discount_codes")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    // Upper-cased: codes are case-insensitive, and the unique index holds one spelling.
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("percent_off", "integer")
    .addColumn("amount_off_cents", "integer")
    .addColumn("min_subtotal_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("starts_at", t.timestamp)
    .addColumn("ends_at", t.timestamp)
    .addColumn("max_uses", "integer")
    .addColumn("max_uses_per_customer", "integer")
    // JSON [{kind, id}] of products and kits; null: every item.
    .addColumn("applies_to", "text")
    .addColumn("combines", "integer", (c) => c.notNull().defaultTo(0))
    // Uses held by live orders and kept by paid ones; an unpaid order that ends gives its use back.
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("discount_code_uses")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("code_id", "integer", (c) => c.notNull().references("discount_codes.id"))
    .addColumn("order_id", "text", (c) => c.notNull().unique().references("orders.id").onDelete("cascade"))
    // The buyer's address, lower-cased: uses per customer are counted by it.
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("discount_cents", "integer", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("released_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("discount_code_uses_customer")
    .on("discount_code_uses")
    .columns(["code_id", "email_key"])
    .execute();
  await db.schema.alterTable("orders").addColumn("discount_code", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("code_discount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("code_discount_cents").execute();
  await db.schema.alterTable("orders").dropColumn("discount_code").execute();
  await db.schema.dropTable("discount_code_uses").execute();
  await db.schema.dropTable("discount_codes").execute();
}
