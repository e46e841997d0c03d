import { centsToDollars } from "~/domain/money";
import type { Order } from "~/domain/order-types";

/** The order shape of the HTTP contract: money in decimal dollars. */
export function orderJson(order: Order) {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    email: order.email,
    customerName: order.customerName,
    lines: order.lines.map((l) => ({
      kind: l.kind,
      ...(l.kind === "combo" ? { productIds: l.productIds } : { id: l.id }),
      title: l.title,
      quantity: l.quantity,
      unitPrice: centsToDollars(l.unitPriceCents),
      total: centsToDollars(l.totalCents),
    })),
    subtotal: centsToDollars(order.subtotalCents),
    discount: centsToDollars(order.discountCents),
    shipping: centsToDollars(order.shippingCents),
    total: centsToDollars(order.totalCents),
    currency: order.currency,
    shippingAddress: order.shippingAddress,
    requiresShipping: order.requiresShipping,
    paymentFailure: order.paymentFailure,
    createdAt: order.createdAt,
  };
}
