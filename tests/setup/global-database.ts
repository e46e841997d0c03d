import crypto from "node:crypto";
import pg from "pg";
import { testDatabaseKind, testPostgresUrl } from "../helpers/test-database";
import type { TestProject } from "vitest/node";

/**
 * For the PostgreSQL run: fail at once (never skip) when the server is unreachable, give the
 * run an id that prefixes every schema it creates, and drop those schemas afterwards.
 */
export default async function setup(project: TestProject) {
  const runId = crypto.randomBytes(4).toString("hex");
  project.provide("runId", runId);
  if (testDatabaseKind() !== "postgres") return;

  const client = new pg.Client({ connectionString: testPostgresUrl(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`PostgreSQL suite cannot run: ${testPostgresUrl()} is unreachable (${(err as Error).message})`);
  }
  await client.end();

  return async () => {
    const cleanup = new pg.Client({ connectionString: testPostgresUrl() });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like $1",
      [`lr_t_${runId}_%`],
    );
    for (const row of rows) await cleanup.query(`drop schema if exists ${row.nspname} cascade`);
    await cleanup.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    runId: string;
  }
}
