import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declineKeys, declineWait, recordDecline } from "#app/models/orders/card-testing.server";
import { clientKey } from "#app/models/orders/orders.server";
import { DECLINE_BACKOFF, declineWaitSeconds } from "#app/services/rate-limit.server";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * The card-decline backoff as a scaled-out shop runs it: counters in the real Redis, shared by two
 * instances, on the shop's clock. Every subject is random: the Redis is shared with other runs.
 */
describe(`the card-decline backoff in Redis, on ${testDatabaseKind()}`, () => {
  let a: AppServices;
  let b: AppServices;
  let nowMs = Date.parse("2026-11-21T12:00:00Z");
  const clock = () => new Date(nowMs);

  beforeAll(async () => {
    a = await createTestServices({ clock, env: { REDIS_URL, RATE_LIMITS: "on" } });
    const { createServices } = await import("#server/services");
    b = await createServices({ ...a.config }, { database: a.database, clock });
    expect(a.kv).not.toBeNull();
  });
  afterAll(async () => {
    await a?.kv?.close();
    await b?.kv?.close();
    await a?.database.destroy();
  });

  const subject = () =>
    declineKeys(a.secret, {
      clientKey: clientKey(
        a.secret,
        `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}`,
      ),
      userId: `user-${crypto.randomUUID()}`,
      cardNumber: `4000${crypto.randomInt(10 ** 11, 10 ** 12 - 1)}`,
    });
  const declineRows = () =>
    a.database.db.selectFrom("rate_limits").select("key").where("key", "like", "decl:%").execute();

  it("counts declines in Redis across instances: the first are free, then a growing wait up to the cap", async () => {
    const keys = subject();
    const waits: number[] = [];
    for (let n = 1; n <= 9; n++) {
      // Declines land on either instance; both read the same run.
      await recordDecline((n % 2 ? a : b).rateLimiter, keys);
      waits.push(await declineWait((n % 2 ? b : a).rateLimiter, keys));
    }
    expect(waits).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => declineWaitSeconds(n)));
    expect(waits.slice(0, DECLINE_BACKOFF.free - 1)).toEqual([0, 0]);
    expect(waits.at(-1)).toBe(DECLINE_BACKOFF.maxSeconds);
    // Every key of the subject holds the run, in Redis and not in the database.
    for (const key of keys) expect(await a.kv!.getStreak(`rl:decl:${key}`)).toEqual({ count: 9, lastMs: nowMs });
    expect(await declineRows()).toEqual([]);
    // The wait runs down with the shop's clock and is over when it says.
    nowMs += 30_000;
    expect(await declineWait(b.rateLimiter, keys)).toBe(DECLINE_BACKOFF.maxSeconds - 30);
    nowMs += (DECLINE_BACKOFF.maxSeconds - 30) * 1000;
    expect(await declineWait(a.rateLimiter, keys)).toBe(0);
  });

  it("one card, account or address is held up alone: another subject pays at once", async () => {
    const tester = subject();
    for (let n = 0; n < 5; n++) await recordDecline(a.rateLimiter, tester);
    expect(await declineWait(a.rateLimiter, tester)).toBeGreaterThan(0);
    // Only the card in common: that card waits, whoever holds it; a new card from a new address does not.
    expect(await declineWait(b.rateLimiter, [tester[2]!, ...subject().slice(0, 2)])).toBeGreaterThan(0);
    expect(await declineWait(b.rateLimiter, subject())).toBe(0);
  });

  it("a run is kept while declines keep coming and forgotten after a quiet hour, by the shop's clock", async () => {
    const keys = subject();
    // A steady tester: a decline every 50 minutes keeps the run going, past the hour.
    for (let n = 1; n <= 4; n++) {
      await recordDecline(a.rateLimiter, keys);
      expect(await declineWait(b.rateLimiter, keys)).toBe(declineWaitSeconds(n));
      nowMs += 50 * 60_000;
    }
    // A quiet hour: no wait, and the next decline starts a new run (free again).
    nowMs += DECLINE_BACKOFF.forgetSeconds * 1000;
    expect(await declineWait(a.rateLimiter, keys)).toBe(0);
    await recordDecline(b.rateLimiter, keys);
    expect(await declineWait(a.rateLimiter, keys)).toBe(0);
    expect(await a.kv!.getStreak(`rl:decl:${keys[0]!}`)).toEqual({ count: 1, lastMs: nowMs });
  });
});
