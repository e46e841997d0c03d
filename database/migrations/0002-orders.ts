import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("customer_name", "text", (c) => c.notNull())
    .addColumn("shipping_address", t.json)
    .addColumn("requires_shipping", "integer", (c) => c.notNull())
    .addColumn("subtotal_cents", "integer", (c) => c.notNull())
    .addColumn("discount_cents", "integer", (c) => c.notNull())
    .addColumn("shipping_cents", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull().check(sql`total_cents >= 0`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("access_token_hash", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().defaultTo("web"))
    .addColumn("payment_provider", "text", (c) => c.notNull())
    .addColumn("payment_reference", "text")
    .addColumn("payment_failure", "text")
    .addColumn("user_id", "text")
    .addColumn("reserved_until", t.timestamp)
    .addColumn("paid_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_status_reserved").on("orders").columns(["status", "reserved_until"]).execute();
  await db.schema.createIndex("orders_email").on("orders").column("email").execute();
  await db.schema.createIndex("orders_payment_reference").on("orders").column("payment_reference").execute();

  await db.schema
    .createTable("order_lines")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text")
    .addColumn("product_ids", t.json)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_lines_order").on("order_lines").column("order_id").execute();

  // Every transition leaves a row: the order's history.
  await db.schema
    .createTable("order_events")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("actor", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_events_order").on("order_events").column("order_id").execute();

  // A checkout replayed with the same Idempotency-Key returns the first answer.
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_body", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();

  // Transactional outbox: mail is written with the change that causes it and sent later.
  await db.schema
    .createTable("outbox")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("dedupe_key", "text", (c) => c.unique())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("headers", t.json)
    .addColumn("order_id", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", t.timestamp, (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("sent_at", t.timestamp)
    .execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();

  // Payment provider webhooks already handled (Stripe retries and reorders deliveries).
  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("order_id", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["payment_events", "outbox", "idempotency_keys", "order_events", "order_lines", "orders"]) {
    await db.schema.dropTable(table).execute();
  }
}
