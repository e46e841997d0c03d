import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpTransport, deliverDueMail } from "#app/services/mail/sender.server";
import { startWorker } from "#server/worker";
import { buy } from "../helpers/checkout-client";
import { plainBody, startSmtpPeer } from "../helpers/smtp-peer";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { Clock } from "#app/domain/clock";
import type { AppServices } from "#server/services";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

describe(`order mail over real SMTP on ${testDatabaseKind()}`, () => {
  let now = new Date("2026-11-21T12:00:00Z");
  const clock: Clock = () => new Date(now);
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    services = await createTestServices({
      clock,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}?tls=off`, SHOP_EMAIL: "owner@lazyreefer.example" },
    });
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("retries while the peer is down, then delivers the confirmation and the shop alert exactly once", async () => {
    const res = await buy(server.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }]);
    const { order } = await res.json();
    const worker = startWorker(services, { autoStart: false });

    // Peer down: both mails are retried later, none lost.
    await worker.tick();
    let rows = await services.database.db.selectFrom("outbox").selectAll().where("order_id", "=", order.id).execute();
    expect(rows.every((r) => r.status === "pending" && r.attempts === 1 && r.last_error)).toBe(true);

    const peer = await startSmtpPeer(port);
    try {
      await worker.tick(); // not due yet: back-off holds
      expect(peer.received).toHaveLength(0);
      now = new Date(now.getTime() + 31_000);
      await worker.tick();
      expect(peer.received).toHaveLength(2);
      const confirmation = peer.received.find((m) => m.to.includes("reefer@example.com"))!;
      expect(plainBody(confirmation.raw)).toContain(order.number);
      expect(plainBody(confirmation.raw)).toMatch(/order-confirmation\?order=/);
      expect(peer.received.find((m) => m.to.includes("owner@lazyreefer.example"))).toBeTruthy();

      now = new Date(now.getTime() + 3600_000);
      await worker.tick();
      await worker.tick();
      expect(peer.received).toHaveLength(2);
      rows = await services.database.db.selectFrom("outbox").selectAll().where("order_id", "=", order.id).execute();
      expect(rows.every((r) => r.status === "sent")).toBe(true);
      // The worker rendered them when sending and kept what it sent (retries and the preview use it).
      expect(
        rows.every((r) => r.html.includes(order.number) && r.text.includes(order.number) && r.subject.length > 0),
      ).toBe(true);
    } finally {
      await worker.stop();
      await peer.close();
    }
  });

  it("gives up after the maximum attempts and marks the mail failed", async () => {
    const deadPort = await freePort();
    await services.database.db
      .insertInto("outbox")
      .values({
        kind: "test",
        dedupe_key: "test:dead",
        to_address: "x@example.com",
        subject: "s",
        html: "<p>h</p>",
        text: "t",
        status: "pending",
        attempts: 7,
        next_attempt_at: now.toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    const transport = smtpTransport(`smtp://127.0.0.1:${deadPort}?tls=off`);
    const report = await deliverDueMail(services.database.db, transport, { now, from: "shop@example.com" });
    transport.close();
    expect(report.failed).toBe(1);
    const row = await services.database.db
      .selectFrom("outbox")
      .selectAll()
      .where("dedupe_key", "=", "test:dead")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
  });
});
