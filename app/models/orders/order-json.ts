import { centsToDollars } from "#app/domain/money";
import type { Order } from "#app/domain/order-types";

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
    // subtotal + shipping − codeDiscount − storeCredit = total (`discount` is what bundles and
    // combos saved, already in the subtotal).
    storeCredit: centsToDollars(order.storeCreditCents),
    ...(order.discountCode ? { discountCode: order.discountCode } : {}),
    codeDiscount: centsToDollars(order.codeDiscountCents),
    total: centsToDollars(order.totalCents),
    currency: order.currency,
    shippingAddress: order.shippingAddress,
    requiresShipping: order.requiresShipping,
    shipOn: order.shipOn,
    arriveOn: order.arriveOn,
    paymentFailure: order.paymentFailure,
    subscriptionId: order.subscriptionId ?? null,
    createdAt: order.createdAt,
  };
}

/**
 * What the customer's own order page may send to the browser: what the customer ordered, where
 * it goes, what it cost and where it stands. Never the history's actors (back-office people's
 * emails), internal notes, payment references or account ids: a loader's data is readable in the
 * page's source whatever the page shows.
 */
export function customerOrderView(order: Order) {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    email: order.email,
    customerName: order.customerName,
    shippingAddress: order.shippingAddress,
    requiresShipping: order.requiresShipping,
    shipOn: order.shipOn,
    arriveOn: order.arriveOn,
    lines: order.lines.map((l) => ({
      kind: l.kind,
      title: l.title,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      totalCents: l.totalCents,
    })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    storeCreditCents: order.storeCreditCents,
    discountCode: order.discountCode,
    codeDiscountCents: order.codeDiscountCents,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    currency: order.currency,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
  };
}
