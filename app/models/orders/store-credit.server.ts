import type { Database } from "#database/schema";
import type { Kysely, Transaction } from "kysely";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Store credit (decision 034): one balance per customer address (lower-cased, as the customers
 * list keys them), never negative (the database refuses it), and a movement for every change,
 * made once per cause by its dedupe key, in the transaction of the change that causes it.
 */

export function creditKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function creditBalance(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom("store_credit_balances")
    .select("balance_cents")
    .where("email_key", "=", creditKey(email))
    .executeTakeFirst();
  return Number(row?.balance_cents ?? 0);
}

/**
 * The address whose credit a signed-in person may see and spend: their account's, once they have
 * confirmed it. Anyone can sign up with an address and sign in unconfirmed, and credit is kept by
 * address (a guest's approved claim), so an unconfirmed account holds none.
 */
export const creditEmailOf = (user: { email: string; emailVerified: boolean } | null | undefined): string | null =>
  user?.emailVerified ? user.email : null;

/** What a signed-in buyer's credit pays of a total: all of the balance it takes, never more than the total. */
export async function creditToSpend(db: Db, email: string | null | undefined, totalCents: number): Promise<number> {
  return email ? Math.min(await creditBalance(db, email), Math.max(0, totalCents)) : 0;
}

export interface CreditMovement {
  email: string;
  /** Positive: credit given; negative: credit spent. */
  amountCents: number;
  reason: "claim-approved" | "checkout" | "order-closed";
  /** Each cause moves the balance once. */
  dedupeKey: string;
  claimId?: string | null;
  orderId?: string | null;
  now: Date;
}

/**
 * Moves a balance inside the caller's transaction. Answers the balance after it, or null when
 * a spend is more than the balance (nothing changes) or the cause already moved it.
 */
export async function moveCredit(trx: Transaction<Database>, movement: CreditMovement): Promise<number | null> {
  const key = creditKey(movement.email);
  const at = movement.now.toISOString();
  const seen = await trx
    .selectFrom("store_credit_movements")
    .select("id")
    .where("dedupe_key", "=", movement.dedupeKey)
    .executeTakeFirst();
  if (seen || movement.amountCents === 0) return null;
  if (movement.amountCents > 0) {
    await trx
      .insertInto("store_credit_balances")
      .values({ email_key: key, balance_cents: movement.amountCents, updated_at: at })
      .onConflict((oc) =>
        oc.column("email_key").doUpdateSet((eb) => ({
          balance_cents: eb("store_credit_balances.balance_cents", "+", movement.amountCents),
          updated_at: at,
        })),
      )
      .execute();
  } else {
    const spent = await trx
      .updateTable("store_credit_balances")
      .set((eb) => ({ balance_cents: eb("balance_cents", "+", movement.amountCents), updated_at: at }))
      .where("email_key", "=", key)
      .where("balance_cents", ">=", -movement.amountCents)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return null;
  }
  const balance = await creditBalance(trx, key);
  await trx
    .insertInto("store_credit_movements")
    .values({
      email_key: key,
      amount_cents: movement.amountCents,
      balance_after_cents: balance,
      reason: movement.reason,
      claim_id: movement.claimId ?? null,
      order_id: movement.orderId ?? null,
      dedupe_key: movement.dedupeKey,
      created_at: at,
    })
    .execute();
  return balance;
}

/**
 * Gives back the store credit an order spent, once (an order that ends unpaid or cancelled, or is
 * refunded in full), to the balance it came from, in the caller's transaction.
 */
export async function returnOrderCredit(trx: Transaction<Database>, orderId: string, now: Date): Promise<void> {
  const spent = await trx
    .selectFrom("store_credit_movements")
    .select(["email_key", "amount_cents"])
    .where("dedupe_key", "=", `spend:${orderId}`)
    .executeTakeFirst();
  if (!spent || spent.amount_cents >= 0) return;
  await moveCredit(trx, {
    email: spent.email_key,
    amountCents: -spent.amount_cents,
    reason: "order-closed",
    dedupeKey: `return:${orderId}`,
    orderId,
    now,
  });
}
