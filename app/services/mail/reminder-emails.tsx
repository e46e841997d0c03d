import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { buttonStyle, MailLayout, toRenderedMail, type MailBrand } from "./layout";
import type { RenderedMail } from "./order-emails";

/**
 * The one abandoned-checkout reminder (decision 045). It names what was in the cart but no
 * prices: the link re-quotes at today's, and a price in a mail would be yesterday's.
 */
export function renderCheckoutReminder(
  brand: MailBrand,
  cart: { titles: string[]; restoreUrl: string; unsubscribeUrl: string },
): Promise<RenderedMail> {
  return toRenderedMail(
    "Your checkout didn't go through",
    <MailLayout brand={brand} preview="Your cart is kept: one link puts it back">
      <Heading as="h1" style={{ fontSize: "22px" }}>
        Your checkout didn&apos;t go through
      </Heading>
      <Text>
        You asked us to tell you if it didn&apos;t. Nothing was charged, and the stock we held went back on the shelf.
        Your cart had:
      </Text>
      <ul>
        {cart.titles.map((title, i) => (
          <li key={i}>{title}</li>
        ))}
      </ul>
      <Section style={{ margin: "20px 0" }}>
        <Button href={cart.restoreUrl} style={buttonStyle}>
          Put it back in my cart
        </Button>
      </Section>
      <Text>
        The link shows today&apos;s prices and what is still in stock. This is the only reminder we send about this
        cart.
      </Text>
      <Text style={{ fontSize: "12px", color: "#3a5566" }}>
        <a href={cart.unsubscribeUrl}>Never send me checkout reminders</a>.
      </Text>
    </MailLayout>,
  );
}
