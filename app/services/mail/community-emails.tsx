import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { buttonStyle, MailLayout, toRenderedMail, type MailBrand } from "./layout";
import type { RenderedMail } from "./order-emails";

async function mail(brand: MailBrand, preview: string, subject: string, body: React.ReactNode): Promise<RenderedMail> {
  const element = (
    <MailLayout brand={brand} preview={preview}>
      {body}
    </MailLayout>
  );
  return toRenderedMail(subject, element);
}

export function renderNewsletterConfirm(brand: MailBrand, confirmUrl: string) {
  return mail(
    brand,
    "Confirm your subscription",
    `Confirm your ${brand.shopName} newsletter subscription`,
    <>
      <Heading as="h1" style={{ fontSize: "22px" }}>
        One click to confirm
      </Heading>
      <Text>
        Someone (hopefully you) asked to get our monthly reef notes at this address. Confirm below; the link works for 7
        days. If it wasn't you, ignore this email and nothing happens.
      </Text>
      <Section style={{ margin: "20px 0" }}>
        <Button href={confirmUrl} style={buttonStyle}>
          Yes, subscribe me
        </Button>
      </Section>
    </>,
  );
}

export function renderNewsletterWelcome(
  brand: MailBrand,
  unsubscribeUrl: string,
  /** A single-use code for the new subscriber, when the shop offers one. */
  code: { code: string; percentOff: number; endsAt: string } | null = null,
) {
  return mail(
    brand,
    "You're subscribed",
    `Welcome to ${brand.shopName} reef notes`,
    <>
      <Heading as="h1" style={{ fontSize: "22px" }}>
        You're on the list
      </Heading>
      <Text>
        Expect one letter a month: seasonal chaeto care, restock alerts for live plants and one useful tip. No spam.
      </Text>
      {code ? (
        <Text>
          A welcome from us: code <strong>{code.code}</strong> takes {code.percentOff} % off full-price goods on one
          order until{" "}
          {new Date(code.endsAt).toLocaleDateString("en-US", {
            month: "long",
            day: "numeric",
            year: "numeric",
            timeZone: "UTC",
          })}
          . Type it under &quot;Add a code&quot; at checkout.
        </Text>
      ) : null}
      <Text style={{ fontSize: "12px", color: "#3a5566" }}>
        Changed your mind? <a href={unsubscribeUrl}>Unsubscribe in one click</a>.
      </Text>
    </>,
  );
}

export function renderContactNotification(
  brand: MailBrand,
  message: { name: string; email: string; subject: string; message: string },
) {
  return mail(
    brand,
    `New message from ${message.name}`,
    `Contact form: ${message.subject}`,
    <>
      <Heading as="h1" style={{ fontSize: "20px" }}>
        {message.subject}
      </Heading>
      <Text>
        From {message.name} &lt;{message.email}&gt;
      </Text>
      <Text style={{ whiteSpace: "pre-wrap" }}>{message.message}</Text>
    </>,
  );
}

/** The sender's copy of what they wrote, with when to expect an answer. */
export function renderContactAcknowledgement(
  brand: MailBrand,
  sent: { name: string; subject: string; message: string },
) {
  return mail(
    brand,
    "We got your message",
    `We got your message: ${sent.subject}`,
    <>
      <Heading as="h1" style={{ fontSize: "22px" }}>
        Thanks, {sent.name}!
      </Heading>
      <Text>
        Your message reached us. A real reefer answers every message within two business days (usually sooner). If it's
        about a live-plant delivery, a photo helps.
      </Text>
      <Quoted label={`Your message: ${sent.subject}`} text={sent.message} />
    </>,
  );
}

/** What the customer wrote, quoted under a label in a mail. */
function Quoted({ label, text }: { label: string; text: string }) {
  return (
    <>
      <Text style={{ fontSize: "13px", color: "#3a5566", margin: "24px 0 4px" }}>{label}</Text>
      <Text
        style={{
          fontSize: "13px",
          color: "#3a5566",
          whiteSpace: "pre-wrap",
          borderLeft: "3px solid #dcd3c1",
          paddingLeft: "12px",
          margin: 0,
        }}
      >
        {text}
      </Text>
    </>
  );
}

/** The shop's answer to a contact message, quoting what the customer wrote. */
export function renderMessageReply(
  brand: MailBrand,
  reply: { to: string; subject: string; body: string; sender: string; original: string },
) {
  return mail(
    brand,
    reply.body.slice(0, 90),
    `Re: ${reply.subject}`,
    <>
      <Text>Hi {reply.to},</Text>
      <Text style={{ whiteSpace: "pre-wrap" }}>{reply.body}</Text>
      <Text>
        — {reply.sender}, {brand.shopName}
      </Text>
      <Quoted label="You wrote:" text={reply.original} />
    </>,
  );
}
