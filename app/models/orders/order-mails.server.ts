import { orderConfirmationPath } from "#app/domain/order-links";
import {
  renderNewOrderAlert,
  renderOrderCancelled,
  renderOrderConfirmation,
  renderOrderDelivered,
  renderOrderRefunded,
  renderOrderShipped,
  type RenderedMail,
} from "#app/services/mail/order-emails";
import { getOrder, orderToken } from "./orders.server";
import type { Config } from "#app/config.server";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

export function orderUrl(config: Config, secret: string, orderId: string): string {
  return `${config.publicUrl}${orderConfirmationPath(orderId, orderToken(secret, orderId))}`;
}

/**
 * Renders a mail the order lifecycle queued without content (see queuedMail in
 * order-lifecycle.server.ts), from its kind, its order and, for a refund, the refund its dedupe
 * key names; null if it cannot be.
 */
export async function renderQueuedMail(
  db: Kysely<Database>,
  row: { kind: string; order_id: string | null; dedupe_key?: string | null },
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
    case "order-shipped":
      return renderOrderShipped(order, brand, orderUrl(config, secret, order.id));
    case "order-delivered":
      return renderOrderDelivered(order, brand, orderUrl(config, secret, order.id), config.claimWindowHours);
    case "order-cancelled": {
      // The cancellation refunds what is left; earlier partial refunds had mails of their own.
      const last = await db
        .selectFrom("refunds")
        .select(["amount_cents", "refunded_total_cents"])
        .where("order_id", "=", order.id)
        .orderBy("refunded_total_cents", "desc")
        .executeTakeFirst();
      const now = last && last.refunded_total_cents === order.refundedCents ? last.amount_cents : order.refundedCents;
      return renderOrderCancelled(
        order,
        { nowCents: now, earlierCents: order.refundedCents - now },
        brand,
        orderUrl(config, secret, order.id),
      );
    }
    case "order-refunded": {
      const refundId = row.dedupe_key?.slice("order-refunded:".length) ?? "";
      const refund = await db
        .selectFrom("refunds")
        .select(["amount_cents", "refunded_total_cents"])
        .where("id", "=", refundId)
        .where("order_id", "=", order.id)
        .executeTakeFirst();
      if (!refund) return null;
      // As of this refund: a later one must not change what an earlier mail says.
      const soFar = refund.refunded_total_cents;
      return renderOrderRefunded(
        { ...order, refundedCents: soFar },
        { amountCents: refund.amount_cents, full: soFar >= order.totalCents },
        brand,
        orderUrl(config, secret, order.id),
      );
    }
    default:
      return null;
  }
}
