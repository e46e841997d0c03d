/**
 * The one abandoned-checkout reminder's rules (decision 045). Pure: the worker reads the checkout,
 * the buyer's later orders and the unsubscribes; these say whether the reminder goes, waits or is
 * dropped for good, and what its restore link signs.
 */
import { isUuid } from "./ids";

/** How long after the checkout expired the reminder goes (REMINDER_DELAY_MINUTES): the buyer may still be at it, or paying elsewhere. */
export const REMINDER_DELAY_MS = 60 * 60_000;
/** A paid order within this many days of the reminder counts as recovered by it. */
export const RECOVERY_DAYS = 7;
const DAY_MS = 86_400_000;

export type ReminderDecision =
  | { kind: "wait" }
  | { kind: "send" }
  | { kind: "skip"; reason: "paid" | "cancelled" | "paid-elsewhere" | "unsubscribed" };

export interface ReminderFacts {
  /** The checkout's order status now. */
  status: string;
  /** When the checkout expired (null while it has not). */
  expiredAt: Date | null;
  /** Whether the address asked for no more reminders. */
  unsubscribed: boolean;
  /** Whether the same address paid an order created since this checkout was. */
  paidAnotherSince: boolean;
  now: Date;
  /** REMINDER_DELAY_MS unless the shop set another delay. */
  delayMs?: number;
}

/**
 * Whether a consenting checkout's reminder goes now. Only an expired checkout is reminded, an hour
 * after it expired; a checkout that was paid or cancelled, a buyer who paid another order since,
 * or an address that unsubscribed gets none, ever (the caller marks it skipped).
 */
export function reminderDecision(facts: ReminderFacts): ReminderDecision {
  if (facts.status === "pending_payment") return { kind: "wait" };
  if (facts.status === "cancelled") return { kind: "skip", reason: "cancelled" };
  if (facts.status !== "expired") return { kind: "skip", reason: "paid" };
  if (facts.unsubscribed) return { kind: "skip", reason: "unsubscribed" };
  if (facts.paidAnotherSince) return { kind: "skip", reason: "paid-elsewhere" };
  if (!facts.expiredAt || facts.now.getTime() < facts.expiredAt.getTime() + (facts.delayMs ?? REMINDER_DELAY_MS))
    return { kind: "wait" };
  return { kind: "send" };
}

/** Whether an order paid at `paidAt` counts as recovered by a reminder sent at `sentAt`. */
export function isRecovered(sentAt: Date, paidAt: Date): boolean {
  const gap = paidAt.getTime() - sentAt.getTime();
  return gap >= 0 && gap <= RECOVERY_DAYS * DAY_MS;
}

/** What a restore link signs: its purpose and the checkout's id, so it restores that cart and nothing else. */
export const RESTORE_PURPOSE = "checkout-restore";
/** What an unsubscribe link signs: the address, for this kind of mail only. */
export const REMINDER_UNSUBSCRIBE_PURPOSE = "checkout-reminder-unsubscribe";

/** The restore link's query read from outside, or null when it cannot be one we made (checked before any signature or query). */
export function parseRestoreLink(params: { order?: unknown; sig?: unknown }): { orderId: string; sig: string } | null {
  const { order, sig } = params;
  if (!isUuid(order) || typeof sig !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
  return { orderId: order, sig };
}
