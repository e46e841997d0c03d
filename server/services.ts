import { systemClock, fixedClock } from "#app/domain/clock";
import { attachGuestOrders, forgetDeletedUser } from "#app/models/accounts/customers.server";
import { refreshAccountTotals } from "#app/models/orders/customer-totals.server";
import { createAuth } from "#app/services/auth.server";
import {
  createStripeClient,
  createStripeProvider,
  STRIPE_WORST_CASE_MS,
} from "#app/services/payments/stripe-provider.server";
import { createTestProvider } from "#app/services/payments/test-provider.server";
import { createRateLimiter, REAUTH_LIMIT } from "#app/services/rate-limit.server";
import { connectRedis } from "#app/services/redis.server";
import { createS3Client, createS3Storage } from "#app/services/storage/s3.server";
import { createLocalStorage, type ObjectStorage } from "#app/services/storage/storage.server";
import { openDatabase } from "#database/db.server";
import { migrateToLatest } from "#database/migrate.server";
import { seedCatalogue } from "#database/seed/seed.server";
import { createLogger } from "./logger";
import { loadSecret } from "./secret";
import type { Config } from "#app/config.server";
import type { AppServices } from "#app/services/container";
import type { Logger } from "pino";

// The container's type lives in app/ (nothing there may import server/); the Express side names it from here.
export type { AppServices };

export async function createServices(
  config: Config,
  overrides: Partial<Pick<AppServices, "clock" | "logger" | "database" | "payments">> = {},
): Promise<AppServices> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const database =
    overrides.database ??
    (await openDatabase(config.databaseUrl, { preparedStatements: config.databasePreparedStatements }));
  await migrateToLatest(database.db, database.schema);
  const seeded = await seedCatalogue(database.db);
  if (seeded.products + seeded.bundles > 0) logger.info(seeded, "seeded catalogue");
  const clock = overrides.clock ?? (config.clockNow ? fixedClock(config.clockNow) : systemClock);
  if (!config.rateLimits) logger.warn("RATE_LIMITS=off: rate limiting is disabled. Use this for load tests only.");
  const secret = loadSecret(config, (message) => logger.warn(message));
  const stripe =
    config.payments.provider === "stripe" && config.payments.stripeSecretKey
      ? createStripeClient({ secretKey: config.payments.stripeSecretKey, apiUrl: config.payments.stripeApiUrl })
      : null;
  const payments =
    overrides.payments ??
    (stripe
      ? createStripeProvider(stripe)
      : createTestProvider(clock, {
          ledgerFile: config.payments.testLedgerFile,
          delayMs: config.payments.testDelayMs,
        }));
  if (payments.name === "stripe" && config.idempotencyLeaseMs <= STRIPE_WORST_CASE_MS) {
    // Still correct (a retry continues the same order with the same payment key), but a slow
    // Stripe call would see its checkout taken over by the buyer's retry.
    logger.warn(
      { idempotencyLeaseMs: config.idempotencyLeaseMs, stripeWorstCaseMs: STRIPE_WORST_CASE_MS },
      "IDEMPOTENCY_LEASE_SECONDS is shorter than a Stripe call may take",
    );
  }
  const kv = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  const storage = createStorage(config, logger);
  const rateLimiter = createRateLimiter({ db: database.db, kv, enabled: config.rateLimits, now: clock });
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    config,
    secret,
    kv,
    logger,
    reauthAttempt: async (userId) => (await rateLimiter.hit(`reauth:${userId}`, REAUTH_LIMIT)).allowed,
    onUserDeleted: (user) => forgetDeletedUser({ db: database.db, storage, logger }, user),
    onAddressVerified: (user) => attachGuestOrders(database.db, user.id, user.email),
    onAccountChanged: (user) => refreshAccountTotals(database.db, user),
  });
  return {
    config,
    database,
    clock,
    logger,
    secret,
    payments,
    stripe,
    auth,
    storage,
    kv,
    rateLimiter,
    health: { workerLastTick: null },
  };
}

function createStorage(config: Config, logger: Logger): ObjectStorage {
  const storage = config.storage;
  if (storage.kind === "local") return createLocalStorage(storage.directory);
  // Where, never who: credentials stay with the SDK's chain and out of the log.
  logger.info(
    { bucket: storage.bucket, prefix: storage.prefix, endpoint: storage.endpoint, region: storage.region },
    "uploads go to S3",
  );
  return createS3Storage({
    client: createS3Client(storage),
    bucket: storage.bucket,
    prefix: storage.prefix,
    logger: logger.child({ component: "storage" }),
  });
}
