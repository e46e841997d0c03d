import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../../database/schema";
import type { RenderedMail } from "./order-emails";

export interface OutgoingMail extends RenderedMail {
  kind: string;
  to: string;
  /** At most one mail per dedupe key is ever queued (e.g. one confirmation per order). */
  dedupeKey: string;
  orderId?: string | null;
  headers?: Record<string, string>;
}

/** Queues mail inside the caller's transaction, so it exists exactly when the change that causes it does. */
export async function enqueueMail(trx: Kysely<Database> | Transaction<Database>, mail: OutgoingMail, now: Date): Promise<boolean> {
  const result = await trx
    .insertInto("outbox")
    .values({
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
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
