import { sql, type Kysely } from "kysely";

/**
 * Indexes for what the back office filters and searches once the shop has years of orders
 * (issue 39): customer pages and message threads look addresses up by `lower(email)` (an
 * expression index on both databases; a plain index on `email` cannot serve it), the dashboard
 * reads orders by `paid_at`, the orders list pages by (created_at, id) newest first with or
 * without a status, the outbox lists the kinds of mail it holds, and a customer's own orders
 * are read newest first.
 */
const INDEXES: Array<
  { name: string; table: string; columns: string[] } | { name: string; table: string; expression: string }
> = [
  { name: "orders_email_lower", table: "orders", expression: "lower(email)" },
  { name: "user_email_lower", table: "user", expression: "lower(email)" },
  { name: "contact_messages_email_lower", table: "contact_messages", expression: "lower(email)" },
  { name: "orders_paid_at", table: "orders", columns: ["paid_at"] },
  { name: "orders_status_created", table: "orders", columns: ["status", "created_at", "id"] },
  { name: "orders_created_id", table: "orders", columns: ["created_at", "id"] },
  { name: "orders_user_created", table: "orders", columns: ["user_id", "created_at"] },
  { name: "outbox_kind", table: "outbox", columns: ["kind"] },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) {
    const create = db.schema.createIndex(index.name).on(index.table);
    await (
      "expression" in index ? create.expression(sql.raw(index.expression)) : create.columns(index.columns)
    ).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [...INDEXES].reverse()) await db.schema.dropIndex(index.name).execute();
}
