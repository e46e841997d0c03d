import { type Kysely } from "kysely";
import { columnTypes } from "./column-types";

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("newsletter_subscribers")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addColumn("confirmed_at", t.timestamp)
    .addColumn("unsubscribed_at", t.timestamp)
    .execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("handled_at", t.timestamp)
    .execute();

  // Fixed-window counters for our own rate limits (newsletter, contact, checkout), shared by instances.
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["rate_limits", "contact_messages", "newsletter_subscribers"])
    await db.schema.dropTable(table).execute();
}
