/**
 * The back-in-stock waitlist's rules (decision 042). Pure: the worker reads the stock and the
 * queue, these say who is told.
 */

/** An entry waits this long, then lapses: a restock half a year on is news to nobody. */
export const WAITLIST_DAYS = 90;
const DAY_MS = 86_400_000;

export type WaitlistItemKind = "product" | "bundle";

/** When an entry made at `now` lapses. */
export function waitlistExpiry(now: Date): Date {
  return new Date(now.getTime() + WAITLIST_DAYS * DAY_MS);
}

/** The key that keeps one waiting entry per address and item. */
export function waitingKey(kind: WaitlistItemKind, itemId: string, email: string): string {
  return `${kind}:${itemId}:${email}`;
}

/**
 * How many of the queue to tell, oldest first, when the worker sees `available` units where it
 * last saw `seen`: nobody unless the stock rose (a sale or a hold lowers it), and then no more
 * people than units — the rest wait for the next rise.
 */
export function peopleToNotify({ seen, available, waiting }: { seen: number; available: number; waiting: number }) {
  if (available <= 0 || available <= seen) return 0;
  return Math.max(0, Math.min(waiting, available));
}
