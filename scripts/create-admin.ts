/**
 * `npm run create-admin -- --email E --password P [--name N]`: creates an administrator, or
 * promotes (and re-passwords) an existing account, in the database the server would use with the
 * same environment (DATA_DIR, DATABASE_URL) — and says which one, since a different environment
 * means a different database and an owner who cannot sign in.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { parseConfig } from "#app/config.server";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { openDatabase } from "#database/db.server";
import { createServices } from "#server/services";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});
if (!values.email || !values.password) {
  console.error(
    "Usage: npm run create-admin -- --email you@example.com --password 'a strong password' [--name 'Your Name']",
  );
  process.exit(2);
}
const config = parseConfig({ ...process.env, LOG_LEVEL: "warn" });
const database = await openDatabase(config.databaseUrl, { preparedStatements: config.databasePreparedStatements });
try {
  const services = await createServices(config, { database });
  const result = await promoteToAdmin(services, { email: values.email, password: values.password, name: values.name });
  console.log(`${result.created ? "Created" : "Promoted"} administrator ${result.email}`);
  console.log(`Database: ${describeDatabase(config.databaseUrl)}`);
  console.log("The server must run with the same DATA_DIR / DATABASE_URL to see this account.");
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.destroy();
}

/** Where the account was written, without the password of a database URL. */
function describeDatabase(url: string): string {
  if (url.startsWith("file:")) return `SQLite file ${path.resolve(url.slice("file:".length))}`;
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ""}${u.pathname}${u.username ? ` as ${u.username}` : ""}`;
  } catch {
    return "the configured DATABASE_URL";
  }
}
