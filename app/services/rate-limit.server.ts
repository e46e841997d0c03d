import { sql, type Kysely } from "kysely";
import type { KeyValueStore } from "#app/services/redis.server";
import type { Database } from "#database/schema";

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

/** "Email me when it's back": 10 per address per 10 minutes (a shopper waits for a few items, not dozens). */
export const WAITLIST_LIMIT: RateLimitRule = { max: 10, windowSeconds: 600 };

/**
 * Discount codes that do not exist, per address: a shopper mistypes a few; someone walking a word
 * list to find the owner's codes is stopped after 20 in 10 minutes (decision 043).
 */
export const CODE_GUESSES: RateLimitRule = { max: 20, windowSeconds: 600 };

/**
 * Repeated declines of real cards: the first few are free (a typo, an old card), then each one
 * makes the next try wait, twice as long as the last, up to a couple of minutes; they are
 * forgotten an hour after the last one. Card testing stays slow, a household keeps paying.
 */
export interface DeclineBackoffRule {
  free: number;
  baseSeconds: number;
  maxSeconds: number;
  forgetSeconds: number;
}
export const DECLINE_BACKOFF: DeclineBackoffRule = { free: 3, baseSeconds: 5, maxSeconds: 120, forgetSeconds: 3600 };

/** How long to wait after the `count`-th decline in a row. */
export function declineWaitSeconds(count: number, rule: DeclineBackoffRule = DECLINE_BACKOFF): number {
  if (count < rule.free) return 0;
  return Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** (count - rule.free));
}

export interface RateLimiter {
  hit(key: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Counts one decline against `key` (declines in a row, forgotten after the rule's quiet hour). */
  recordDecline(key: string, rule?: DeclineBackoffRule): Promise<void>;
  /** Seconds `key` must still wait after its declines (0: it may try now). */
  declineWait(key: string, rule?: DeclineBackoffRule): Promise<number>;
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
    async recordDecline(key, rule = DECLINE_BACKOFF) {
      if (!options.enabled) return;
      const nowMs = options.now().getTime();
      // The same run as the database's below: it starts again only after a quiet spell, by the
      // shop's clock (a count expiring an hour after its first decline would free a steady tester).
      if (options.kv) return options.kv.addToStreak(`rl:decl:${key}`, nowMs, rule.forgetSeconds);
      // window_start is the last decline: the count starts again after a quiet spell.
      const forgotten = nowMs - rule.forgetSeconds * 1000;
      await options.db
        .insertInto("rate_limits")
        .values({ key: `decl:${key}`, count: 1, window_start: nowMs })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            count: sql<number>`case when rate_limits.window_start <= ${forgotten} then 1 else rate_limits.count + 1 end`,
            window_start: nowMs,
          }),
        )
        .execute();
    },
    async declineWait(key, rule = DECLINE_BACKOFF) {
      if (!options.enabled) return 0;
      const nowMs = options.now().getTime();
      let count: number;
      let lastMs: number;
      if (options.kv) {
        const streak = await options.kv.getStreak(`rl:decl:${key}`);
        count = streak?.count ?? 0;
        lastMs = streak?.lastMs ?? 0;
      } else {
        const row = await options.db
          .selectFrom("rate_limits")
          .select(["count", "window_start"])
          .where("key", "=", `decl:${key}`)
          .executeTakeFirst();
        count = Number(row?.count ?? 0);
        lastMs = Number(row?.window_start ?? 0);
      }
      if (lastMs <= nowMs - rule.forgetSeconds * 1000) return 0;
      return Math.max(0, Math.ceil((lastMs + declineWaitSeconds(count, rule) * 1000 - nowMs) / 1000));
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

/** New cards tried on one subscription: enough for a typo or two, too few for card testing. */
export const SUBSCRIPTION_CARD_LIMIT: RateLimitRule = { max: 5, windowSeconds: 600 };

/** Card testing: checkout attempts per address (declines have their own backoff, DECLINE_BACKOFF). */
export const CHECKOUT_ATTEMPTS: RateLimitRule = { max: 20, windowSeconds: 600 };
