import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#database/db.server";
import { authClient } from "../helpers/auth-client";
import { testPostgresUrl } from "../helpers/test-database";
import { freePort, startServer, tempDataDir, type ServerProcess } from "./server-process";

/**
 * Crash drills for the order lifecycle, on the production build: kill -9 a server while the
 * payment provider has done its part and the shop has not yet recorded it, (1) between the
 * charge and "paid", (2) between the recorded "refund pending" and the refund's result. After
 * a restart the worker reconciles both from the provider, and the provider's own ledger (the
 * test provider keeps it in a file, as Stripe keeps keys) shows one charge and one refund.
 * (3) After a subscription renewal's off-session charge: one renewal order, one charge.
 */

const ADMIN = { email: "drill-owner@example.com", password: "drill-owner-123" };
// The test provider waits this long between acting and answering: the window the kill aims at.
const PROVIDER_DELAY_MS = "4000";

interface LedgerEntry {
  charge?: { idempotencyKey: string; orderId: string };
  refund?: { idempotencyKey: string; amountCents: number };
}

function readLedger(file: string): LedgerEntry[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LedgerEntry);
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const kinds = [
  ["sqlite", () => null],
  ["postgres", () => `lr_lc_${crypto.randomBytes(4).toString("hex")}`],
] as const;

describe.each(kinds)("lifecycle crash drills on %s", (kind, pgName) => {
  const dataDir = tempDataDir("lr-lifecycle-crash-");
  const ledger = path.join(dataDir, "payments-ledger.jsonl");
  const dbName = pgName();
  const databaseUrl = dbName
    ? (() => {
        const u = new URL(testPostgresUrl());
        u.pathname = `/${dbName}`;
        return u.toString();
      })()
    : `file:${path.join(dataDir, "shop.db")}`;
  const running: ServerProcess[] = [];
  let port = 0;

  const env = (delay: string) => ({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    WEB_CONCURRENCY: "1",
    WORKER_INTERVAL_MS: "100",
    // The killed checkout's claim may be taken over (and reconciled) 2 s after it was made.
    IDEMPOTENCY_LEASE_SECONDS: "2",
    TEST_PAYMENTS_LEDGER: ledger,
    TEST_PAYMENTS_DELAY_MS: delay,
  });
  async function start(delay: string) {
    port ||= await freePort();
    const server = await startServer(env(delay), port);
    running.push(server);
    return server;
  }
  async function kill(server: ServerProcess) {
    server.proc.kill("SIGKILL");
    await server.exited;
  }

  afterAll(async () => {
    for (const s of running) if (s.proc.exitCode === null) s.proc.kill("SIGTERM");
    await Promise.all(running.map((s) => s.exited));
    if (dbName) {
      const admin = new pg.Pool({ connectionString: testPostgresUrl(), max: 1 });
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
  });

  it("kill -9 between charge and paid, then between refund requested and its result: reconciled, nothing twice", async () => {
    if (dbName) {
      const admin = new pg.Pool({ connectionString: testPostgresUrl(), max: 1 });
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
    }
    const migrated = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/create-admin.ts", "--email", ADMIN.email, "--password", ADMIN.password],
      {
        env: { ...process.env, NODE_ENV: "test", ...env("0") },
        encoding: "utf8",
      },
    );
    expect(migrated.status, migrated.stderr).toBe(0);
    const database = await openDatabase(databaseUrl);
    const db = database.db;
    try {
      // ---- 1. the charge is made, the answer never arrives: kill -9 ----------------------
      let server = await start(PROVIDER_DELAY_MS);
      const key = `drill-${crypto.randomUUID()}`;
      const body = {
        items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
        customer: { email: "drill@example.com", name: "Drill Buyer" },
        shippingAddress: { line1: "1 Crash Ct", city: "Tampa", state: "FL", postalCode: "33602", country: "US" },
        payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
      };
      const checkout = (url: string) =>
        fetch(`${url}/api/checkout`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": key },
          body: JSON.stringify(body),
        });
      const inFlight = checkout(server.url).catch(() => null);
      await until("the provider's charge", async () => readLedger(ledger).some((e) => e.charge));
      await kill(server);
      expect(await inFlight).toBeNull();
      const [order] = await db.selectFrom("orders").select(["id", "status"]).execute();
      expect(order!.status).toBe("pending_payment");

      // After the restart the worker finds the dead checkout (its claim's lease ran out), asks
      // the provider, and pays the order; the buyer's retry is answered from what it stored.
      server = await start(PROVIDER_DELAY_MS);
      await until("the worker to pay the order", async () => {
        const row = await db.selectFrom("orders").select("status").where("id", "=", order!.id).executeTakeFirst();
        return row?.status === "paid";
      });
      const retry = await checkout(server.url);
      expect(retry.status).toBe(201);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect((await retry.json()).order).toMatchObject({ id: order!.id, status: "paid" });
      const charges = readLedger(ledger).filter((e) => e.charge);
      expect(charges.map((c) => c.charge!.orderId)).toEqual([order!.id]);
      const confirmations = await db
        .selectFrom("outbox")
        .select("id")
        .where("order_id", "=", order!.id)
        .where("kind", "=", "order-confirmation")
        .execute();
      expect(confirmations).toHaveLength(1);

      // ---- 2. cancel and refund: the refund is made, its answer never arrives: kill -9 ---------
      const owner = authClient(server.url, "198.51.100.99", server.url);
      expect((await owner.call("/sign-in/email", ADMIN)).status).toBe(200);
      const cancel = fetch(`${server.url}/api/admin/orders/${order!.id}`, {
        method: "PATCH",
        headers: {
          "Content-Type": "application/json",
          cookie: [...owner.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        },
        body: JSON.stringify({ action: "cancel", reason: "drill" }),
      }).catch(() => null);
      await until("the provider's refund", async () => readLedger(ledger).some((e) => e.refund));
      await kill(server);
      expect(await cancel).toBeNull();
      const [pending] = await db.selectFrom("refunds").selectAll().where("order_id", "=", order!.id).execute();
      // The shop recorded the request with the cancel; the provider's answer was lost.
      expect(pending!.status).toBe("pending");
      expect(
        (await db.selectFrom("orders").select("status").where("id", "=", order!.id).executeTakeFirst())!.status,
      ).toBe("cancelled");

      server = await start("0");
      await until(
        "the worker to settle the refund",
        async () => {
          const row = await db.selectFrom("refunds").select("status").where("id", "=", pending!.id).executeTakeFirst();
          return row?.status === "succeeded";
        },
        40_000,
      );
      const refunds = readLedger(ledger).filter((e) => e.refund);
      expect(refunds.map((r) => [r.refund!.idempotencyKey, r.refund!.amountCents])).toEqual([
        [pending!.idempotency_key, pending!.amount_cents],
      ]);
      const cancelMails = await db
        .selectFrom("outbox")
        .select("id")
        .where("order_id", "=", order!.id)
        .where("kind", "=", "order-cancelled")
        .execute();
      expect(cancelMails).toHaveLength(1);

      // ---- 3. a subscription's renewal is charged, the answer never arrives: kill -9 ----------
      await kill(server);
      server = await start(PROVIDER_DELAY_MS);
      const started = await fetch(`${server.url}/api/checkout`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": `drill-${crypto.randomUUID()}` },
        body: JSON.stringify({
          ...body,
          items: [{ kind: "product", id: "chaeto-coral-food-combo", quantity: 1, subscribeEveryWeeks: 4 }],
          customer: { email: "drill-sub@example.com", name: "Drill Subscriber" },
        }),
      });
      expect(started.status).toBe(201);
      const sub = await db
        .selectFrom("subscriptions")
        .selectAll()
        .where("email", "=", "drill-sub@example.com")
        .executeTakeFirstOrThrow();
      expect(sub.status).toBe("active");
      // Four weeks pass: the charge day has come.
      await db.updateTable("subscriptions").set({ next_charge_on: "2000-01-01" }).where("id", "=", sub.id).execute();
      const renewalCharges = () =>
        readLedger(ledger).filter((e) => e.charge?.idempotencyKey.startsWith(`renewal:${sub.id}:`));
      await until("the provider's renewal charge", async () => renewalCharges().length > 0);
      await kill(server);
      const renewalOrders = () =>
        db.selectFrom("orders").select(["id", "status"]).where("subscription_id", "=", sub.id).execute();
      expect(await renewalOrders()).toHaveLength(2);
      // The dead worker's five-minute hold on the renewal runs out.
      await db
        .updateTable("subscription_renewals")
        .set({ lease_until: "2000-01-01T00:00:00.000Z" })
        .where("subscription_id", "=", sub.id)
        .execute();
      server = await start("0");
      await until("the restarted worker to pay the renewal", async () => {
        const orders = await renewalOrders();
        return orders.length === 2 && orders.every((o) => o.status === "paid");
      });
      expect(renewalCharges()).toHaveLength(1);
      expect(await renewalOrders()).toHaveLength(2);
      const renewalMails = await db
        .selectFrom("outbox")
        .select("id")
        .where(
          "order_id",
          "in",
          (await renewalOrders()).map((o) => o.id),
        )
        .where("kind", "=", "order-confirmation")
        .execute();
      expect(renewalMails).toHaveLength(2);
      console.log(
        `lifecycle crash (${kind}): 1 charge and 1 refund at the provider after 2 kills; order ${order!.id.slice(0, 8)} paid by the worker, then cancelled, refund settled by the worker; a renewal killed after its charge was paid by the restarted worker with 1 charge and 1 order`,
      );
    } finally {
      await database.destroy();
    }
  });
});
