/**
 * `npm run create-admin -- --email E --password P [--name N]`: creates an administrator, or
 * promotes (and re-passwords) an existing account.
 */
import { parseArgs } from "node:util";
import { parseConfig } from "../app/config.server";
import { promoteToAdmin } from "../app/models/admin-users.server";
import { openDatabase } from "../database/db.server";
import { createServices } from "../server/services";

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
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
