import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#app/config.server";
import { openDatabase } from "#database/db.server";
import { createServices, type AppServices } from "#server/services";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind, testPostgresUrl } from "../helpers/test-database";
import { startTestServer } from "../helpers/test-services";

const run = promisify(execFile);

/** Backup while serving, keep selling, restore: the orders are exactly those of the backup. */
describe(`backup and restore round trip on ${testDatabaseKind()}`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-backup-"));
  const pgName = `lr_backup_${crypto.randomBytes(4).toString("hex")}`;
  const databaseUrl =
    testDatabaseKind() === "postgres"
      ? testPostgresUrl().replace(/\/[^/]+$/, `/${pgName}`)
      : `file:${path.join(dataDir, "shop.db")}`;
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: "test", LOG_LEVEL: "silent" };
  let services: AppServices;

  beforeAll(async () => {
    if (testDatabaseKind() === "postgres") {
      const admin = new pg.Client({ connectionString: testPostgresUrl() });
      await admin.connect();
      await admin.query(`create database ${pgName}`);
      await admin.end();
    }
  });
  afterAll(async () => {
    if (testDatabaseKind() === "postgres") {
      const admin = new pg.Client({ connectionString: testPostgresUrl() });
      await admin.connect();
      await admin.query(`drop database if exists ${pgName} with (force)`);
      await admin.end();
    }
  });

  async function start() {
    const config = parseConfig({ ...env, RATE_LIMITS: "off" });
    services = await createServices(config, { database: await openDatabase(databaseUrl) });
    return startTestServer(services);
  }
  const orderNumbers = async () =>
    (await services.database.db.selectFrom("orders").select("number").orderBy("number").execute()).map((r) => r.number);

  it("restores exactly the orders that existed at backup time", async () => {
    let server = await start();
    for (let i = 0; i < 3; i++)
      expect((await buy(server.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }])).status).toBe(201);
    const atBackup = await orderNumbers();
    const out = path.join(dataDir, `backup.${testDatabaseKind() === "postgres" ? "dump" : "db"}`);
    await run(process.execPath, ["--import", "tsx", "scripts/backup.ts", "--out", out], { env });
    expect(fs.statSync(out).size).toBeGreaterThan(1000);

    expect((await buy(server.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }])).status).toBe(201);
    expect(await orderNumbers()).toHaveLength(4);
    await server.close();
    await services.database.destroy();

    await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", "--from", out], { env });
    server = await start();
    expect(await orderNumbers()).toEqual(atBackup);
    const stock = await services.database.db
      .selectFrom("products")
      .select("quantity")
      .where("id", "=", "premium-chaeto")
      .executeTakeFirstOrThrow();
    expect(stock.quantity).toBe(100 - 3);
    await server.close();
    await services.database.destroy();
  }, 60_000);
});
