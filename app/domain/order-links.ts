/**
 * Where a buyer sees an order: the confirmation page, opened by the order's id and its access
 * token (orderToken in models, made from the server secret). Mails prefix the shop's public URL.
 */
export function orderConfirmationPath(orderId: string, token: string): string {
  return `/order-confirmation?order=${encodeURIComponent(orderId)}&token=${encodeURIComponent(token)}`;
}
