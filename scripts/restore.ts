/**
 * `npm run restore -- --from FILE`: replaces the shop's database with a backup. Stop the server
 * first. SQLite: the file is copied into place (the previous one is kept beside it).
 * PostgreSQL: pg_restore --clean into DATABASE_URL.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { parseConfig } from "#app/config.server";
import { dialectOf } from "#database/db.server";

const { values } = parseArgs({ options: { from: { type: "string" } } });
if (!values.from || !fs.existsSync(values.from)) {
  console.error("Usage: npm run restore -- --from data/backups/shop-….db  (stop the server first)");
  process.exit(2);
}
const config = parseConfig({ ...process.env, LOG_LEVEL: "warn" });
if (dialectOf(config.databaseUrl) === "postgres") {
  execFileSync("pg_restore", ["--clean", "--if-exists", "--no-owner", `--dbname=${config.databaseUrl}`, values.from], {
    stdio: "inherit",
  });
} else {
  const target = config.databaseUrl.replace(/^file:/, "");
  if (fs.existsSync(target)) fs.copyFileSync(target, `${target}.before-restore`);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.copyFileSync(values.from, target);
}
console.log(`restored ${values.from}`);
