import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The orders list finds an address by its start (`lower(email)` from the typed text up to the
 * text followed by the last code point). SQLite compares byte-wise, so `orders_email_lower` of
 * 0017 serves that range already; PostgreSQL needs the same expression under collation "C",
 * as for the customers search of 0020 (under a locale's collation such strings are not one range).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await db.schema
    .createIndex("orders_email_prefix")
    .on("orders")
    .expression(sql`(lower(email) collate "C")`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).postgres) await db.schema.dropIndex("orders_email_prefix").execute();
}
