import { StorageError, type ObjectStorage } from "~/services/storage/storage.server";
import { toIso } from "./db-values";
import { AVATAR_BUCKET } from "./profile-photo.server";
import type { Database } from "../../database/schema";
import type { AppServices } from "../../server/services";
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
 * A customer's orders, newest first: those placed while signed in, plus guest orders with the
 * same email once that email is verified (so nobody can claim orders by typing an address).
 */
export async function listCustomerOrders(db: Kysely<Database>, user: SessionUser): Promise<OrderSummaryRow[]> {
  let query = db.selectFrom("orders").select(["id", "number", "status", "total_cents", "created_at"]);
  query = user.emailVerified
    ? query.where((eb) =>
        eb.or([
          eb("user_id", "=", user.id),
          eb.and([eb("email", "=", user.email.toLowerCase()), eb("user_id", "is", null)]),
        ]),
      )
    : query.where("user_id", "=", user.id);
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

/** Checks a password against the signed-in user's credential account (re-authentication). */
export async function verifyUserPassword(services: AppServices, userId: string, password: string): Promise<boolean> {
  const ctx = await services.auth.$context;
  const accounts = await ctx.internalAdapter.findAccounts(userId);
  const credential = accounts.find((a) => a.providerId === "credential" && a.password);
  if (!credential?.password) return false;
  return ctx.password.verify({ hash: credential.password, password });
}

/**
 * After an account is deleted (Better Auth has removed the user, sessions and accounts): the
 * profile photo and the newsletter subscription go too. Orders stay — tax and accounting law
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
}
