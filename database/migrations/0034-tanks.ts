import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * A customer's tanks and their parameter log (issue 37). Readings keep what was
 * typed (value and unit) beside the value in the parameter's canonical unit, which charts and
 * calculators read. Both go with the account (forgetDeletedUser).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // An 8-byte float on both: a reading's value is exported as typed, to the last digit.
  const double = t.postgres ? sql`double precision` : sql`real`;
  await db.schema
    .createTable("tanks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("display_volume", double, (c) => c.notNull())
    .addColumn("sump_volume", double)
    // gal | L
    .addColumn("volume_unit", "text", (c) => c.notNull())
    .addColumn("refugium_light", "text")
    // The coral mix as a sorted, comma-separated set of soft | lps | sps ("" for none).
    .addColumn("corals", "text", (c) => c.notNull())
    // beginner | intermediate | expert
    .addColumn("care_level", "text")
    .addColumn("test_kits", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tanks_user").on("tanks").columns(["user_id", "created_at"]).execute();
  await db.schema
    .createTable("tank_readings")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("tank_id", "text", (c) => c.notNull())
    .addColumn("parameter", "text", (c) => c.notNull())
    .addColumn("value", double, (c) => c.notNull())
    .addColumn("unit", "text", (c) => c.notNull())
    .addColumn("canonical_value", double, (c) => c.notNull())
    .addColumn("taken_at", t.timestamp, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  // One reading per parameter and moment: a re-imported file adds nothing twice. The same index
  // serves "one tank's readings of a parameter over a time window".
  await db.schema
    .createIndex("tank_readings_series")
    .on("tank_readings")
    .columns(["tank_id", "parameter", "taken_at"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tank_readings").execute();
  await db.schema.dropTable("tanks").execute();
}
