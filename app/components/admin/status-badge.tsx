import { STATUS_LABELS, type OrderStatus } from "#app/domain/order-status";

const TONES: Record<OrderStatus, string> = {
  pending_payment: "bg-gold-light text-[#7a5300]",
  paid: "bg-reef-light text-reef-dark",
  shipped: "bg-[#dbe7f5] text-[#1f4a7a]",
  delivered: "bg-chaeto-light text-chaeto",
  cancelled: "bg-sand-deep text-ink-soft",
  expired: "bg-sand-deep text-ink-soft",
  refunded: "bg-coral-light text-coral-text",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

const MAIL_TONES: Record<string, string> = {
  pending: "bg-gold-light text-[#7a5300]",
  sending: "bg-[#dbe7f5] text-[#1f4a7a]",
  sent: "bg-chaeto-light text-chaeto",
  failed: "bg-coral-light text-coral-text",
};

/** An outbox row's state: pending (queued or waiting to retry), sending, sent or failed (gave up). */
export function MailStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${MAIL_TONES[status] ?? "bg-sand-deep text-ink-soft"}`}
    >
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  );
}
