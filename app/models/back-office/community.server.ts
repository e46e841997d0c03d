import { toIso } from "#database/values";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

export const SUBSCRIBERS_PAGE_SIZE = 100;

/** A page of signups, newest first, with the counts over all of them (not over the page). */
export async function listSubscribers(db: Kysely<Database>, { page = 1 }: { page?: number } = {}) {
  const counts = await db
    .selectFrom("newsletter_subscribers")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("status")
    .execute();
  const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
  const confirmed = Number(counts.find((c) => c.status === "confirmed")?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db
    .selectFrom("newsletter_subscribers")
    .selectAll()
    .orderBy("id", "desc")
    .limit(SUBSCRIBERS_PAGE_SIZE)
    .offset((current - 1) * SUBSCRIBERS_PAGE_SIZE)
    .execute();
  const subscribers = rows.map((r) => ({
    id: r.id,
    email: r.email,
    status: r.status,
    source: r.source,
    createdAt: toIso(r.created_at)!,
    confirmedAt: toIso(r.confirmed_at),
    unsubscribedAt: toIso(r.unsubscribed_at),
  }));
  return { subscribers, total, confirmed, page: current, pages };
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
