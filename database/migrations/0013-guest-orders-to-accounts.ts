import { sql, type Kysely } from "kysely";

/**
 * Order history used to be read by matching a guest order's address to the account's current
 * one, so it vanished when the address changed. Orders now belong to the account by `user_id`:
 * the guest orders of every account whose address is verified are given to it here. An account
 * whose address is not verified gets none, so an address typed at sign-up claims nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update orders set user_id = (
      select u.id from "user" u where u.email = lower(orders.email) and u."emailVerified" = ${sql.lit(true)}
    )
    where user_id is null and exists (
      select 1 from "user" u where u.email = lower(orders.email) and u."emailVerified" = ${sql.lit(true)}
    )`.execute(db);
}

/** Nothing to undo: which orders were guest orders before is not recorded, and all stay valid. */
export async function down(): Promise<void> {}
