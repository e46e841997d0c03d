/** `npm run db:migrate`: applies pending migrations to the configured database and seeds the catalogue. */
import { parseConfig } from "#app/config.server";
import { openDatabase } from "#database/db.server";
import { currentMigration, migrateToLatest } from "#database/migrate.server";
import { seedCatalogue } from "#database/seed/seed.server";

const config = parseConfig();
const database = await openDatabase(config.databaseUrl, { preparedStatements: config.databasePreparedStatements });
try {
  const result = await migrateToLatest(database.db);
  for (const r of result.results ?? []) console.log(`${r.status.padEnd(8)} ${r.migrationName}`);
  const seeded = await seedCatalogue(database.db);
  console.log(
    `at ${await currentMigration(database.db)}; seeded ${seeded.products} products, ${seeded.bundles} bundles`,
  );
} finally {
  await database.destroy();
}
