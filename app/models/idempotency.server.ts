import type { Kysely } from "kysely";
import type { Database } from "../../database/schema";

export type IdempotencyStart =
  | { kind: "new" }
  | { kind: "replay"; status: number; body: unknown }
  | { kind: "reused" }
  | { kind: "in-progress" };

/**
 * Claims an idempotency key for a request. The primary key makes the claim atomic: of two
 * concurrent requests with one key, exactly one proceeds.
 */
export async function beginIdempotent(db: Kysely<Database>, key: string, requestHash: string, now: Date): Promise<IdempotencyStart> {
  const inserted = await db
    .insertInto("idempotency_keys")
    .values({ key, request_hash: requestHash, state: "pending", response_status: null, response_body: null, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: "new" };
  const row = await db.selectFrom("idempotency_keys").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row) return beginIdempotent(db, key, requestHash, now);
  if (row.request_hash !== requestHash) return { kind: "reused" };
  if (row.state !== "done" || row.response_status === null) return { kind: "in-progress" };
  return { kind: "replay", status: row.response_status, body: JSON.parse(row.response_body ?? "null") };
}

export async function finishIdempotent(db: Kysely<Database>, key: string, status: number, body: unknown): Promise<void> {
  await db
    .updateTable("idempotency_keys")
    .set({ state: "done", response_status: status, response_body: JSON.stringify(body) })
    .where("key", "=", key)
    .execute();
}

/** Lets the client retry with the same key after an unexpected failure. */
export async function abandonIdempotent(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("idempotency_keys").where("key", "=", key).where("state", "=", "pending").execute();
}
