import { toIso } from "./db-values";
import { renderQueuedMail } from "./order-mails.server";
import type { Database } from "../../database/schema";
import type { AppServices } from "../../server/services";
import type { Kysely } from "kysely";

export async function listOutbox(db: Kysely<Database>, status?: string, limit = 100) {
  let query = db
    .selectFrom("outbox")
    .select([
      "id",
      "kind",
      "to_address",
      "subject",
      "status",
      "attempts",
      "last_error",
      "created_at",
      "sent_at",
      "next_attempt_at",
      "order_id",
    ]);
  if (status && ["pending", "sending", "sent", "failed"].includes(status)) query = query.where("status", "=", status);
  const rows = await query.orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => ({
    ...r,
    created_at: toIso(r.created_at),
    sent_at: toIso(r.sent_at),
    next_attempt_at: toIso(r.next_attempt_at),
  }));
}

export async function getOutboxMail(db: Kysely<Database>, id: number) {
  return db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
}

/** What a queued mail says: its stored content or, for order mail the worker has not rendered yet, a rendering now (not stored). */
export async function outboxPreview(
  services: AppServices,
  row: {
    kind: string;
    order_id: string | null;
    dedupe_key: string | null;
    subject: string;
    html: string;
    text: string;
  },
): Promise<{ subject: string; text: string }> {
  if (row.html) return { subject: row.subject, text: row.text };
  const rendered = await renderQueuedMail(services.database.db, row, services.config, services.secret);
  return rendered
    ? { subject: rendered.subject, text: rendered.text }
    : { subject: `(${row.kind}: no content)`, text: "" };
}

/** Puts a failed mail back in the queue with a fresh set of attempts. */
export async function retryMail(db: Kysely<Database>, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), last_error: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
