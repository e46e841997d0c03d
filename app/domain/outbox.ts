/** An outbox row's states: pending (queued, or waiting to retry), sending (leased), sent, failed (gave up). */
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** "order-confirmation" → "Order confirmation". */
export function kindLabel(kind: string): string {
  const words = kind.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
