/**
 * The benchmark's own database: a fresh SQLite file in a temp DATA_DIR, or a fresh PostgreSQL
 * database created (and later dropped) through the `test` database. It is migrated and seeded
 * here, before the server starts, so stock can be raised first: the checkout run must measure
 * orders, not out-of-stock answers, and no server process may have cached the old stock.
 */
import crypto from "node:crypto";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "#database/db.server";
import { migrateToLatest } from "#database/migrate.server";
import { seedCatalogue } from "#database/seed/seed.server";
import { CHECKOUT_UNITS } from "./bodies";

export type DbKind = "sqlite" | "postgres";

/** Far more than any run can sell (≈ 1 000 orders/s × 2 units × a few minutes). */
export const BENCH_STOCK = 10_000_000;

const PG_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface BenchDatabase {
  kind: DbKind;
  url: string;
  /** Printable form (no password). */
  label: string;
  /** PostgreSQL database name (to tell its backends apart); undefined for SQLite. */
  name?: string;
  drop(): Promise<void>;
}

export async function createBenchDatabase(kind: DbKind, dataDir: string): Promise<BenchDatabase> {
  if (kind === "sqlite") {
    const file = path.join(dataDir, "shop.db");
    return { kind, url: `file:${file}`, label: `file:${file}`, drop: async () => {} };
  }
  // BENCH_DB_PREFIX: a run of one's own on a shared server, told apart (and cleaned up) by its name.
  const name = `${process.env.BENCH_DB_PREFIX ?? "lr_bench_"}${crypto.randomBytes(4).toString("hex")}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DB_PREFIX makes an unusable database name: ${name}`);
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    name,
    url: url.toString(),
    label: `${url.protocol}//${url.username}@${url.host}/${name}`,
    // FORCE ends sessions a killed server may have left behind (PostgreSQL ≥ 13).
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Migrates, seeds and raises the stock of every product (bundles are kits of products). */
export async function prepareCatalogue(url: string): Promise<void> {
  const database = await openDatabase(url);
  try {
    await migrateToLatest(database.db);
    await seedCatalogue(database.db);
    await database.db.updateTable("products").set({ quantity: BENCH_STOCK }).execute();
  } finally {
    await database.destroy();
  }
}

export interface CheckoutAccounting {
  /** 201 answers the load generator received (warm-up + measurement). */
  answered201: number;
  /** Idempotency keys of requests still in flight when a run stopped (the server may finish them). */
  unansweredKeys: string[];
}

export interface CheckoutVerification {
  ok: boolean;
  paidOrders: number;
  ordersByStatus: Record<string, number>;
  answered201: number;
  /** In-flight requests at the end of a run that the server nevertheless completed with 201. */
  completedAfterStop: number;
  minStock: number;
  stock: Record<string, { expected: number; actual: number }>;
  problems: string[];
}

/**
 * After the checkout run: no stock below zero, stock reduced by exactly what the orders reserved,
 * and paid orders = 201 answers (counting the few requests cut off when autocannon stopped, whose
 * fate the idempotency table records), with no order left unpaid.
 */
export async function verifyCheckout(url: string, accounting: CheckoutAccounting): Promise<CheckoutVerification> {
  const database = await openDatabase(url);
  const { db } = database;
  try {
    // Requests cut off at the end may still be running on the server (or not even read yet): wait
    // until every one the server took on is done and no new one has appeared for a second.
    const keys = accounting.unansweredKeys.map((k) => `checkout:${k}`);
    const deadline = Date.now() + 15_000;
    let rows: Array<{ key: string; state: string; response_status: number | null }> = [];
    let seen = -1;
    let stableSince = Date.now();
    for (;;) {
      rows = [];
      for (let i = 0; i < keys.length; i += 500) {
        rows.push(
          ...(await db
            .selectFrom("idempotency_keys")
            .select(["key", "state", "response_status"])
            .where("key", "in", keys.slice(i, i + 500))
            .execute()),
        );
      }
      if (rows.length !== seen) {
        seen = rows.length;
        stableSince = Date.now();
      }
      if ((rows.every((r) => r.state === "done") && Date.now() - stableSince >= 1000) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const completedAfterStop = rows.filter((r) => r.response_status === 201).length;

    const statusRows = await db
      .selectFrom("orders")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute();
    const ordersByStatus = Object.fromEntries(statusRows.map((r) => [r.status, Number(r.n)]));
    const paidOrders = ordersByStatus.paid ?? 0;
    const reservingOrders = Object.entries(ordersByStatus)
      .filter(([s]) => !["cancelled", "expired", "refunded"].includes(s))
      .reduce((sum, [, n]) => sum + n, 0);

    const products = await db.selectFrom("products").select(["id", "quantity"]).execute();
    const minStock = Math.min(...products.map((p) => p.quantity));
    const stock: CheckoutVerification["stock"] = {};
    for (const p of products) {
      stock[p.id] = { expected: BENCH_STOCK - (CHECKOUT_UNITS[p.id] ?? 0) * reservingOrders, actual: p.quantity };
    }

    const problems: string[] = [];
    if (minStock < 0) problems.push(`stock went negative (min ${minStock})`);
    for (const [id, s] of Object.entries(stock))
      if (s.expected !== s.actual) problems.push(`${id}: stock ${s.actual}, expected ${s.expected}`);
    const expectedPaid = accounting.answered201 + completedAfterStop;
    if (paidOrders !== expectedPaid)
      problems.push(
        `paid orders ${paidOrders} ≠ 201 answers ${accounting.answered201} + ${completedAfterStop} completed after the stop`,
      );
    const unpaid = Object.entries(ordersByStatus).filter(([s]) => s !== "paid");
    if (unpaid.length) problems.push(`orders not paid: ${unpaid.map(([s, n]) => `${n} ${s}`).join(", ")}`);
    const stuck = rows.filter((r) => r.state !== "done").length;
    if (stuck) problems.push(`${stuck} checkout requests still pending on the server after 15 s`);
    return {
      ok: problems.length === 0,
      paidOrders,
      ordersByStatus,
      answered201: accounting.answered201,
      completedAfterStop,
      minStock,
      stock,
      problems,
    };
  } finally {
    await database.destroy();
  }
}
