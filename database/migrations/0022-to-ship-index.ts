import { type Kysely } from "kysely";

/**
 * The back office's "to ship" list reads paid orders by ship day. The index of 0021 leads with
 * ship_on, so finding the few paid orders would walk every shipped order's day before them; led
 * by status, the list starts at the first paid order and reads only what it shows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("orders_status_ship_on")
    .on("orders")
    .columns(["status", "ship_on", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_status_ship_on").execute();
}
