import { sql, type Kysely } from "kysely";

/**
 * A customer's orders are listed newest first from two index ranges, the orders placed with their
 * address and those placed signed in to their account, merged (the orders list filtered to a
 * customer, and their page). Ending both indexes with (created_at, id) gives each range in the
 * list's order, so a page reads its 20 rows, not every order of a customer who bought 2,000
 * times (issue 39). Same names, same count of indexes: a checkout writes no more than before.
 */
const INDEXES = [
  { name: "orders_email_lower", key: sql`lower(email), created_at, id`, was: sql`lower(email)` },
  { name: "orders_user_created", key: sql`user_id, created_at, id`, was: sql`user_id, created_at` },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.dropIndex(index.name).execute();
    await db.schema.createIndex(index.name).on("orders").expression(index.key).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.dropIndex(index.name).execute();
    await db.schema.createIndex(index.name).on("orders").expression(index.was).execute();
  }
}
