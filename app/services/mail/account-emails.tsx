import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { buttonStyle, MailLayout, toRenderedMail, type MailBrand } from "./layout";
import type { RenderedMail } from "./order-emails";

const COPY = {
  reset: {
    subject: "Reset your password",
    heading: "Reset your password",
    body: "Someone (hopefully you) asked to reset the password of your account. The link works once and expires in one hour. If it wasn't you, ignore this email: nothing changes.",
    button: "Choose a new password",
  },
  verify: {
    subject: "Confirm your email address",
    heading: "Confirm your email",
    body: "Confirm this address to link your past guest orders to your account. The link expires in 24 hours.",
    button: "Confirm my email",
  },
  "change-email": {
    subject: "Confirm your new email address",
    heading: "Confirm your new email",
    body: "You asked to use this address for your account. Confirm it to finish the change; until then your old address stays in use.",
    button: "Confirm new email",
  },
} as const;

export async function renderAccountMail(
  kind: keyof typeof COPY,
  brand: MailBrand,
  { name, url }: { name: string; url: string },
): Promise<RenderedMail> {
  const copy = COPY[kind];
  const element = (
    <MailLayout brand={brand} preview={copy.subject}>
      <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 8px" }}>
        {copy.heading}
      </Heading>
      <Text>Hi {name || "there"},</Text>
      <Text>{copy.body}</Text>
      <Section style={{ margin: "20px 0" }}>
        <Button href={url} style={buttonStyle}>
          {copy.button}
        </Button>
      </Section>
      <Text style={{ fontSize: "12px", color: "#3a5566" }}>Or paste this link into your browser: {url}</Text>
    </MailLayout>
  );
  return toRenderedMail(`${copy.subject} — ${brand.shopName}`, element);
}
