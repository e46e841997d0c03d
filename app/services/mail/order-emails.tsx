import { Column } from "@react-email/column";
import { Heading } from "@react-email/heading";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { formatCents } from "#app/domain/money";
import { orderStory, refundArrival } from "#app/domain/order-story";
import { describeDelivery } from "#app/domain/ship-calendar";
import { ARRIVE_ALIVE_RULE } from "#app/domain/shop-policies";
import { MailButton, MailLayout, toRenderedMail, type MailBrand } from "./layout";
import type { Order } from "#app/domain/order-types";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The mail kinds the order lifecycle queues without content; the worker renders them at send time. */
export type OrderMailKind =
  "order-confirmation" | "new-order-alert" | "order-shipped" | "order-delivered" | "order-cancelled" | "order-refunded";

/**
 * Every order mail's subject, from the order's number and total alone: the renderers below use
 * it, and so does the back office's outbox for mail the worker has not rendered yet.
 */
export function orderMailSubject(
  kind: OrderMailKind,
  order: Pick<Order, "number" | "totalCents">,
  brand: Pick<MailBrand, "shopName">,
  refund?: { full: boolean },
): string {
  switch (kind) {
    case "order-confirmation":
      return `Your ${brand.shopName} order ${order.number}`;
    case "new-order-alert":
      return `New order ${order.number} — ${formatCents(order.totalCents)}`;
    case "order-shipped":
      return `Shipped: your ${brand.shopName} order ${order.number}`;
    case "order-delivered":
      return `Delivered: your ${brand.shopName} order ${order.number}`;
    case "order-cancelled":
      return `Cancelled: your ${brand.shopName} order ${order.number}`;
    case "order-refunded":
      return `${refund?.full === false ? "Partial refund" : "Refunded"}: your ${brand.shopName} order ${order.number}`;
  }
}

const muted = { color: "#3a5566", fontSize: "14px", margin: "4px 0" };

/**
 * Where the order stands when the mail is rendered (the worker renders at send time), told by
 * the same story as the order page: its status, the carrier and tracking link once shipped, a
 * refund, and what happens next. A mail only goes out with a mail server, so it may promise mail.
 */
function OrderStanding({
  order,
  refund = true,
  nextSteps = true,
}: {
  order: Order;
  refund?: boolean;
  nextSteps?: boolean;
}) {
  const story = orderStory(order, { mailSent: true });
  return (
    <Section style={{ marginTop: "8px" }}>
      <Text style={{ margin: "0 0 8px" }}>
        Status: <strong>{story.label}</strong>. {story.headline}
      </Text>
      {story.tracking ? (
        <Text style={{ margin: "0 0 8px" }}>
          Tracking number:{" "}
          {story.tracking.url ? (
            <a href={story.tracking.url} style={{ color: "#0e7c7b", fontWeight: 700 }}>
              {story.tracking.number}
            </a>
          ) : (
            <strong>{story.tracking.number}</strong>
          )}{" "}
          ({story.tracking.carrier})
        </Text>
      ) : null}
      {refund && story.refund ? <Text style={{ margin: "0 0 8px" }}>{story.refund}</Text> : null}
      {nextSteps
        ? story.nextSteps.map((step) => (
            <Text key={step} style={muted}>
              {step}
            </Text>
          ))
        : null}
    </Section>
  );
}

function Lines({ order }: { order: Order }) {
  return (
    <Section style={{ marginTop: "16px" }}>
      {order.lines.map((line, i) => (
        <Row key={i} style={{ borderBottom: "1px solid #ece3d2" }}>
          <Column style={{ padding: "8px 0", fontSize: "14px" }}>
            {line.quantity} × {line.title}
          </Column>
          <Column align="right" style={{ padding: "8px 0", fontSize: "14px" }}>
            {formatCents(line.totalCents)}
          </Column>
        </Row>
      ))}
      <Row>
        <Column style={{ padding: "6px 0", fontSize: "14px" }}>Shipping</Column>
        <Column align="right" style={{ padding: "6px 0", fontSize: "14px" }}>
          {order.requiresShipping ? "Free" : "Digital, no shipping"}
        </Column>
      </Row>
      {order.discountCode ? (
        <Row>
          <Column style={{ padding: "6px 0", fontSize: "14px" }}>Code {order.discountCode}</Column>
          <Column align="right" style={{ padding: "6px 0", fontSize: "14px" }}>
            −{formatCents(order.codeDiscountCents)}
          </Column>
        </Row>
      ) : null}
      <Row>
        <Column style={{ padding: "6px 0", fontWeight: 700 }}>Total</Column>
        <Column align="right" style={{ padding: "6px 0", fontWeight: 700 }}>
          {formatCents(order.totalCents)}
        </Column>
      </Row>
    </Section>
  );
}

function Address({ order }: { order: Order }) {
  const a = order.shippingAddress;
  if (!a) return null;
  return (
    <Section style={{ marginTop: "16px" }}>
      <Text style={{ fontWeight: 700, margin: "0 0 4px" }}>Shipping to</Text>
      <Text style={muted}>
        {a.name ?? order.customerName}
        <br />
        {a.line1}
        {a.line2 ? (
          <>
            <br />
            {a.line2}
          </>
        ) : null}
        <br />
        {a.city}, {a.state} {a.postalCode}
        <br />
        {a.country}
      </Text>
      {order.status === "paid" && order.shipOn && order.arriveOn ? (
        <Text style={{ fontWeight: 700, margin: "8px 0 0" }}>
          {describeDelivery({ shipOn: order.shipOn, arriveOn: order.arriveOn })}
        </Text>
      ) : null}
    </Section>
  );
}

export async function renderOrderConfirmation(order: Order, brand: MailBrand, orderUrl: string): Promise<RenderedMail> {
  const element = (
    <MailLayout brand={brand} preview={`Order ${order.number}: thank you`}>
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 8px" }}>
        Thank you, {order.customerName.split(" ")[0]}!
      </Heading>
      <Text>
        This is the confirmation of your order <strong>{order.number}</strong>.
      </Text>
      <OrderStanding order={order} />
      <Lines order={order} />
      <Address order={order} />
      <MailButton href={orderUrl}>View your order</MailButton>
    </MailLayout>
  );
  return toRenderedMail(orderMailSubject("order-confirmation", order, brand), element);
}

export async function renderNewOrderAlert(order: Order, brand: MailBrand, adminUrl: string): Promise<RenderedMail> {
  const element = (
    <MailLayout brand={brand} preview={`New order ${order.number}: ${formatCents(order.totalCents)}`}>
      <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 8px" }}>
        New order {order.number}
      </Heading>
      <Text style={muted}>
        {order.customerName} &lt;{order.email}&gt; · {order.source} · {order.paymentProvider}
      </Text>
      <Lines order={order} />
      <Address order={order} />
      <MailButton href={adminUrl} dark>
        Open in the back office
      </MailButton>
    </MailLayout>
  );
  return toRenderedMail(orderMailSubject("new-order-alert", order, brand), element);
}

export async function renderOrderShipped(order: Order, brand: MailBrand, orderUrl: string): Promise<RenderedMail> {
  const element = (
    <MailLayout brand={brand} preview={`Order ${order.number} is on its way`}>
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 8px" }}>
        Your order is on its way
      </Heading>
      <Text>
        Order <strong>{order.number}</strong> left the shop.
      </Text>
      <OrderStanding order={order} />
      <Lines order={order} />
      <MailButton href={orderUrl}>View your order</MailButton>
    </MailLayout>
  );
  return toRenderedMail(orderMailSubject("order-shipped", order, brand), element);
}

export async function renderOrderDelivered(
  order: Order,
  brand: MailBrand,
  orderUrl: string,
  /** Hours after delivery the buyer may report a problem on the order page (decision 034). */
  claimWindowHours?: number,
): Promise<RenderedMail> {
  const element = (
    <MailLayout brand={brand} preview={`Order ${order.number} has arrived`}>
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 8px" }}>
        Your order has arrived
      </Heading>
      <Text>
        Order <strong>{order.number}</strong>: we hope everything reached your tank in good shape.
      </Text>
      <OrderStanding order={order} nextSteps={false} />
      <Text>
        Give new chaeto a day or two of good light and flow before you judge it: it settles in, then grows fast.
        {claimWindowHours ? "" : ` ${ARRIVE_ALIVE_RULE}`}
      </Text>
      {claimWindowHours ? (
        <Text>
          Something arrived dead? Report a problem within {claimWindowHours} hours of delivery, with a photo or two, and
          choose a replacement, a refund or store credit.
        </Text>
      ) : null}
      {claimWindowHours ? <MailButton href={`${orderUrl}#report`}>Report a problem</MailButton> : null}
      <MailButton href={orderUrl} dark={Boolean(claimWindowHours)}>
        View your order
      </MailButton>
    </MailLayout>
  );
  return toRenderedMail(orderMailSubject("order-delivered", order, brand), element);
}

export async function renderOrderCancelled(
  order: Order,
  refund: { nowCents: number; earlierCents: number },
  brand: MailBrand,
  orderUrl: string,
): Promise<RenderedMail> {
  const element = (
    <MailLayout brand={brand} preview={`Order ${order.number} is cancelled`}>
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 8px" }}>
        Your order is cancelled
      </Heading>
      <Text>
        Order <strong>{order.number}</strong> is cancelled.
      </Text>
      <OrderStanding order={order} refund={false} nextSteps={false} />
      {refund.nowCents > 0 ? (
        <Text>
          We are refunding <strong>{formatCents(refund.nowCents)}</strong>.
          {refund.earlierCents > 0
            ? ` With the ${formatCents(refund.earlierCents)} refunded earlier, that is all ${formatCents(refund.nowCents + refund.earlierCents)} you paid.`
            : ""}{" "}
          {refundArrival(order)}
        </Text>
      ) : null}
      <Text style={muted}>If you didn't ask for this, or have a question, just reply to this email.</Text>
      <Lines order={order} />
      <MailButton href={orderUrl}>View your order</MailButton>
    </MailLayout>
  );
  return toRenderedMail(orderMailSubject("order-cancelled", order, brand), element);
}

export async function renderOrderRefunded(
  order: Order,
  refund: { amountCents: number; full: boolean },
  brand: MailBrand,
  orderUrl: string,
): Promise<RenderedMail> {
  const element = (
    <MailLayout brand={brand} preview={`A refund of ${formatCents(refund.amountCents)} for order ${order.number}`}>
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 8px" }}>
        {refund.full ? "Your order is refunded" : "We refunded part of your order"}
      </Heading>
      <Text>
        We are refunding <strong>{formatCents(refund.amountCents)}</strong> for order <strong>{order.number}</strong>
        {refund.full
          ? ""
          : ` (${formatCents(order.refundedCents)} of ${formatCents(order.totalCents)} refunded so far)`}
        . {refundArrival(order)}
      </Text>
      <OrderStanding order={order} refund={false} nextSteps={false} />
      <Text style={muted}>Questions about this refund? Reply to this email and we'll help.</Text>
      <MailButton href={orderUrl}>View your order</MailButton>
    </MailLayout>
  );
  return toRenderedMail(orderMailSubject("order-refunded", order, brand, refund), element);
}
