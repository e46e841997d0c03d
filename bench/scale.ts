/**
 * How the owner pages, the storefront and checkout cost as the shop's history grows.
 * For each database and size: a fresh database migrated and seeded by the project's own code,
 * filled with `--orders` orders of realistic history (bench/lib/scale-fill.ts), then the
 * production server (`node server.js`, built unless --no-build) is started on it and each page
 * is loaded sequentially `--runs` times (median and p90 after two warm-up loads); checkout is
 * measured last (`--checkout` orders at `--concurrency` clients), since it adds orders.
 *
 * Usage: npm run bench:scale -- [--orders 1000000 | --sizes 10000,100000] [--db sqlite|postgres|both]
 *          [--runs 9] [--checkout 200] [--concurrency 8] [--no-build]
 * WEB_CONCURRENCY defaults to 1 here (one server process: the figures are per-request costs).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { parseConfig } from "#app/config.server";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { rebuildItemSales } from "#app/models/catalogue/item-sales.server";
import { rebuildCustomerTotals } from "#app/models/orders/customer-totals.server";
import { rebuildDeliveriesByDay } from "#app/models/orders/deliveries-by-day.server";
import { rebuildSalesByDay } from "#app/models/orders/sales-by-day.server";
import { openDatabase } from "#database/db.server";
import { createServices } from "#server/services";
import { checkoutBody } from "./lib/bodies";
import { createBenchDatabase, prepareCatalogue, type DbKind } from "./lib/database";
import { installSignalHandlers, onCleanup, removeDir, spawnChild } from "./lib/processes";
import { writeSummary } from "./lib/results";
import { accountEmail, fillHistory, SPAN_DAYS, type CatalogueItem, type FillCounts } from "./lib/scale-fill";
import { startShop } from "./lib/shop-server";

const { values } = parseArgs({
  options: {
    orders: { type: "string" },
    sizes: { type: "string", default: "10000,100000" },
    db: { type: "string", default: "both" },
    runs: { type: "string", default: "9" },
    checkout: { type: "string", default: "200" },
    concurrency: { type: "string", default: "8" },
    "no-build": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});
if (values.help) {
  console.log(`Usage: npm run bench:scale -- [--orders 1000000 | --sizes 10000,100000] [--db sqlite|postgres|both]
         [--runs 9] [--checkout 200] [--concurrency 8] [--no-build]`);
  process.exit(0);
}
const sizes = (values.orders ?? values.sizes)
  .split(",")
  .map((s) => Number(s.replace(/_/g, "")))
  .sort((a, b) => a - b);
if (!sizes.every((n) => Number.isInteger(n) && n >= 0)) throw new Error("--orders/--sizes: whole numbers of orders");
const dbs = (values.db === "both" ? ["sqlite", "postgres"] : [values.db]) as DbKind[];
if (!dbs.every((d) => d === "sqlite" || d === "postgres")) throw new Error("--db must be sqlite, postgres or both");
const RUNS = Number(values.runs);
const CHECKOUTS = Number(values.checkout);
const CONCURRENCY = Number(values.concurrency);
const ADMIN = { email: "owner@example.com", password: "scale-bench-owner-1" };

interface Measure {
  name: string;
  medianMs: number;
  p90Ms: number;
  status: number;
}

interface SizeResult {
  db: DbKind;
  orders: number;
  fill: FillCounts;
  pages: Measure[];
  checkout: { orders: number; perSecond: number; p50Ms: number; failures: number };
  contention: Contention;
}

/** A shopper's product page while the owner reloads heavy pages in a loop. */
interface Contention {
  productLoads: number;
  productP50Ms: number;
  productP99Ms: number;
  ownerLoads: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]!;
const round = (n: number) => Math.round(n * 10) / 10;

async function build() {
  console.log("▸ npm run build");
  const child = spawnChild("npm", ["run", "build"], { stdio: "inherit" });
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  if (code !== 0) throw new Error(`npm run build failed (exit ${code})`);
}

async function catalogueOf(url: string): Promise<CatalogueItem[]> {
  const database = await openDatabase(url);
  try {
    const products = await database.db
      .selectFrom("products")
      .select(["id", "title", "price_cents", "subscribe_saving_percent"])
      .execute();
    const bundles = await database.db.selectFrom("bundles").select(["id", "name", "price_cents"]).execute();
    return [
      ...products.map((p) => ({
        kind: "product" as const,
        id: p.id,
        title: p.title,
        priceCents: p.price_cents,
        subscribable: p.subscribe_saving_percent !== null,
      })),
      ...bundles.map((b) => ({ kind: "bundle" as const, id: b.id, title: b.name, priceCents: b.price_cents })),
    ];
  } finally {
    await database.destroy();
  }
}

/** A guest who bought lately (the fill decides who; the page must show someone). */
async function recentGuest(url: string): Promise<string> {
  const database = await openDatabase(url);
  try {
    const row = await database.db
      .selectFrom("orders")
      .select(sql<string>`lower(email)`.as("email"))
      .where("user_id", "is", null)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    return row.email;
  } finally {
    await database.destroy();
  }
}

/** The fill wrote orders around the lifecycle: its running totals are counted once from them. */
async function countRunningTotals(url: string) {
  const database = await openDatabase(url);
  try {
    await rebuildItemSales(database.db);
    await rebuildSalesByDay(database.db);
    await rebuildCustomerTotals(database.db);
    await rebuildDeliveriesByDay(database.db);
    // The fill analysed the tables before these were written: a planner that thinks customer_totals
    // is empty sorts thousands of rows where an index would read 500 (autovacuum may be off).
    await sql`analyze`.execute(database.db);
  } finally {
    await database.destroy();
  }
}

async function createOwner(url: string, dataDir: string) {
  const config = parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: "silent" });
  const database = await openDatabase(url);
  try {
    await promoteToAdmin(await createServices(config, { database }), { ...ADMIN, name: "Scale Owner" });
  } finally {
    await database.destroy();
  }
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`owner sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The active list's second page, as its first page's cursor names it. */
async function secondPageCursor(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/subscriptions?status=active`, { headers: { cookie } });
  const body = (await res.json()) as { nextCursor?: string | null };
  if (!body.nextCursor) throw new Error(`the active subscriptions have no second page (${res.status})`);
  return encodeURIComponent(body.nextCursor);
}

async function timePage(base: string, name: string, url: string, cookie?: string): Promise<Measure> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    await res.arrayBuffer();
    if (i >= 2) times.push(performance.now() - t0);
    status = res.status;
  }
  return { name, medianMs: round(median(times)), p90Ms: round(p90(times)), status };
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;

/**
 * The product page `loads` times, one after another, while an owner reloads the dashboard and the
 * customers list back to back: on SQLite one process serves both, so an owner page that holds it
 * shows up in the shopper's p99.
 */
async function contention(base: string, productUrl: string, cookie: string, loads = 200): Promise<Contention> {
  let shopping = true;
  let ownerLoads = 0;
  const owner = (async () => {
    const pages = ["/admin/dashboard", "/admin/customers"];
    while (shopping) {
      const res = await fetch(`${base}${pages[ownerLoads % pages.length]}`, { headers: { cookie } });
      await res.arrayBuffer();
      ownerLoads++;
    }
  })();
  const times: number[] = [];
  try {
    for (let i = 0; i < loads; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}${productUrl}`);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
  } finally {
    shopping = false;
    await owner;
  }
  return { productLoads: loads, productP50Ms: round(median(times)), productP99Ms: round(p99(times)), ownerLoads };
}

async function checkout(base: string) {
  const body = JSON.stringify(checkoutBody());
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < CHECKOUTS) {
        next++;
        const t0 = performance.now();
        const res = await fetch(`${base}/api/checkout`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID(), Origin: base },
          body,
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 201) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    orders: CHECKOUTS,
    perSecond: Math.round(CHECKOUTS / seconds),
    p50Ms: round(median(latencies)),
    failures,
  };
}

async function runSize(kind: DbKind, orders: number): Promise<SizeResult> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lr-scale-"));
  const removeTmp = onCleanup(() => removeDir(tmp));
  const bench = await createBenchDatabase(kind, tmp);
  const drop = onCleanup(() => bench.drop());
  try {
    await prepareCatalogue(bench.url);
    const catalogue = await catalogueOf(bench.url);
    console.log(`▸ ${kind}: filling ${orders.toLocaleString("en")} orders …`);
    const now = new Date();
    const fill = await fillHistory({ kind, url: bench.url, orders, catalogue, now });
    console.log(`  filled in ${fill.seconds} s`, fill);
    await countRunningTotals(bench.url);
    await createOwner(bench.url, tmp);
    const shop = await startShop({ dataDir: tmp, databaseUrl: bench.url });
    const stop = onCleanup(() => shop.stop());
    try {
      const cookie = await signIn(shop.url);
      const guest = encodeURIComponent(await recentGuest(bench.url));
      const regular = encodeURIComponent(accountEmail(0));
      // Half-way back through the history, as the list reaches it: by date (a typed page number stops at the counted pages).
      const halfWayBack = new Date(now.getTime() - (SPAN_DAYS / 2) * 86_400_000).toISOString().slice(0, 10);
      const product = catalogue.find((c) => c.kind === "product")!.id;
      const cursor = orders >= 10_000 ? await secondPageCursor(shop.url, cookie) : null;
      const owner: Array<[string, string]> = [
        ["dashboard", "/admin/dashboard"],
        ["customers", "/admin/customers"],
        ["customers search", "/admin/customers?q=guest12"],
        ["guest's customer page", `/admin/customers/view?email=${guest}`],
        ["regular's customer page", `/admin/customers/view?email=${regular}`],
        ["regular's orders", `/admin/orders?customer=${regular}`],
        ["orders (delivered)", "/admin/orders?status=delivered"],
        ["orders, half-way back by date", `/admin/orders?to=${halfWayBack}`],
        ["orders, page 500 typed", "/admin/orders?page=500"],
        ["outbox", "/admin/outbox"],
        ["newsletter", "/admin/newsletter"],
        ["messages", "/admin/messages"],
        ["subscriptions (active)", "/admin/subscriptions?status=active"],
        ["subscriptions (paused)", "/admin/subscriptions?status=paused"],
        ["subscriptions (cancelled)", "/admin/subscriptions?status=cancelled"],
        ["subscriptions (pending)", "/admin/subscriptions?status=pending"],
        ...(cursor
          ? [
              ["subscriptions (active), page 2", `/admin/subscriptions?status=active&cursor=${cursor}`] as [
                string,
                string,
              ],
            ]
          : []),
        ["API subscriptions (active)", "/api/admin/subscriptions?status=active"],
        ["API subscriptions (cancelled)", "/api/admin/subscriptions?status=cancelled"],
        ...(cursor
          ? [
              ["API subscriptions, page 2", `/api/admin/subscriptions?status=active&cursor=${cursor}`] as [
                string,
                string,
              ],
            ]
          : []),
        ["API upcoming renewals", "/api/admin/subscriptions/upcoming"],
        ["API renewal revenue", "/api/admin/subscriptions/revenue"],
      ];
      const storefront: Array<[string, string]> = [
        ["home", "/"],
        ["products best-selling", "/products?sort=best-selling"],
        ["product page", `/product/${product}`],
      ];
      const pages: Measure[] = [];
      for (const [name, url] of owner) pages.push(await timePage(shop.url, name, url, cookie));
      for (const [name, url] of storefront) pages.push(await timePage(shop.url, name, url));
      for (const p of pages) console.log(`  ${p.name.padEnd(34)} ${String(p.medianMs).padStart(8)} ms  [${p.status}]`);
      const busy = await contention(shop.url, `/product/${product}`, cookie);
      console.log(
        `  product page while the owner reloads: p50 ${busy.productP50Ms} ms, p99 ${busy.productP99Ms} ms (${busy.ownerLoads} owner loads)`,
      );
      const co = await checkout(shop.url);
      console.log(`  checkout ${co.perSecond}/s p50 ${co.p50Ms} ms, failures ${co.failures}`);
      return { db: kind, orders, fill, pages, checkout: co, contention: busy };
    } finally {
      await stop();
    }
  } finally {
    await drop();
    await removeTmp();
  }
}

/** Pages by row, one column per size with the ratio to the smallest size. */
function table(results: SizeResult[]): string {
  const out: string[] = [];
  for (const kind of dbs) {
    const rows = results.filter((r) => r.db === kind);
    if (rows.length === 0) continue;
    const base = rows[0]!;
    out.push(`\n### ${kind}\n`);
    out.push(`| page (median ms) | ${rows.map((r) => `${r.orders.toLocaleString("en")} orders`).join(" | ")} |`);
    out.push(`|---|${rows.map(() => "---:").join("|")}|`);
    for (const [i, p] of base.pages.entries()) {
      const cells = rows.map((r) => {
        const m = r.pages[i]!;
        const ratio = base.pages[i]!.medianMs > 0 ? m.medianMs / base.pages[i]!.medianMs : 1;
        const bad = m.status >= 400 ? ` **${m.status}**` : "";
        return r === base ? `${m.medianMs}${bad}` : `${m.medianMs} (×${ratio.toFixed(1)})${bad}`;
      });
      out.push(`| ${p.name} | ${cells.join(" | ")} |`);
    }
    out.push(
      `| checkout (orders/s) | ${rows.map((r) => (r === base ? `${r.checkout.perSecond}` : `${r.checkout.perSecond} (×${(r.checkout.perSecond / base.checkout.perSecond).toFixed(2)})`)).join(" | ")} |`,
    );
    out.push(
      `| product page p99 while the owner reloads | ${rows.map((r) => `${r.contention.productP99Ms} (p50 ${r.contention.productP50Ms})`).join(" | ")} |`,
    );
    out.push(`| fill (s) | ${rows.map((r) => r.fill.seconds).join(" | ")} |`);
  }
  return out.join("\n");
}

installSignalHandlers();
process.env.WEB_CONCURRENCY ??= "1";
if (!values["no-build"]) await build();
const results: SizeResult[] = [];
// Written again after each size, so a long run that is stopped keeps what it measured.
function writeResults() {
  const md = table(results);
  return {
    md,
    file: writeSummary(
      "scale",
      {
        date: new Date().toISOString(),
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
        node: process.version,
        webConcurrency: process.env.WEB_CONCURRENCY,
        runs: RUNS,
        results,
      },
      `# npm run bench:scale\n\n${new Date().toISOString()}, ${os.cpus().length} cores, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}, ${RUNS} loads per page (median).\n${md}\n`,
    ),
  };
}
for (const kind of dbs)
  for (const n of sizes) {
    results.push(await runSize(kind, n));
    writeResults();
  }
const { md, file } = writeResults();
console.log(md);
console.log(`written ${file}`);
