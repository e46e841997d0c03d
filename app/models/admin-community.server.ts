import { enqueueMail } from "~/services/mail/outbox.server";
import { toIso } from "./db-values";
import type { Database } from "../../database/schema";
import type { Kysely } from "kysely";

export async function listContactMessages(db: Kysely<Database>, limit = 100) {
  const rows = await db.selectFrom("contact_messages").selectAll().orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => ({ ...r, created_at: toIso(r.created_at)!, handled_at: toIso(r.handled_at) }));
}

export async function markMessageHandled(db: Kysely<Database>, id: number, now: Date) {
  await db
    .updateTable("contact_messages")
    .set({ status: "handled", handled_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}

/** Replies to a contact message by email (through the outbox) and marks it handled. */
export async function replyToMessage(
  db: Kysely<Database>,
  id: number,
  body: string,
  shop: { shopName: string },
  now: Date,
): Promise<boolean> {
  const message = await db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!message) return false;
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const quoted = message.message
    .split("\n")
    .map((l) => `> ${l}`)
    .join("\n");
  await db.transaction().execute(async (trx) => {
    await enqueueMail(
      trx,
      {
        kind: "contact-reply",
        to: message.email,
        dedupeKey: `contact-reply:${id}:${now.getTime()}`,
        subject: `Re: ${message.subject}`,
        text: `${body}\n\n— ${shop.shopName}\n\n${quoted}`,
        html: `<div style="font-family:system-ui,sans-serif;white-space:pre-wrap">${escape(body)}</div><p>— ${escape(shop.shopName)}</p><blockquote style="color:#3a5566;white-space:pre-wrap">${escape(message.message)}</blockquote>`,
      },
      now,
    );
    await trx
      .updateTable("contact_messages")
      .set({ status: "handled", handled_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
  });
  return true;
}

export async function listSubscribers(db: Kysely<Database>) {
  const rows = await db.selectFrom("newsletter_subscribers").selectAll().orderBy("id", "desc").limit(1000).execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    status: r.status,
    source: r.source,
    createdAt: toIso(r.created_at)!,
    confirmedAt: toIso(r.confirmed_at),
    unsubscribedAt: toIso(r.unsubscribed_at),
  }));
}

/** CSV of confirmed subscribers, fields quoted; formula-like cells are defused for spreadsheet apps. */
export async function newsletterCsv(db: Kysely<Database>): Promise<string> {
  const rows = await db
    .selectFrom("newsletter_subscribers")
    .selectAll()
    .where("status", "=", "confirmed")
    .orderBy("id")
    .execute();
  const cell = (v: string | number | Date | null | undefined) => {
    let s = v === null || v === undefined ? "" : v instanceof Date ? v.toISOString() : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return `"${s.replace(/"/g, '""')}"`;
  };
  const lines = [["email", "source", "subscribed_at", "confirmed_at"].map(cell).join(",")];
  for (const r of rows) lines.push([r.email, r.source, toIso(r.created_at), toIso(r.confirmed_at)].map(cell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
