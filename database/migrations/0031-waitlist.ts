import { columnTypes } from "./column-types";
import type { Kysely } from "kysely";

/**
 * The back-in-stock waitlist (issue 36, decision 042): who waits for which product or kit, oldest
 * first, and what stock the worker last saw for each item, so a rise is noticed once whichever
 * path raised it (the owner's edit, a cancelled order's units coming back) and by one worker only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("waitlist_entries")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    // product | bundle
    .addColumn("item_kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    // waiting | notified | removed | expired
    .addColumn("status", "text", (c) => c.notNull())
    // "<kind>:<id>:<email>" while waiting, null after: one waiting entry per address and item.
    .addColumn("waiting_key", "text", (c) => c.unique())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("notified_at", t.timestamp)
    // Units the item had when its mail was queued (the mail says how many are left).
    .addColumn("notified_units", "integer")
    .addColumn("ended_at", t.timestamp)
    .execute();
  // The queue of one item, oldest first; and the counts per item.
  await db.schema
    .createIndex("waitlist_entries_item_queue")
    .on("waitlist_entries")
    .columns(["status", "item_kind", "item_id", "id"])
    .execute();
  await db.schema.createIndex("waitlist_entries_email").on("waitlist_entries").column("email").execute();
  await db.schema
    .createTable("waitlist_items")
    .addColumn("item_kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    // Units available at the worker's last look: a rise above it is a restock.
    .addColumn("seen_units", "integer", (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("waitlist_items_pk", ["item_kind", "item_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("waitlist_items").execute();
  await db.schema.dropTable("waitlist_entries").execute();
}
