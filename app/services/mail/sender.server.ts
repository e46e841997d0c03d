import nodemailer from "nodemailer";
import { parseJson } from "#database/values";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

export interface MailMessage {
  /** Stable per outbox row, so a re-send after a crash is recognisably the same message. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port || (parsed.protocol === "smtps:" ? 465 : 587)),
    secure: parsed.protocol === "smtps:",
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    // Plain loopback relays (and test peers) offer no TLS; anything else must.
    ignoreTLS: parsed.searchParams.get("tls") === "off",
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

export const MAX_MAIL_ATTEMPTS = 8;
/** How long a claimed row is reserved for the worker sending it; a dead worker's rows return after this. */
export const DEFAULT_SEND_LEASE_MS = 60_000;

/** 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends due mail from the outbox. Each row is claimed with a conditional update first, so two
 * workers never send the same row; failures retry with exponential back-off up to a limit.
 */
export async function deliverDueMail(
  db: Kysely<Database>,
  transport: MailTransport,
  options: {
    now: Date;
    from: string;
    batch?: number;
    leaseMs?: number;
    /** Renders a row queued without content (see renderQueuedMail); null when it cannot be rendered. */
    render?: (row: {
      kind: string;
      order_id: string | null;
      dedupe_key: string | null;
    }) => Promise<{ subject: string; html: string; text: string } | null>;
  },
): Promise<DeliveryReport> {
  const now = options.now;
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  const leaseMs = options.leaseMs ?? DEFAULT_SEND_LEASE_MS;
  // A worker that died mid-send leaves rows in "sending": once their lease is over they go back in
  // the queue. (The mail may have left just before the crash; its stable Message-ID lets mail
  // systems drop the repeat, so the customer sees it once.)
  await db
    .updateTable("outbox")
    .set({ status: "pending" })
    .where("status", "=", "sending")
    .where("next_attempt_at", "<=", now.toISOString())
    .execute();

  const due = await db
    .selectFrom("outbox")
    .selectAll()
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("id")
    .limit(options.batch ?? 20)
    .execute();

  for (const row of due) {
    const claimed = await db
      .updateTable("outbox")
      .set((eb) => ({
        status: "sending",
        attempts: eb("attempts", "+", 1),
        next_attempt_at: new Date(now.getTime() + leaseMs).toISOString(),
      }))
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const attempts = row.attempts + 1;
    try {
      let content = { subject: row.subject, html: row.html, text: row.text };
      if (!content.html) {
        const rendered = options.render ? await options.render(row) : null;
        if (!rendered) throw new Error(`The ${row.kind} mail has no content and could not be rendered.`);
        content = rendered;
        // Kept, so that a retry and the back office's preview show exactly what was sent.
        await db.updateTable("outbox").set(rendered).where("id", "=", row.id).execute();
      }
      await transport.send({
        messageId: `<outbox-${row.id}-${row.dedupe_key ? Buffer.from(row.dedupe_key).toString("base64url").slice(0, 40) : "x"}@${mailDomain(options.from)}>`,
        from: options.from,
        to: row.to_address,
        subject: content.subject,
        html: content.html,
        text: content.text,
        headers: parseJson<Record<string, string> | undefined>(row.headers, undefined),
      });
      await db
        .updateTable("outbox")
        .set({ status: "sent", sent_at: now.toISOString(), last_error: null })
        .where("id", "=", row.id)
        .execute();
      report.sent++;
    } catch (err) {
      const failed = attempts >= MAX_MAIL_ATTEMPTS;
      await db
        .updateTable("outbox")
        .set({
          status: failed ? "failed" : "pending",
          last_error: String((err as Error)?.message ?? err).slice(0, 500),
          next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        })
        .where("id", "=", row.id)
        .execute();
      if (failed) report.failed++;
      else report.retrying++;
    }
  }
  return report;
}

function mailDomain(from: string): string {
  return from.match(/@([A-Za-z0-9.-]+)/)?.[1] ?? "localhost";
}
