import crypto from "node:crypto";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

export type IdempotencyStart =
  /** This request holds the key: a fresh claim, or one taken over from an attempt whose lease ran out. */
  | { kind: "new" | "takeover"; claim: string }
  | { kind: "replay"; status: number; body: unknown }
  | { kind: "reused" }
  | { kind: "in-progress" };

function leaseEnd(row: { lease_until: Date | string | null; created_at: Date | string }, leaseMs: number): number {
  // Claims written before migration 0007 have no lease of their own: they hold for one lease from their creation.
  if (row.lease_until !== null) return new Date(row.lease_until).getTime();
  return new Date(row.created_at).getTime() + leaseMs;
}

/**
 * Claims an idempotency key for a request. The primary key makes the claim atomic: of two
 * concurrent requests with one key, exactly one proceeds. A claim is held for `leaseMs`; a
 * pending claim past its lease belongs to an attempt that died (kill -9, a lost machine), and a
 * retry takes it over with one update conditional on the old claim token, so of two concurrent
 * retries exactly one wins. The winner must then look for the order the dead attempt placed.
 */
export async function beginIdempotent(
  db: Kysely<Database>,
  key: string,
  requestHash: string,
  now: Date,
  leaseMs: number,
): Promise<IdempotencyStart> {
  const claim = crypto.randomUUID();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const inserted = await db
    .insertInto("idempotency_keys")
    .values({
      key,
      request_hash: requestHash,
      state: "pending",
      response_status: null,
      response_body: null,
      created_at: now.toISOString(),
      claim_token: claim,
      lease_until: leaseUntil,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: "new", claim };
  const row = await db.selectFrom("idempotency_keys").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row) return beginIdempotent(db, key, requestHash, now, leaseMs);
  if (row.request_hash !== requestHash) return { kind: "reused" };
  if (row.state === "done" && row.response_status !== null)
    return { kind: "replay", status: row.response_status, body: JSON.parse(row.response_body ?? "null") };
  if (leaseEnd(row, leaseMs) > now.getTime()) return { kind: "in-progress" };

  const taken = await db
    .updateTable("idempotency_keys")
    .set({ claim_token: claim, lease_until: leaseUntil })
    .where("key", "=", key)
    .where("state", "=", "pending")
    .where((eb) => (row.claim_token === null ? eb("claim_token", "is", null) : eb("claim_token", "=", row.claim_token)))
    .executeTakeFirst();
  // Zero rows: another retry took it over first (or the attempt finished after all).
  return Number(taken.numUpdatedRows) === 1 ? { kind: "takeover", claim } : { kind: "in-progress" };
}

/**
 * Stores the answer for replays, if this claim still holds the key. Returns false when it no
 * longer does (its lease ran out and a retry took over): that retry answers for the key.
 */
export async function finishIdempotent(
  db: Kysely<Database>,
  key: string,
  claim: string,
  status: number,
  body: unknown,
): Promise<boolean> {
  const result = await db
    .updateTable("idempotency_keys")
    .set({ state: "done", response_status: status, response_body: JSON.stringify(body), lease_until: null })
    .where("key", "=", key)
    .where("state", "=", "pending")
    .where("claim_token", "=", claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lets the client retry with the same key after an unexpected failure (only this claim's own). */
export async function abandonIdempotent(db: Kysely<Database>, key: string, claim: string): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("key", "=", key)
    .where("state", "=", "pending")
    .where("claim_token", "=", claim)
    .execute();
}
