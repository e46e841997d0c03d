import { columnTypes } from "./column-types";
import type { Kysely } from "kysely";

/**
 * The coral-food reorder reminder (issue 37, decision 048): the tanks whose reefer asked for it,
 * and the reminders sent, one per customer, order and food.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("reorder_consents")
    // The opt-in sits on a tank: its volume is what the prediction needs.
    .addColumn("tank_id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("reorder_consents_user").on("reorder_consents").column("user_id").execute();
  await db.schema
    .createTable("reorder_reminders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.notNull())
    .addColumn("food_id", "text", (c) => c.notNull())
    .addColumn("tank_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    // What the reorder puts in the cart: JSON [{productId, quantity}].
    .addColumn("items", "text", (c) => c.notNull())
    // The predicted empty day (ISO), as the mail said it.
    .addColumn("run_out_at", t.timestamp, (c) => c.notNull())
    .addColumn("sent_at", t.timestamp, (c) => c.notNull())
    .addColumn("restored_at", t.timestamp)
    .execute();
  // The row is written with the outbox mail in one transaction: this key is what makes a second
  // reminder for the same purchase impossible, whatever number of workers race for it.
  await db.schema
    .createIndex("reorder_reminders_purchase")
    .on("reorder_reminders")
    .columns(["user_id", "order_id", "food_id"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reorder_reminders").execute();
  await db.schema.dropTable("reorder_consents").execute();
}
