import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { buttonStyle, MailLayout, toRenderedMail, type MailBrand } from "./layout";
import type { RenderedMail } from "./order-emails";

/** The links waitlist mails end with: leave this item's list (while waiting), or every list. */
export interface WaitlistLinks {
  removeUrl?: string;
  unsubscribeUrl: string;
}

function Footer({ links }: { links: WaitlistLinks }) {
  return (
    <Text style={{ fontSize: "12px", color: "#3a5566" }}>
      Not interested any more?{" "}
      {links.removeUrl ? (
        <>
          <a href={links.removeUrl}>Remove me from this list</a> ·{" "}
        </>
      ) : null}
      <a href={links.unsubscribeUrl}>Stop all back-in-stock emails</a>.
    </Text>
  );
}

/** "You're on the list": sent once per new entry, so the address's owner can undo a signup that wasn't theirs. */
export function renderWaitlistJoined(
  brand: MailBrand,
  item: { title: string; url: string },
  links: WaitlistLinks,
  days: number,
): Promise<RenderedMail> {
  return toRenderedMail(
    `We'll email you when ${item.title} is back`,
    <MailLayout brand={brand} preview={`You're on the waitlist for ${item.title}`}>
      <Heading as="h1" style={{ fontSize: "22px" }}>
        You&apos;re on the waitlist
      </Heading>
      <Text>
        We&apos;ll send one email when <a href={item.url}>{item.title}</a> is back in stock. People are told in the
        order they joined, no more of them than there are units, so it pays to be quick when it comes. The list forgets
        you after {days} days.
      </Text>
      <Text>If it wasn&apos;t you who asked, remove this address below and we won&apos;t write again.</Text>
      <Footer links={links} />
    </MailLayout>,
  );
}

/** "It's back": one mail per waiting entry, with how many are left and when the next box leaves. */
export function renderBackInStock(
  brand: MailBrand,
  item: { title: string; url: string },
  units: number,
  shipDay: string | null,
  links: WaitlistLinks,
): Promise<RenderedMail> {
  const left = units === 1 ? "1 left" : `${units} left`;
  return toRenderedMail(
    `${item.title} is back in stock (${left})`,
    <MailLayout brand={brand} preview={`${item.title} is back: ${left}`}>
      <Heading as="h1" style={{ fontSize: "22px" }}>
        {item.title} is back
      </Heading>
      <Text>
        You asked us to tell you. There {units === 1 ? "is" : "are"} <strong>{left}</strong> right now, and we told no
        more people than that, in the order they joined.
        {shipDay ? ` Order today and it leaves on ${shipDay}.` : ""}
      </Text>
      <Section style={{ margin: "20px 0" }}>
        <Button href={item.url} style={buttonStyle}>
          See {item.title}
        </Button>
      </Section>
      <Text>This is the only email about this restock; you are off the list now.</Text>
      <Footer links={links} />
    </MailLayout>,
  );
}
