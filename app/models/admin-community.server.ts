import { toIso } from "../../database/values";
import type { Database } from "../../database/schema";
import type { Kysely } from "kysely";

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
