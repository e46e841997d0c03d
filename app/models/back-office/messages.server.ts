import { sql, type Kysely } from "kysely";
import { renderMessageReply } from "#app/services/mail/community-emails";
import { enqueueMail } from "#app/services/mail/outbox.server";
import { toIso } from "#database/values";
import type { Database } from "#database/schema";

export interface MessageReply {
  seq: number;
  body: string;
  senderName: string;
  createdAt: string;
}

export interface MessageThread {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: string;
  createdAt: string;
  handledAt: string | null;
  replies: MessageReply[];
}

/** How many messages there are, and how many are not yet handled (over all of them, not a page). */
export async function messageCounts(db: Kysely<Database>): Promise<{ total: number; open: number }> {
  const rows = await db
    .selectFrom("contact_messages")
    .select([(eb) => eb.fn.countAll<number | string>().as("n"), "status"])
    .groupBy("status")
    .execute();
  return {
    total: rows.reduce((sum, r) => sum + Number(r.n), 0),
    open: rows.filter((r) => r.status !== "handled").reduce((sum, r) => sum + Number(r.n), 0),
  };
}

/** Contact messages, newest first, each with the shop's replies under it (oldest first). */
export async function listMessageThreads(
  db: Kysely<Database>,
  { email, limit = 100 }: { email?: string; limit?: number } = {},
): Promise<MessageThread[]> {
  let query = db.selectFrom("contact_messages").selectAll().orderBy("id", "desc").limit(limit);
  if (email) query = query.where(sql<string>`lower(email)`, "=", email.toLowerCase());
  const messages = await query.execute();
  if (messages.length === 0) return [];
  const replies = await db
    .selectFrom("message_replies")
    .select(["message_id", "seq", "body", "sender_name", "created_at"])
    .where(
      "message_id",
      "in",
      messages.map((m) => m.id),
    )
    .orderBy("message_id")
    .orderBy("seq")
    .execute();
  return messages.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    status: m.status,
    createdAt: toIso(m.created_at)!,
    handledAt: toIso(m.handled_at),
    replies: replies
      .filter((r) => r.message_id === m.id)
      .map((r) => ({ seq: r.seq, body: r.body, senderName: r.sender_name, createdAt: toIso(r.created_at)! })),
  }));
}

export async function markMessageHandled(db: Kysely<Database>, id: number, now: Date) {
  await db
    .updateTable("contact_messages")
    .set({ status: "handled", handled_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}

export type ReplyOutcome = "sent" | "already-sent" | "missing";

/**
 * Records a reply under its message, mails it (through the outbox) and marks the message handled,
 * in one transaction. `seq` is the reply number the form was showing the next reply as: a second
 * post of the same form (a double click, a resend after a lost answer) finds it taken and changes
 * nothing, so a reply is recorded and mailed once.
 */
export async function replyToMessage(
  db: Kysely<Database>,
  reply: { messageId: number; seq: number; body: string; sender: { id: string; name: string } },
  brand: { shopName: string; publicUrl: string; shopEmail: string },
  now: Date,
): Promise<ReplyOutcome> {
  const message = await db
    .selectFrom("contact_messages")
    .selectAll()
    .where("id", "=", reply.messageId)
    .executeTakeFirst();
  if (!message) return "missing";
  const rendered = await renderMessageReply(brand, {
    to: message.name,
    subject: message.subject,
    body: reply.body,
    sender: reply.sender.name,
    original: message.message,
  });
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("message_replies")
      .values({
        message_id: message.id,
        seq: reply.seq,
        body: reply.body,
        sender_id: reply.sender.id,
        sender_name: reply.sender.name,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(["message_id", "seq"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return "already-sent";
    await enqueueMail(
      trx,
      {
        kind: "contact-reply",
        to: message.email,
        dedupeKey: `contact-reply:${message.id}:${reply.seq}`,
        ...rendered,
      },
      now,
    );
    await trx
      .updateTable("contact_messages")
      .set({ status: "handled", handled_at: now.toISOString() })
      .where("id", "=", message.id)
      .execute();
    return "sent";
  });
}
