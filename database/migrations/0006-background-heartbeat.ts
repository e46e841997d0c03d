import { type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The background worker's heartbeat, in the database rather than in process memory: with several
 * processes or instances, the one answering the admin's diagnostics is rarely the one running
 * the worker.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("background_heartbeats")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("beat_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("background_heartbeats").execute();
}
