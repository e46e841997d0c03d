import { sql, type Kysely } from "kysely";

/**
 * The owner's subscriptions page (issue 38): each status's list newest first, paged by
 * (created_at, id) from one index; and the revenue of paid renewals read from a partial index
 * that holds only renewal orders and the figures summed (paid_at, total, refunded), so neither
 * walks the other orders nor costs a checkout of an ordinary order another index write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("subscriptions_status_created")
    .on("subscriptions")
    .columns(["status", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("orders_renewals_paid")
    .on("orders")
    .columns(["paid_at", "total_cents", "refunded_cents"])
    .where(sql.ref("source"), "=", sql.lit("subscription"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_renewals_paid").execute();
  await db.schema.dropIndex("subscriptions_status_created").execute();
}
