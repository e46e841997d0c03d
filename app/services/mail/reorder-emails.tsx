import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { buttonStyle, MailLayout, toRenderedMail, type MailBrand } from "./layout";
import type { RenderedMail } from "./order-emails";

/**
 * The one coral-food reorder reminder (decision 048). No prices: the link quotes today's, and a
 * price in a mail would be the day it was written. The basis of the date is said in plain words.
 */
export function renderReorderReminder(
  brand: MailBrand,
  reminder: { foodName: string; runOutOn: string; basis: string; reorderUrl: string; unsubscribeUrl: string },
): Promise<RenderedMail> {
  return toRenderedMail(
    `Your ${reminder.foodName} runs out about ${reminder.runOutOn}`,
    <MailLayout brand={brand} preview="One tap puts the same food in your cart at today's price">
      <Heading as="h1" style={{ fontSize: "22px" }}>
        Your {reminder.foodName} runs out about {reminder.runOutOn}
      </Heading>
      <Text>You asked us to tell you a week before your coral food runs out.</Text>
      <Text>{reminder.basis}</Text>
      <Section style={{ margin: "20px 0" }}>
        <Button href={reminder.reorderUrl} style={buttonStyle}>
          Reorder the same food
        </Button>
      </Section>
      <Text>
        The link fills your cart at today&apos;s price and stock; nothing is ordered until you check out. This is the
        only reminder we send about this purchase.
      </Text>
      <Text style={{ fontSize: "12px", color: "#3a5566" }}>
        <a href={reminder.unsubscribeUrl}>Stop coral food reminders</a>.
      </Text>
    </MailLayout>,
  );
}
