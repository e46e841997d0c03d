import type { Logger } from "pino";
import type { Config } from "~/config.server";
import { systemClock, fixedClock, type Clock } from "~/domain/clock";
import { openDatabase, type DatabaseHandle } from "../database/db.server";
import { migrateToLatest } from "../database/migrate.server";
import { seedCatalogue } from "../database/seed/seed.server";
import { createLogger } from "./logger";

/** Everything a request needs, built once per process and handed down (no module globals). */
export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  logger: Logger;
}

export async function createServices(
  config: Config,
  overrides: Partial<Pick<AppServices, "clock" | "logger" | "database">> = {},
): Promise<AppServices> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const database = overrides.database ?? (await openDatabase(config.databaseUrl));
  await migrateToLatest(database.db, database.schema);
  const seeded = await seedCatalogue(database.db);
  if (seeded.products + seeded.bundles > 0) logger.info(seeded, "seeded catalogue");
  const clock = overrides.clock ?? (config.clockNow ? fixedClock(config.clockNow) : systemClock);
  if (!config.rateLimits) logger.warn("RATE_LIMITS=off: rate limiting is disabled. Use this for load tests only.");
  return { config, database, clock, logger };
}
