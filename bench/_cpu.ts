import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseConfig } from "../app/config.server";
import { openDatabase } from "../database/db.server";
import { createHttpApp } from "../server/http";
import { createServices } from "../server/services";
import { checkoutBody } from "./lib/bodies";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-q-"));
const url = "postgres://postgres@127.0.0.1:5432/test";
const schema = `lr_q_${crypto.randomBytes(3).toString("hex")}`;
const config = parseConfig({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  DATABASE_URL: url,
  LOG_LEVEL: "warn",
  RATE_LIMITS: "off",
  PUBLIC_URL: "http://127.0.0.1",
});
const database = await openDatabase(url, { schema, maxConnections: 10 });
const services = await createServices(config, { database });
await database.db.updateTable("products").set({ quantity: 1_000_000 }).execute();
const app = createHttpApp(services);
const server = await new Promise<any>((r) => {
  const s = app.listen(0, "127.0.0.1", () => r(s));
});
const base = `http://127.0.0.1:${server.address().port}`;
const body = JSON.stringify(checkoutBody());
async function one() {
  const res = await fetch(`${base}/api/checkout`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID(), Origin: base },
    body,
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(String(res.status));
}
for (let i = 0; i < 300; i++) await one();
const N = Number(process.env.N ?? 1000);
const c0 = process.cpuUsage();
const t0 = performance.now();
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let i = 0; i < N / 4; i++) await one();
  }),
);
const c = process.cpuUsage(c0);
console.log(
  `${N} checkouts in ${((performance.now() - t0) / 1000).toFixed(2)} s; client+server CPU ${((c.user + c.system) / N / 1000).toFixed(2)} ms/order (sys ${(c.system / N / 1000).toFixed(2)})`,
);
server.close();
const { sql } = await import("kysely");
await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
await database.destroy();
process.exit(0);
