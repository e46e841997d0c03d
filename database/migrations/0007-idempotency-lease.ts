import { type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * A checkout claim that outlives its process. `claim_token` names the attempt holding an
 * Idempotency-Key and `lease_until` says until when: after it, a retry may take the claim over
 * with one conditional update on the old token. The order an attempt placed records the key
 * (unique: one live order per key), so the retry continues that order instead of placing
 * another. A unique index rather than a UNIQUE column: SQLite cannot add one with ALTER TABLE;
 * both databases let any number of rows hold NULL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable("idempotency_keys").addColumn("claim_token", "text").execute();
  await db.schema.alterTable("idempotency_keys").addColumn("lease_until", t.timestamp).execute();
  await db.schema.alterTable("orders").addColumn("idempotency_key", "text").execute();
  await db.schema.createIndex("orders_idempotency_key").unique().on("orders").column("idempotency_key").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_idempotency_key").execute();
  await db.schema.alterTable("orders").dropColumn("idempotency_key").execute();
  await db.schema.alterTable("idempotency_keys").dropColumn("lease_until").execute();
  await db.schema.alterTable("idempotency_keys").dropColumn("claim_token").execute();
}
