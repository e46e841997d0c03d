import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

const NAME = "background-worker";

/** Records that the background worker finished a pass (one row, overwritten). */
export async function recordHeartbeat(db: Kysely<Database>, holder: string, at: Date): Promise<void> {
  await db
    .insertInto("background_heartbeats")
    .values({ name: NAME, holder, beat_at: at.toISOString() })
    .onConflict((oc) => oc.column("name").doUpdateSet({ holder, beat_at: at.toISOString() }))
    .execute();
}

/** The last pass of any process's background worker, or null if none has run yet. */
export async function lastHeartbeat(db: Kysely<Database>): Promise<{ holder: string; at: Date } | null> {
  const row = await db
    .selectFrom("background_heartbeats")
    .select(["holder", "beat_at"])
    .where("name", "=", NAME)
    .executeTakeFirst();
  return row ? { holder: row.holder, at: new Date(row.beat_at) } : null;
}
