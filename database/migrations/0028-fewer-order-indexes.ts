import { type Kysely } from "kysely";

/**
 * Every order written updates each index on `orders`, and at a million orders each of them is
 * a page read and written per checkout (issue 39: checkout throughput). These five serve no
 * read any more: `created_at` and `user_id` lead `orders_created_id` and `orders_user_created`,
 * which serve the same ranges; the dashboard reads paid orders from its running totals, not by
 * `paid_at`; every read by ship day is of paid orders (`orders_status_ship_on`); and the orders
 * are found by address through `lower(email)` (`orders_email_lower`).
 */
const DROPPED: Array<{ name: string; columns: string[] }> = [
  { name: "orders_created_at", columns: ["created_at"] },
  { name: "orders_user_id", columns: ["user_id"] },
  { name: "orders_paid_at", columns: ["paid_at"] },
  { name: "orders_ship_on", columns: ["ship_on", "created_at"] },
  { name: "orders_email", columns: ["email"] },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const index of DROPPED) await db.schema.dropIndex(index.name).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of DROPPED) await db.schema.createIndex(index.name).on("orders").columns(index.columns).execute();
}
