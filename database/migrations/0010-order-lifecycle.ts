import { type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * What the order lifecycle records beside the status (decision 016):
 * - `payment_attempts`: every charge outcome of a checkout (declined cards, failed 3-D Secure
 *   challenges) belongs to its pending order instead of turning into a cancelled order;
 * - `refunds`: a refund is written as "pending" in the transition's transaction, with the
 *   idempotency key the provider will get, and settled outside it; the worker settles any left
 *   pending by a crash;
 * - `orders.stock_held`: whether a pending order still holds its reservation (a declined
 *   attempt gives the stock back at once, the order stays until its window ends).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable("orders")
    .addColumn("stock_held", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("payment_attempts")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("reference", "text")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_attempts_order").on("payment_attempts").column("order_id").execute();

  await db.schema
    .createTable("refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    // The order's refunded total with this refund: what its mail says, whatever follows.
    .addColumn("refunded_total_cents", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("provider_refund_id", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refunds_order").on("refunds").column("order_id").execute();
  await db.schema.createIndex("refunds_status").on("refunds").columns(["status", "updated_at"]).execute();
  await db.schema.createIndex("refunds_provider_id").on("refunds").column("provider_refund_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("refunds").execute();
  await db.schema.dropTable("payment_attempts").execute();
  await db.schema.alterTable("orders").dropColumn("stock_held").execute();
}
