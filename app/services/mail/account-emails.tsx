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
    body: "Confirm this address to finish creating your account and sign in; any past guest orders with this address are then linked to it. The link expires in 24 hours.",
    button: "Confirm my email",
  },
  exists: {
    subject: "You already have an account",
    heading: "You already have an account",
    body: "Someone (hopefully you) tried to create a new account with this email address, which already has one. Sign in with your password, or choose “Forgot your password?” on the sign-in page if you don't remember it. If it wasn't you, ignore this email: nothing changes.",
    button: "Sign in",
  },
  "change-email": {
    subject: "Confirm your new email address",
    heading: "Confirm your new email",
    body: "You asked to use this address for your account. Confirm it to finish the change; until then your old address stays in use. The link expires in 24 hours.",
    button: "Confirm new email",
  },
  "change-notice": {
    subject: "Your account's email address is being changed",
    heading: "A new email address was requested",
    body: "Someone signed in to your account asked to use {newEmail} instead of this address. The change happens only once that address is confirmed. If it wasn't you, reset your password now: that signs everyone else out.",
    button: "Reset my password",
  },
} as const;

export async function renderAccountMail(
  kind: keyof typeof COPY,
  brand: MailBrand,
  { name, url, newEmail }: { name: string; url: string; newEmail?: string },
): Promise<RenderedMail> {
  const copy = COPY[kind];
  const body = copy.body.replace("{newEmail}", newEmail ?? "another address");
  const element = (
    <MailLayout brand={brand} preview={copy.subject}>
      <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 8px" }}>
        {copy.heading}
      </Heading>
      <Text>Hi {name || "there"},</Text>
      <Text>{body}</Text>
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
