/**
 * Checkout throughput with the offline test provider, on SQLite and on PostgreSQL:
 * real HTTP over loopback against the API app, N orders at C concurrent clients.
 * In-process (client and server share one event loop, no SSR, no compression): a quick look at
 * the checkout path alone. `npm run bench` measures the production server from another process.
 * Usage: npm run bench:checkout [-- --orders 2000 --concurrency 32]
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseConfig } from "#app/config.server";
import { openDatabase } from "#database/db.server";
import { createHttpApp } from "#server/http";
import { createServices } from "#server/services";
import { checkoutBody } from "./lib/bodies";
import { writeSummary } from "./lib/results";
import type { Server } from "node:http";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ORDERS = arg("orders", 1500);
const CONCURRENCY = arg("concurrency", 32);
const PG_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function run(kind: "sqlite" | "postgres") {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-bench-"));
  const schema = `lr_bench_${crypto.randomBytes(3).toString("hex")}`;
  const url = kind === "sqlite" ? `file:${path.join(dataDir, "shop.db")}` : PG_URL;
  const config = parseConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: "silent",
    RATE_LIMITS: "off",
  });
  const database = await openDatabase(url, kind === "postgres" ? { schema, maxConnections: 20 } : {});
  const services = await createServices(config, { database });
  await database.db.updateTable("products").set({ quantity: 1_000_000 }).execute();
  const app = createHttpApp(services);
  const server = await new Promise<Server>((r) => {
    const s = app.listen(0, "127.0.0.1", () => r(s));
  });
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // The same cart as `npm run bench` (bench/lib/bodies.ts), so the two checkout figures compare.
  const body = checkoutBody();
  let next = 0;
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ORDERS) {
        next++;
        const t0 = performance.now();
        const res = await fetch(`${base}/api/checkout`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 201) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
  const paid = await database.db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "paid")
    .executeTakeFirstOrThrow();
  server.close();
  if (kind === "postgres")
    await (
      await import("kysely")
    ).sql`drop schema ${(await import("kysely")).sql.id(schema)} cascade`.execute(database.db);
  await database.destroy();
  return {
    kind,
    orders: ORDERS,
    concurrency: CONCURRENCY,
    seconds: Number(seconds.toFixed(2)),
    ordersPerSecond: Math.round(ORDERS / seconds),
    p50ms: pct(0.5),
    p99ms: pct(0.99),
    failures,
    paid: Number(paid.n),
  };
}

const results = [await run("sqlite"), await run("postgres")];
console.table(results);
const out = writeSummary("checkout", {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
  node: process.version,
  results,
});
console.log(`written ${out}`);
