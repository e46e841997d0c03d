import type { Kysely } from "kysely";

/**
 * The dashboard counts readings logged and reorder reminders sent in the last 30 days: by these
 * indexes it reads that month's rows, not every reading ever logged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("tank_readings_created").on("tank_readings").column("created_at").execute();
  await db.schema.createIndex("reorder_reminders_sent").on("reorder_reminders").column("sent_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("reorder_reminders_sent").execute();
  await db.schema.dropIndex("tank_readings_created").execute();
}
