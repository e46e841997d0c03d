import { normaliseCardNumber } from "#app/domain/test-cards";
import { signWithSecret } from "#app/services/signed-links.server";
import type { RateLimiter } from "#app/services/rate-limit.server";

/**
 * Who a run of declines is counted against: the address (as the keyed hash orders keep), the
 * signed-in account, and the card. Never the email: anyone may type someone else's address, and
 * their declines must not keep its owner from paying.
 */
export interface DeclineSubject {
  clientKey?: string | null;
  userId?: string | null;
  /** A card number the shop saw (hashed here), or the provider's fingerprint of the card. */
  cardNumber?: string | null;
  cardFingerprint?: string | null;
}

export function declineKeys(secret: string, who: DeclineSubject): string[] {
  const keys: string[] = [];
  if (who.clientKey) keys.push(`client:${who.clientKey}`);
  if (who.userId) keys.push(`user:${who.userId}`);
  if (who.cardNumber) {
    keys.push(`card:${signWithSecret(secret, `card:${normaliseCardNumber(who.cardNumber)}`, 32)}`);
  }
  if (who.cardFingerprint) keys.push(`card-fp:${who.cardFingerprint}`);
  return keys;
}

/** The longest wait any of the keys still owes after its declines; 0 when it may try now. */
export async function declineWait(limiter: RateLimiter, keys: string[]): Promise<number> {
  const waits = await Promise.all(keys.map((key) => limiter.declineWait(key)));
  return Math.max(0, ...waits);
}

/** Counts a decline of a real card against every key. */
export async function recordDecline(limiter: RateLimiter, keys: string[]): Promise<void> {
  for (const key of keys) await limiter.recordDecline(key);
}
