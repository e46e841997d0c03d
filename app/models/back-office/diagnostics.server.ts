import crypto from "node:crypto";
import { lastHeartbeat } from "#app/services/heartbeat.server";
import { enqueueMail } from "#app/services/mail/outbox.server";
import { pingDatabase } from "#database/db.server";
import { currentMigration } from "#database/migrate.server";
import type { AppServices } from "#app/services/container";

export interface CheckResult {
  name: string;
  ok: boolean;
  /** The check ran without error but did not do the real thing (a test mail only stored, never sent). */
  incomplete?: boolean;
  detail: string;
  ms: number;
}

/** What a check found: a sentence, or one that says the real thing did not happen. */
type Found = string | { incomplete: string };

async function timed(name: string, run: () => Promise<Found>): Promise<CheckResult> {
  const started = performance.now();
  try {
    const found = await run();
    const ms = Math.round(performance.now() - started);
    if (typeof found !== "string") return { name, ok: false, incomplete: true, detail: found.incomplete, ms };
    return { name, ok: true, detail: found, ms };
  } catch (err) {
    return {
      name,
      ok: false,
      detail: (err as Error).message ?? String(err),
      ms: Math.round(performance.now() - started),
    };
  }
}

/** The back office's replacement for the original's public test pages: each check does the real thing. */
export const DIAGNOSTICS = {
  database: (s: AppServices) =>
    timed("Database round trip", async () => {
      await pingDatabase(s.database.db);
      return `${s.database.dialect}, migration ${await currentMigration(s.database.db, s.database.schema)}`;
    }),
  email: (s: AppServices) =>
    timed("Test email", async () => {
      const now = s.clock();
      await enqueueMail(
        s.database.db,
        {
          kind: "diagnostic",
          to: s.config.shopEmail,
          dedupeKey: `diagnostic:${now.getTime()}`,
          subject: `${s.config.shopName} test email`,
          text: "This is a test email from the back office diagnostics.",
          html: "<p>This is a test email from the back office diagnostics.</p>",
        },
        now,
      );
      return s.config.smtpUrl
        ? `queued to ${s.config.shopEmail}; the worker sends it within seconds`
        : {
            incomplete: `stored in the Outbox only, not sent: SMTP_URL is not set, so no email leaves this shop (${s.config.shopEmail} will not receive it)`,
          };
    }),
  storage: (s: AppServices) =>
    timed("Storage write, read, delete", async () => {
      const name = `diagnostics/${crypto.randomUUID()}.txt`;
      const body = Buffer.from(`check ${Date.now()}`);
      await s.storage.put("system", name, body, { contentType: "text/plain" });
      const read = await s.storage.get("system", name);
      if (!read.bytes.equals(body)) throw new Error("read back different bytes");
      await s.storage.delete("system", name);
      return `${body.length} bytes round trip`;
    }),
  payment: (s: AppServices) =>
    timed("Payment provider", async () => {
      if (s.payments.name !== "test")
        return "Stripe is configured; charges are not tested from here (use Stripe's dashboard test mode)";
      const key = `diagnostic-${crypto.randomUUID()}`;
      const charge = await s.payments.charge({
        orderId: key,
        orderNumber: "DIAG",
        amountCents: 100,
        currency: "USD",
        email: s.config.shopEmail,
        idempotencyKey: key,
        card: { number: "4242424242424242", expMonth: 12, expYear: s.clock().getUTCFullYear() + 2, cvc: "123" },
      });
      if (charge.status !== "succeeded") throw new Error(`test charge ${charge.status}`);
      const refund = await s.payments.refund({ reference: charge.reference, amountCents: 100, idempotencyKey: key });
      return `test charge ${charge.reference} and refund ${refund.refundId}`;
    }),
  worker: (s: AppServices) =>
    timed("Background worker", async () => {
      // Read from the database: the worker may run in another process or instance.
      const last = await lastHeartbeat(s.database.db);
      if (!last) throw new Error("no heartbeat yet");
      const age = s.clock().getTime() - last.at.getTime();
      if (age > Math.max(60_000, s.config.workerIntervalMs * 5))
        throw new Error(`last pass ${Math.round(age / 1000)} s ago (${last.holder})`);
      return `last pass ${Math.max(0, Math.round(age / 1000))} s ago by ${last.holder}`;
    }),
};
