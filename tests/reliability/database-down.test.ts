import crypto from "node:crypto";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPostgresUrl } from "../helpers/test-database";
import { freePort, startServer, tempDataDir } from "./server-process";

/** A TCP relay to PostgreSQL that the test can cut and restore: the database "goes down" for the shop only. */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const port = await freePort();
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
      });
      server.listen(port, "127.0.0.1", () => resolve());
    });
  await open();
  return {
    port,
    async cut() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
    restore: open,
  };
}

describe("database down under load (PostgreSQL)", () => {
  const name = `lr_down_${crypto.randomBytes(4).toString("hex")}`;
  const base = new URL(testPostgresUrl());
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("answers 503 on health and checkout while the database is gone, and recovers by itself", async () => {
    const relay = await startRelay({ host: base.hostname, port: Number(base.port || 5432) });
    // Same credentials as the test cluster, reached through the relay that can be cut.
    const target = new URL(base.href);
    target.host = `127.0.0.1:${relay.port}`;
    target.pathname = `/${name}`;
    const url = target.href;
    const server = await startServer({ DATA_DIR: tempDataDir("lr-down-"), DATABASE_URL: url });
    const checkout = () =>
      fetch(`${server.url}/api/checkout`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({
          items: [{ kind: "product", id: "service-tip", quantity: 1 }],
          customer: { email: "down@example.com", name: "Down" },
          payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
        }),
      });
    try {
      expect((await checkout()).status).toBe(201);
      await relay.cut();
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      const during = await Promise.all(Array.from({ length: 5 }, checkout));
      for (const res of during) {
        expect(res.status).toBe(503);
        expect((await res.json()).error.code).toBe("unavailable");
      }
      await relay.restore();
      const deadline = Date.now() + 20_000;
      let status = 0;
      while (Date.now() < deadline && status !== 200) {
        status = (await fetch(`${server.url}/api/health`)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 300));
      }
      expect(status).toBe(200);
      expect((await checkout()).status).toBe(201);
    } finally {
      server.proc.kill("SIGTERM");
      await server.exited;
      await relay.cut();
    }
  });
});
