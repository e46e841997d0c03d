import { type Kysely } from "kysely";

/**
 * Weather holds (issue 35): the owner's temperature thresholds in one row (absent: the defaults
 * of app/domain/weather.ts), and each live order's latest forecast check: what the forecast said
 * at its destination for its arrival day, what was done (held to a later day, a heat or cold pack,
 * nothing) or why no forecast could be had. One row per order, rewritten by each day's check.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("weather_settings")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("hold_below_f", "integer", (c) => c.notNull())
    .addColumn("heat_pack_at_or_below_f", "integer", (c) => c.notNull())
    .addColumn("cold_pack_at_or_above_f", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("order_weather")
    .addColumn("order_id", "text", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
    // The shop's local date of the check, and the ship and arrival days it looked at.
    .addColumn("checked_on", "text", (c) => c.notNull())
    .addColumn("ship_on", "text", (c) => c.notNull())
    .addColumn("arrive_on", "text", (c) => c.notNull())
    // hold | heat | cold | none | unavailable
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("low_f", "integer")
    .addColumn("high_f", "integer")
    // heat | cold: the pack that goes in the box; null for none.
    .addColumn("pack", "text")
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("checked_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_weather_checked_on").on("order_weather").columns(["checked_on"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_weather").execute();
  await db.schema.dropTable("weather_settings").execute();
}
