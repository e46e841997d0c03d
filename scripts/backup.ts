/**
 * `npm run backup [-- --out FILE]`: a consistent copy of the shop's database while it runs.
 * SQLite: the online backup API (readers and writers carry on). PostgreSQL: pg_dump (custom format).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { parseConfig } from "#app/config.server";
import { dialectOf } from "#database/db.server";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const config = parseConfig({ ...process.env, LOG_LEVEL: "warn" });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const postgres = dialectOf(config.databaseUrl) === "postgres";
const out = path.resolve(
  values.out ?? path.join(config.dataDir, "backups", `shop-${stamp}.${postgres ? "dump" : "db"}`),
);
fs.mkdirSync(path.dirname(out), { recursive: true });

if (postgres) {
  execFileSync("pg_dump", ["--format=custom", "--no-owner", `--file=${out}`, config.databaseUrl], { stdio: "inherit" });
} else {
  const source = new SQLite(config.databaseUrl.replace(/^file:/, ""), { readonly: true, fileMustExist: true });
  await source.backup(out);
  source.close();
}
console.log(`backup written to ${out} (${fs.statSync(out).size} bytes)`);
