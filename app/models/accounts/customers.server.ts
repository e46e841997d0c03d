import { sql } from "kysely";
import { refreshCustomerTotals } from "#app/models/orders/customer-totals.server";
import { forgetReorderRemindersOf } from "#app/models/orders/reorder-reminders.server";
import { attachGuestSubscriptions } from "#app/models/subscriptions/subscriptions.server";
import { forgetTanksOf } from "#app/models/tanks/tanks.server";
import { AVATAR_BUCKET, StorageError, type ObjectStorage } from "#app/services/storage/storage.server";
import { toIso } from "#database/values";
import type { Database } from "#database/schema";
import type { SessionUser } from "./session.server";
import type { Kysely } from "kysely";
import type { Logger } from "pino";

export interface OrderSummaryRow {
  id: string;
  number: string;
  status: string;
  totalCents: number;
  createdAt: string;
  itemCount: number;
}

/**
 * A customer's orders, newest first: those of the account. Guest orders join it when their
 * address is verified as the account's (`attachGuestOrders`), so typing an address claims nothing
 * and a later change of address loses nothing.
 */
export async function listCustomerOrders(db: Kysely<Database>, user: SessionUser): Promise<OrderSummaryRow[]> {
  const query = db
    .selectFrom("orders")
    .select(["id", "number", "status", "total_cents", "created_at"])
    .where("user_id", "=", user.id);
  const rows = await query.orderBy("created_at", "desc").limit(100).execute();
  const counts = rows.length
    ? await db
        .selectFrom("order_lines")
        .select(["order_id", (eb) => eb.fn.sum<number>("quantity").as("units")])
        .where(
          "order_id",
          "in",
          rows.map((r) => r.id),
        )
        .groupBy("order_id")
        .execute()
    : [];
  const units = new Map(counts.map((c) => [c.order_id, Number(c.units)]));
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    totalCents: r.total_cents,
    createdAt: toIso(r.created_at)!,
    itemCount: units.get(r.id) ?? 0,
  }));
}

/**
 * Gives the account the guest orders placed with its address. Called only once the address is
 * verified as the account's (a verification link, a trusted sign-in provider, the owner's own
 * command line): an address typed at sign-up or in a change of email claims nothing until then.
 */
export async function attachGuestOrders(db: Kysely<Database>, userId: string, email: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable("orders")
      .set({ user_id: userId })
      .where("user_id", "is", null)
      .where(sql<string>`lower(email)`, "=", email.toLowerCase())
      .executeTakeFirst();
    await attachGuestSubscriptions(trx, userId, email);
    // The orders now count for the account's address (the same one, unless it changed meanwhile).
    if (Number(moved.numUpdatedRows) > 0) {
      const account = await trx.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
      await refreshCustomerTotals(trx, [email, ...(account ? [account.email] : [])]);
    }
  });
}

/**
 * After an account is deleted (Better Auth has removed the user, sessions and accounts): the
 * profile photo, the newsletter subscription, any waitlist entries, checkout and reorder reminders, tanks and
 * their parameter logs go too. Orders stay — tax and accounting law
 * require the records — and so do contact messages already answered; docs/security.md lists this.
 */
export async function forgetDeletedUser(
  deps: { db: Kysely<Database>; storage: ObjectStorage; logger: Logger },
  user: { id: string; email: string },
): Promise<void> {
  await deps.storage.delete(AVATAR_BUCKET, `${user.id}/avatar.webp`).catch((err: unknown) => {
    if (!(err instanceof StorageError && err.code === "object-not-found"))
      deps.logger.warn({ err, userId: user.id }, "deleted account: the photo could not be removed");
  });
  await deps.db.deleteFrom("newsletter_subscribers").where("email", "=", user.email.toLowerCase()).execute();
  await deps.db.deleteFrom("waitlist_entries").where("email", "=", user.email.toLowerCase()).execute();
  // The consent to a checkout reminder goes with the account; an unsubscribe stays, so it is still honoured.
  await deps.db.deleteFrom("checkout_reminders").where("email", "=", user.email.toLowerCase()).execute();
  await forgetReorderRemindersOf(deps.db, user.id);
  await forgetTanksOf(deps.db, user.id);
}
