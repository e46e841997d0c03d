import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { describeDelivery, formatShipDay, type DeliveryChoice } from "#app/domain/ship-calendar";
import { describeForecast, type DayForecast } from "#app/domain/weather";
import { MailButton, MailLayout, toRenderedMail, type MailBrand } from "./layout";
import type { Order } from "#app/domain/order-types";
import type { RenderedMail } from "./order-emails";

/**
 * The buyer's mail when the weather at their door holds a live order: why (the forecast for the
 * day it would have arrived), and when it leaves and arrives now. Rendered when queued: it tells
 * of one hold, and a later change to the order must not change what it said.
 */
export function renderWeatherHold(
  order: Pick<Order, "number">,
  hold: { arriveOn: string; forecast: DayForecast; holdBelowF: number; next: DeliveryChoice },
  brand: MailBrand,
  orderUrl: string,
): Promise<RenderedMail> {
  const element = (
    <MailLayout brand={brand} preview={`Order ${order.number} waits for warmer weather`}>
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 8px" }}>
        We&apos;re holding your order for a warmer day
      </Heading>
      <Text>
        Order <strong>{order.number}</strong> would have arrived on {formatShipDay(hold.arriveOn)}, when the forecast at
        your address is {describeForecast(hold.forecast)}: below {hold.holdBelowF} °F, too cold for live chaeto to wait
        in a box.
      </Text>
      <Text>
        <strong>{describeDelivery(hold.next)}</strong>. Nothing for you to do: we pack it fresh that morning.
      </Text>
      <MailButton href={orderUrl}>View your order</MailButton>
    </MailLayout>
  );
  return toRenderedMail(`Held for the weather: your ${brand.shopName} order ${order.number}`, element);
}
