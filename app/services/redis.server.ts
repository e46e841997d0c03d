import { createClient } from "redis";

/** The small key-value surface we need from Redis: Better Auth's secondary storage and our counters. */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** Reads and deletes in one step (single-use tokens). */
  getAndDelete(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Increments a counter; the first increment starts its expiry window. Returns count and ms left. */
  increment(key: string, windowSeconds: number): Promise<{ count: number; ttlMs: number }>;
  /**
   * Takes back one increment of a counter still running: its window is kept, and a counter that
   * has expired (or is at zero) is left alone, never recreated without an expiry or made negative.
   */
  undoIncrement(key: string): Promise<void>;
  /**
   * Counts one more event of a run (declines in a row) at `nowMs`, by the caller's clock: a run
   * whose last event is `forgetSeconds` old starts again at 1, and the run is kept while events
   * keep coming (its expiry moves with each). Atomic across instances.
   */
  addToStreak(key: string, nowMs: number, forgetSeconds: number): Promise<void>;
  /** A run's count and the time of its last event; null when there is none. */
  getStreak(key: string): Promise<{ count: number; lastMs: number } | null>;
  close(): Promise<void>;
}

const ADD_TO_STREAK = `local now = tonumber(ARGV[1])
local forget = tonumber(ARGV[2])
local last = tonumber(redis.call('HGET', KEYS[1], 'at'))
local n = tonumber(redis.call('HGET', KEYS[1], 'n')) or 0
if not last or last <= now - forget then n = 0 end
redis.call('HSET', KEYS[1], 'n', n + 1, 'at', now)
redis.call('PEXPIRE', KEYS[1], forget)
return n + 1`;

const UNDO_INCREMENT = `local n = tonumber(redis.call('GET', KEYS[1]))
if n and n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export async function connectRedis(url: string): Promise<KeyValueStore> {
  const client = createClient({
    url,
    socket: { connectTimeout: 5000, reconnectStrategy: (retries) => Math.min(retries * 200, 5000) },
  });
  client.on("error", () => {
    // Reconnects on its own; callers see failures on their commands.
  });
  await client.connect();
  return {
    get: (key) => client.get(key),
    getAndDelete: (key) => client.getDel(key),
    async set(key, value, ttlSeconds) {
      if (ttlSeconds && ttlSeconds > 0)
        await client.set(key, value, { expiration: { type: "EX", value: Math.ceil(ttlSeconds) } });
      else await client.set(key, value);
    },
    async delete(key) {
      await client.del(key);
    },
    async increment(key, windowSeconds) {
      const [count, , ttl] = await client.multi().incr(key).expire(key, windowSeconds, "NX").pTTL(key).exec();
      return { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
    },
    async undoIncrement(key) {
      // One script, so the check and the decrement are atomic against other instances' increments.
      await client.eval(UNDO_INCREMENT, { keys: [key] });
    },
    async addToStreak(key, nowMs, forgetSeconds) {
      await client.eval(ADD_TO_STREAK, { keys: [key], arguments: [String(nowMs), String(forgetSeconds * 1000)] });
    },
    async getStreak(key) {
      const [n, at] = await client.hmGet(key, ["n", "at"]);
      return n == null || at == null ? null : { count: Number(n), lastMs: Number(at) };
    },
    async close() {
      await client.close();
    },
  };
}
