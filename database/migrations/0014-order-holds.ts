import { type Kysely } from "kysely";

/**
 * What an unpaid order holds, and for whom: `held_units` is the stock units its reservation
 * took (summed over lines, combos and bundle contents), `client_key` a keyed hash of the address
 * it was placed from (never the address itself). Checkout caps the units one client may hold in
 * orders waiting for payment; a pending order is found by client, email or account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("client_key", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("held_units", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("orders_client_key").on("orders").column("client_key").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_client_key").execute();
  await db.schema.alterTable("orders").dropColumn("held_units").execute();
  await db.schema.alterTable("orders").dropColumn("client_key").execute();
}
