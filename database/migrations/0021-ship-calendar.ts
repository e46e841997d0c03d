import { type Kysely } from "kysely";

/**
 * The live-goods ship calendar (issue 35): the owner's settings in one row (absent: the defaults
 * of app/domain/ship-calendar.ts), the owner's own closed dates (federal holidays come from a kept
 * library, not the database), and the days each order leaves and arrives.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("ship_settings")
    .addColumn("id", "integer", (c) => c.primaryKey())
    // "1,2,3": ISO weekdays live goods may leave.
    .addColumn("live_ship_days", "text", (c) => c.notNull())
    .addColumn("cutoff", "text", (c) => c.notNull())
    // {"default": 2, "NY": 1, …}: business days in transit by destination state.
    .addColumn("transit_days", "text", (c) => c.notNull())
    .addColumn("monday_only_states", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("closed_dates")
    .addColumn("date", "text", (c) => c.primaryKey())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("orders").addColumn("ship_on", "text").execute();
  await db.schema.alterTable("orders").addColumn("arrive_on", "text").execute();
  await db.schema.createIndex("orders_ship_on").on("orders").columns(["ship_on", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_ship_on").execute();
  await db.schema.alterTable("orders").dropColumn("arrive_on").execute();
  await db.schema.alterTable("orders").dropColumn("ship_on").execute();
  await db.schema.dropTable("closed_dates").execute();
  await db.schema.dropTable("ship_settings").execute();
}
