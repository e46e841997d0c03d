import { columnTypes } from "./column-types";
import type { Kysely } from "kysely";

/**
 * Subscribe & save (issue 38, decision 049): which products may be subscribed and at what
 * saving, the subscriptions, and one row per renewal period and per reminder, whose primary
 * keys are what make a second order or mail for one period impossible however many workers
 * race for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // Null: not subscribable; else the saving in whole percent the owner set.
  await db.schema.alterTable("products").addColumn("subscribe_saving_percent", "integer").execute();
  // The default offer: what includes coral food and is not a limited-time special.
  const products = await db.selectFrom("products").select(["id", "metadata"]).execute();
  for (const row of products) {
    const metadata = (typeof row.metadata === "string" ? JSON.parse(row.metadata) : row.metadata) ?? {};
    if (metadata.includesCoralFood === true && metadata.isLimitedTime !== true)
      await db.updateTable("products").set({ subscribe_saving_percent: 10 }).where("id", "=", row.id).execute();
  }
  await db.schema.alterTable("orders").addColumn("subscription_id", "text").execute();
  await db.schema.createIndex("orders_subscription").on("orders").column("subscription_id").execute();
  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Null for a guest's until an account with the address is verified (then attached).
    .addColumn("user_id", "text")
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    // pending (first order unpaid) | active | paused | cancelled
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("every_weeks", "integer", (c) => c.notNull())
    // JSON [{productId, quantity}]
    .addColumn("lines", "text", (c) => c.notNull())
    .addColumn("shipping_address", "text")
    // The shop's local date of the next charge, and the number of the period it is for.
    .addColumn("next_charge_on", "text", (c) => c.notNull())
    .addColumn("period", "integer", (c) => c.notNull())
    .addColumn("first_order_id", "text", (c) => c.notNull())
    // The provider's ids of the kept card (never a card number), and its label.
    .addColumn("customer_ref", "text")
    .addColumn("payment_method_ref", "text")
    .addColumn("card_label", "text")
    .addColumn("pause_reason", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subscriptions_due").on("subscriptions").columns(["status", "next_charge_on"]).execute();
  await db.schema.createIndex("subscriptions_user").on("subscriptions").column("user_id").execute();
  await db.schema.createIndex("subscriptions_first_order").on("subscriptions").column("first_order_id").execute();
  await db.schema
    .createTable("subscription_renewals")
    .addColumn("subscription_id", "text", (c) => c.notNull())
    .addColumn("period", "integer", (c) => c.notNull())
    .addColumn("charge_on", "text", (c) => c.notNull())
    .addColumn("order_id", "text")
    // placing | charging | paid | retrying | action | failed | no-stock
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", t.timestamp)
    // A worker's hold while it places or charges: another takes the row over only after it.
    .addColumn("lease_until", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("subscription_renewals_pk", ["subscription_id", "period"])
    .execute();
  await db.schema
    .createIndex("subscription_renewals_work")
    .on("subscription_renewals")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createTable("subscription_reminders")
    .addColumn("subscription_id", "text", (c) => c.notNull())
    .addColumn("period", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("sent_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("subscription_reminders_pk", ["subscription_id", "period"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("subscription_reminders").execute();
  await db.schema.dropTable("subscription_renewals").execute();
  await db.schema.dropTable("subscriptions").execute();
  await db.schema.dropIndex("orders_subscription").execute();
  await db.schema.alterTable("orders").dropColumn("subscription_id").execute();
  await db.schema.alterTable("products").dropColumn("subscribe_saving_percent").execute();
}
