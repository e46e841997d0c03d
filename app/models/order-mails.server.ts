import type { Config } from "~/config.server";
import { renderNewOrderAlert, renderOrderConfirmation } from "~/services/mail/order-emails";
import type { OutgoingMail } from "~/services/mail/outbox.server";
import { orderToken } from "./orders.server";
import type { Order } from "./order-types";

export function orderUrl(config: Config, secret: string, orderId: string): string {
  return `${config.publicUrl}/order-confirmation?order=${orderId}&token=${orderToken(secret, orderId)}`;
}

/** The mail a paid order sends: the customer's confirmation and the shop's new-order alert, once each. */
export async function paidOrderMails(order: Order, config: Config, secret: string): Promise<OutgoingMail[]> {
  const brand = { shopName: config.shopName, publicUrl: config.publicUrl, shopEmail: config.shopEmail };
  const [confirmation, alert] = await Promise.all([
    renderOrderConfirmation(order, brand, orderUrl(config, secret, order.id)),
    renderNewOrderAlert(order, brand, `${config.publicUrl}/admin/orders/${order.id}`),
  ]);
  return [
    { kind: "order-confirmation", to: order.email, dedupeKey: `order-confirmation:${order.id}`, orderId: order.id, ...confirmation },
    { kind: "new-order-alert", to: config.shopEmail, dedupeKey: `new-order-alert:${order.id}`, orderId: order.id, ...alert },
  ];
}
