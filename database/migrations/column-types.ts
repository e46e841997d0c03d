import { PostgresAdapter, sql, type Kysely } from "kysely";

/** Column types that differ by dialect; everything else is written once for both. */
export function columnTypes(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    postgres,
    json: postgres ? sql`jsonb` : sql`text`,
    timestamp: postgres ? sql`timestamptz` : sql`text`,
    now: postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
    serial: postgres ? sql`serial` : sql`integer`,
  };
}
