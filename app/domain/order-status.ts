/**
 * Order states: pending_payment → paid → shipped → delivered, with side exits cancelled
 * (before shipping), expired (unpaid past the reservation window: an abandoned checkout) and
 * refunded. Which event leads where, with its guards and effects: ./order-lifecycle.ts.
 */
export const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "shipped",
  "delivered",
  "cancelled",
  "expired",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid, being packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  expired: "Abandoned checkout",
  refunded: "Refunded",
};
