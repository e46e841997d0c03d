import type { Config } from "#app/config.server";
import type { Clock } from "#app/domain/clock";
import type { Auth } from "#app/services/auth.server";
import type { PaymentProvider } from "#app/services/payments/provider";
import type { RateLimiter } from "#app/services/rate-limit.server";
import type { KeyValueStore } from "#app/services/redis.server";
import type { ObjectStorage } from "#app/services/storage/storage.server";
import type { DatabaseHandle } from "#database/db.server";
import type { Logger } from "pino";
import type Stripe from "stripe";

/**
 * Everything a request needs, built once per process and handed down (no module globals). The
 * Express side builds it (`createServices` in server/services.ts); its type lives here so that
 * use cases and loaders can name it without importing server/.
 */
export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  logger: Logger;
  /** Signs order links (and sessions). */
  secret: string;
  payments: PaymentProvider;
  stripe: Stripe | null;
  auth: Auth;
  storage: ObjectStorage;
  /** Redis, when REDIS_URL is set: shared sessions and rate-limit counters across instances. */
  kv: KeyValueStore | null;
  rateLimiter: RateLimiter;
  /** Live process facts for diagnostics (the worker writes its heartbeat here). */
  health: { workerLastTick: Date | null };
}
