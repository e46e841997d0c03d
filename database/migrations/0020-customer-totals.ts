import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The back office's customers list grouped every order by customer on each render (issue 39).
 * Each customer's bought orders, amount spent (net of refunds) and last order are kept as running
 * totals instead, keyed as the list names a customer: the address of the account an order belongs
 * to, else the order's own address, lower-cased. They move with the order lifecycle in the same
 * transaction (app/models/orders/customer-totals.server.ts) and are counted here once. `user_id`
 * is the account holding the key's address, so a change of address finds the rows it moves.
 *
 * The search matches the start of an address or a name, one range of an index each. On
 * PostgreSQL those indexes compare byte-wise (collation "C"): under a locale's collation the
 * strings starting with a prefix are not one range.
 */
const BOUGHT = ["paid", "shipped", "delivered", "refunded"];
const LISTED = [...BOUGHT, "cancelled"];

const PREFIX_INDEXES = [
  { name: "orders_customer_name_prefix", table: "orders", expression: "lower(customer_name)", postgresOnly: false },
  { name: "user_name_prefix", table: "user", expression: "lower(name)", postgresOnly: false },
  { name: "user_email_prefix", table: "user", expression: "lower(email)", postgresOnly: true },
  { name: "customer_totals_key_prefix", table: "customer_totals", expression: "email_key", postgresOnly: true },
];

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("customer_totals")
    .addColumn("email_key", "text", (col) => col.primaryKey())
    .addColumn("orders", "integer", (col) => col.notNull())
    .addColumn("spent_cents", t.postgres ? "bigint" : "integer", (col) => col.notNull())
    .addColumn("last_order_at", t.timestamp, (col) => col.notNull())
    .addColumn("user_id", "text")
    .execute();
  await db.schema
    .createIndex("customer_totals_last_order")
    .on("customer_totals")
    .columns(["last_order_at desc", "email_key"])
    .execute();
  await db.schema.createIndex("customer_totals_user").on("customer_totals").column("user_id").execute();
  for (const index of PREFIX_INDEXES) {
    if (index.postgresOnly && !t.postgres) continue;
    const collate = t.postgres ? sql.raw(` collate "C"`) : sql``;
    await db.schema
      .createIndex(index.name)
      .on(index.table)
      .expression(sql`(${sql.raw(index.expression)}${collate})`)
      .execute();
  }
  const list = (statuses: string[]) => sql.join(statuses.map((s) => sql.lit(s)));
  await sql`insert into customer_totals (email_key, orders, spent_cents, last_order_at, user_id)
    select k.email_key, k.orders, k.spent_cents, k.last_order_at,
      (select a.id from "user" a where lower(a.email) = k.email_key limit 1)
    from (
      select coalesce(lower(u.email), lower(o.email)) as email_key,
        sum(case when o.status in (${list(BOUGHT)}) then 1 else 0 end) as orders,
        sum(case when o.status in (${list(BOUGHT)}) then o.total_cents - o.refunded_cents else 0 end) as spent_cents,
        max(o.created_at) as last_order_at
      from orders o left join "user" u on u.id = o.user_id
      where o.status in (${list(LISTED)})
      group by coalesce(lower(u.email), lower(o.email))
    ) k`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = columnTypes(db).postgres;
  for (const index of PREFIX_INDEXES)
    if (index.table !== "customer_totals" && (postgres || !index.postgresOnly))
      await db.schema.dropIndex(index.name).execute();
  await db.schema.dropTable("customer_totals").execute();
}
