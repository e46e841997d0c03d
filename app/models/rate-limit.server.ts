import { sql, type Kysely } from "kysely";
import type { Database } from "../../database/schema";
import type { KeyValueStore } from "~/services/redis.server";

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit against `key` in a fixed window and says whether it is allowed. One atomic
 * upsert, so concurrent requests (and several server instances on PostgreSQL) count correctly.
 */
export async function hitRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimitRule,
  now: Date,
  enabled = true,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  if (!enabled) return { allowed: true, retryAfterSeconds: 0 };
  const nowMs = now.getTime();
  const windowStartFloor = nowMs - rule.windowSeconds * 1000;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: 1, window_start: nowMs })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${windowStartFloor} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when rate_limits.window_start <= ${windowStartFloor} then ${nowMs} else rate_limits.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  const allowed = Number(row.count) <= rule.max;
  const retryAfterSeconds = allowed
    ? 0
    : Math.max(1, Math.ceil((Number(row.window_start) + rule.windowSeconds * 1000 - nowMs) / 1000));
  return { allowed, retryAfterSeconds };
}

/** Password checks for changing the email or deleting the account: 5 per user per 10 minutes. */
export const REAUTH_LIMIT: RateLimitRule = { max: 5, windowSeconds: 600 };

/** Newsletter signups and contact messages: 5 per address per 10 minutes. */
export const COMMUNITY_LIMIT: RateLimitRule = { max: 5, windowSeconds: 600 };

export interface RateLimiter {
  hit(key: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Whether `key` is already over its limit, without counting a hit. */
  isBlocked(key: string, rule: RateLimitRule): Promise<boolean>;
}

/**
 * Our own rate limits (newsletter, contact, checkout): counters in Redis when REDIS_URL is set,
 * otherwise in the database; both are shared by every server instance.
 */
export function createRateLimiter(options: {
  db: Kysely<Database>;
  kv: KeyValueStore | null;
  enabled: boolean;
  now: () => Date;
}): RateLimiter {
  return {
    async hit(key, rule) {
      if (!options.enabled) return { allowed: true, retryAfterSeconds: 0 };
      if (options.kv) {
        const { count, ttlMs } = await options.kv.increment(`rl:${key}`, rule.windowSeconds);
        return count <= rule.max
          ? { allowed: true, retryAfterSeconds: 0 }
          : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
      }
      return hitRateLimit(options.db, key, rule, options.now());
    },
    async isBlocked(key, rule) {
      if (!options.enabled) return false;
      if (options.kv) return Number((await options.kv.get(`rl:${key}`)) ?? 0) >= rule.max;
      const row = await options.db
        .selectFrom("rate_limits")
        .select(["count", "window_start"])
        .where("key", "=", key)
        .executeTakeFirst();
      return Boolean(
        row &&
        Number(row.window_start) > options.now().getTime() - rule.windowSeconds * 1000 &&
        Number(row.count) >= rule.max,
      );
    },
  };
}

/** Card testing: checkout attempts per address and per email, and a pause after repeated declines. */
export const CHECKOUT_ATTEMPTS: RateLimitRule = { max: 20, windowSeconds: 600 };
export const CHECKOUT_DECLINES: RateLimitRule = { max: 4, windowSeconds: 1800 };
