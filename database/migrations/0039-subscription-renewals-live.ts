import { sql, type Kysely } from "kysely";

/**
 * The renewals still being worked on (placing, charging, retrying, waiting for the buyer): a few
 * rows among every period ever renewed. The owner's weeks ahead read them on each view; the
 * index on (status, next_attempt_at) does not serve that on SQLite, whose statistics see a few
 * statuses spread over many rows and scan the table. A partial index holds only the live ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("subscription_renewals_live")
    .on("subscription_renewals")
    .columns(["order_id", "subscription_id", "period"])
    .where(sql.ref("status"), "in", [sql.lit("placing"), sql.lit("charging"), sql.lit("retrying"), sql.lit("action")])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("subscription_renewals_live").execute();
}
