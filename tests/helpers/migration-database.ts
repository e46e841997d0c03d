import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator } from "kysely";
import { inject } from "vitest";
import { openDatabase } from "#database/db.server";
import { migrations } from "#database/migrate.server";
import { testDatabaseKind, testPostgresUrl } from "./test-database";

/**
 * A fresh database of the run's kind (its own SQLite file or PostgreSQL schema) migrated only up
 * to `name`, as a shop that predates the later migrations, with the migrator to take it further.
 */
export async function databaseMigratedTo(name: string) {
  const postgres = testDatabaseKind() === "postgres";
  const id = crypto.randomBytes(4).toString("hex");
  const url = postgres
    ? testPostgresUrl()
    : `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lr-mig-")), "shop.db")}`;
  const database = await openDatabase(url, postgres ? { schema: `lr_m_${inject("runId")}_${id}` } : {});
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(`migrating to ${name} failed`);
  return { database, migrator };
}
