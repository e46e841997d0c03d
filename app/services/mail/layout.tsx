import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { plainTextSelectors, render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { compile } from "html-to-text";
import type { ReactNode } from "react";

export interface MailBrand {
  shopName: string;
  publicUrl: string;
  shopEmail: string;
}

/** The call-to-action button of every email (inline styles: mail clients ignore stylesheets). */
export const buttonStyle = {
  backgroundColor: "#0e7c7b",
  color: "#ffffff",
  padding: "12px 20px",
  borderRadius: "999px",
  fontWeight: 700,
} as const;

const body = {
  backgroundColor: "#f6f1e7",
  fontFamily: "system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif",
  color: "#0b2a3c",
};
const card = {
  backgroundColor: "#fffdf8",
  borderRadius: "16px",
  padding: "28px",
  margin: "24px auto",
  maxWidth: "560px",
  // A long link or tracking number printed as text breaks onto the next line instead of widening
  // the mail past a phone's screen (clients that ignore one property honour the other).
  overflowWrap: "anywhere",
  wordBreak: "break-word",
} as const;

/** Shared frame of every email: brand line, content, a footer with the shop's address. */
export function MailLayout({ brand, preview, children }: { brand: MailBrand; preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Text style={{ fontSize: "20px", fontWeight: 700, color: "#0e7c7b", margin: "0 0 16px" }}>
            {brand.shopName}
          </Text>
          {children}
          <Hr style={{ borderColor: "#dcd3c1", margin: "28px 0 16px" }} />
          <Section>
            <Text style={{ fontSize: "12px", color: "#3a5566", margin: 0 }}>
              {brand.shopName} · {brand.publicUrl} · Questions? Reply to this email or write to {brand.shopEmail}.
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

// React Email's own plain-text option renders the element a second time and rebuilds the
// html-to-text converter on every call; at checkout rates that was a quarter of the CPU. One
// render and one converter compiled once give the same text.
const htmlToText = compile({ wordwrap: false, selectors: plainTextSelectors });

/** Renders one email to the HTML and plain-text parts the outbox stores. */
export async function toRenderedMail(
  subject: string,
  element: ReactNode,
): Promise<{ subject: string; html: string; text: string }> {
  const html = await render(element);
  return { subject, html, text: htmlToText(html) };
}

/** The closing call to action of order emails. */
export function MailButton({ href, children, dark = false }: { href: string; children: ReactNode; dark?: boolean }) {
  return (
    <Section style={{ marginTop: "24px" }}>
      <Button href={href} style={dark ? { ...buttonStyle, backgroundColor: "#0b2a3c" } : buttonStyle}>
        {children}
      </Button>
    </Section>
  );
}
