/**
 * The payment provider of an order whose money was taken outside the shop (by phone, on a
 * marketplace, at a market stall) and recorded in the back office. The provider is the one flag:
 * the payment reference ("external:<source>…") is for people to read, not to be tested.
 */
export const PAID_ELSEWHERE = "external";

/** Whether an order was paid outside the shop: no charge to refund here, the money goes back where it was paid. */
export function isPaidElsewhere(order: { paymentProvider: string }): boolean {
  return order.paymentProvider === PAID_ELSEWHERE;
}
