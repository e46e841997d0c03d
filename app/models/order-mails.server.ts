import { renderNewOrderAlert, renderOrderConfirmation, type RenderedMail } from "~/services/mail/order-emails";
import { getOrder, orderToken } from "./orders.server";
import type { Database } from "../../database/schema";
import type { Order } from "./order-types";
import type { Kysely } from "kysely";
import type { Config } from "~/config.server";
import type { OutgoingMail } from "~/services/mail/outbox.server";

export function orderUrl(config: Config, secret: string, orderId: string): string {
  return `${config.publicUrl}/order-confirmation?order=${orderId}&token=${orderToken(secret, orderId)}`;
}

/**
 * The mail a paid order sends — the customer's confirmation and the shop's new-order alert, once
 * each — queued WITHOUT content in the payment's transaction. The background worker renders it
 * from the order when it sends it (renderQueuedMail): rendering React Email templates was the
 * largest cost of a checkout, and the customer is not waiting for it.
 */
export function paidOrderMails(order: Order, config: Config): OutgoingMail[] {
  const queued = { subject: "", html: "", text: "", orderId: order.id };
  return [
    { kind: "order-confirmation", to: order.email, dedupeKey: `order-confirmation:${order.id}`, ...queued },
    { kind: "new-order-alert", to: config.shopEmail, dedupeKey: `new-order-alert:${order.id}`, ...queued },
  ];
}

/** Renders a mail that was queued without content, from its kind and order; null if it cannot be. */
export async function renderQueuedMail(
  db: Kysely<Database>,
  row: { kind: string; order_id: string | null },
  config: Config,
  secret: string,
): Promise<RenderedMail | null> {
  if (!row.order_id) return null;
  const order = await getOrder(db, row.order_id);
  if (!order) return null;
  const brand = { shopName: config.shopName, publicUrl: config.publicUrl, shopEmail: config.shopEmail };
  switch (row.kind) {
    case "order-confirmation":
      return renderOrderConfirmation(order, brand, orderUrl(config, secret, order.id));
    case "new-order-alert":
      return renderNewOrderAlert(order, brand, `${config.publicUrl}/admin/orders/${order.id}`);
    default:
      return null;
  }
}
