import type { Database } from "#database/schema";
import type { RenderedMail } from "./order-emails";
import type { Kysely, Transaction } from "kysely";

export interface OutgoingMail extends RenderedMail {
  kind: string;
  to: string;
  /** At most one mail per dedupe key is ever queued (e.g. one confirmation per order). */
  dedupeKey: string;
  orderId?: string | null;
  headers?: Record<string, string>;
}

/** Queues mail inside the caller's transaction, so it exists exactly when the change that causes it does. */
export async function enqueueMail(
  trx: Kysely<Database> | Transaction<Database>,
  mail: OutgoingMail,
  now: Date,
): Promise<boolean> {
  return (await enqueueMails(trx, [mail], now)) > 0;
}

/** Queues several mails with one statement (the checkout's hot path); returns how many were new. */
export async function enqueueMails(
  trx: Kysely<Database> | Transaction<Database>,
  mails: OutgoingMail[],
  now: Date,
): Promise<number> {
  if (mails.length === 0) return 0;
  const at = now.toISOString();
  const result = await trx
    .insertInto("outbox")
    .values(
      mails.map((mail) => ({
        kind: mail.kind,
        dedupe_key: mail.dedupeKey,
        to_address: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers ? JSON.stringify(mail.headers) : null,
        order_id: mail.orderId ?? null,
        status: "pending",
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
