import { columnTypes } from "./column-types";
import type { Kysely } from "kysely";

/**
 * The one abandoned-checkout reminder (issue 36, decision 045): which unpaid checkouts asked for
 * it, whether and when it was sent or skipped, and the addresses that asked for no more.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("checkout_reminders")
    // One row per checkout (order): the primary key is what makes a second reminder impossible.
    .addColumn("order_id", "text", (c) => c.primaryKey())
    // Lower-cased: matched against later orders and unsubscribes.
    .addColumn("email", "text", (c) => c.notNull())
    // waiting | sent | skipped
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    // paid-elsewhere | unsubscribed | paid (the checkout itself was paid)
    .addColumn("skipped_reason", "text")
    .addColumn("sent_at", t.timestamp)
    // When its link first restored the cart: the back office's "opened".
    .addColumn("restored_at", t.timestamp)
    .execute();
  // The worker's pass reads the waiting ones; the back office counts the sent ones.
  await db.schema
    .createIndex("checkout_reminders_status")
    .on("checkout_reminders")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createTable("reminder_unsubscribes")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reminder_unsubscribes").execute();
  await db.schema.dropTable("checkout_reminders").execute();
}
