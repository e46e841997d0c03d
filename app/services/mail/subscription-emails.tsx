import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { MailButton, MailLayout, toRenderedMail, type MailBrand } from "./layout";
import type { RenderedMail } from "./order-emails";

/** What every subscription mail shows: what comes, how often, and the links to change it. */
export interface SubscriptionMailFacts {
  /** "2 × Chaeto + Coral Food Combo" per line. */
  lines: string[];
  everyWeeks: number;
  /** The next charge's date in words ("Friday, December 11"). */
  nextChargeOn: string;
  /** The signed page where the buyer skips, moves, changes or cancels in one tap. */
  manageUrl: string;
  /** The same page, opened on one change. */
  links: { skip: string; changeDate: string; changeQuantity: string; cancel: string };
}

function What({ facts }: { facts: SubscriptionMailFacts }) {
  return (
    <Section>
      {facts.lines.map((line) => (
        <Text key={line} style={{ margin: "2px 0" }}>
          {line}
        </Text>
      ))}
      <Text style={{ margin: "8px 0 0" }}>Every {facts.everyWeeks} weeks.</Text>
    </Section>
  );
}

function Changes({ facts }: { facts: SubscriptionMailFacts }) {
  return (
    <Text>
      <a href={facts.links.skip}>Skip this delivery</a> · <a href={facts.links.changeDate}>Change the date</a> ·{" "}
      <a href={facts.links.changeQuantity}>Change the quantity</a> ·{" "}
      <a href={facts.links.cancel}>Cancel the subscription</a>
    </Text>
  );
}

export function renderSubscriptionStarted(
  brand: MailBrand,
  facts: SubscriptionMailFacts & { card: string | null; accountUrl: string | null },
): Promise<RenderedMail> {
  return toRenderedMail(
    `Your subscription has started: next delivery charged ${facts.nextChargeOn}`,
    <MailLayout brand={brand} preview="What comes, how often, and how to change it">
      <Heading as="h1" style={{ fontSize: "22px" }}>
        Your subscription has started
      </Heading>
      <What facts={facts} />
      <Text>
        The next delivery is charged on {facts.nextChargeOn}
        {facts.card ? ` to your ${facts.card}` : ""}, at that day&apos;s price less your saving. We mail you three days
        before each charge, with the price, so you can skip or change it.
      </Text>
      {facts.accountUrl ? (
        <Text>
          To see all your subscriptions in one place, <a href={facts.accountUrl}>create your account</a> with this email
          address. The links in our mails work without one.
        </Text>
      ) : null}
      <Changes facts={facts} />
      <MailButton href={facts.manageUrl}>Manage the subscription</MailButton>
    </MailLayout>,
  );
}

export function renderSubscriptionReminder(
  brand: MailBrand,
  facts: SubscriptionMailFacts & { total: string; priceChange: string | null; card: string | null },
): Promise<RenderedMail> {
  return toRenderedMail(
    `Your next delivery is charged ${facts.nextChargeOn}: ${facts.total}`,
    <MailLayout brand={brand} preview="Skip, move, change or cancel in one tap">
      <Heading as="h1" style={{ fontSize: "22px" }}>
        Your next delivery is charged {facts.nextChargeOn}
      </Heading>
      <What facts={facts} />
      <Text>
        At today&apos;s prices it comes to <strong>{facts.total}</strong>
        {facts.card ? `, charged to your ${facts.card}` : ""}.
      </Text>
      {facts.priceChange ? <Text style={{ fontWeight: 700 }}>{facts.priceChange}</Text> : null}
      <Changes facts={facts} />
      <MailButton href={facts.manageUrl}>Manage the subscription</MailButton>
    </MailLayout>,
  );
}

export function renderRenewalPaymentProblem(
  brand: MailBrand,
  problem: {
    kind: "declined" | "authenticate";
    orderNumber: string;
    total: string;
    message: string;
    /** Where the buyer pays: the card page (declined) or the bank's check (authenticate). */
    payUrl: string;
    lastTryOn: string;
  },
): Promise<RenderedMail> {
  const declined = problem.kind === "declined";
  return toRenderedMail(
    declined
      ? `We couldn't charge your subscription delivery (${problem.orderNumber})`
      : `Your bank wants to confirm your subscription payment (${problem.orderNumber})`,
    <MailLayout brand={brand} preview={declined ? "Pay with another card in one step" : "Confirm it in one step"}>
      <Heading as="h1" style={{ fontSize: "22px" }}>
        {declined ? "Your card was declined" : "Your bank asks you to confirm this payment"}
      </Heading>
      <Text>
        {declined
          ? `We tried to charge ${problem.total} for order ${problem.orderNumber}: ${problem.message}`
          : `Order ${problem.orderNumber} (${problem.total}) is waiting for your bank's check (3-D Secure).`}
      </Text>
      <Text>
        Your items are set aside until {problem.lastTryOn}.{" "}
        {declined
          ? "We will try the card again twice before then; if it still fails, we pause the subscription and tell you."
          : "If it is not confirmed by then, we pause the subscription and tell you."}
      </Text>
      <MailButton href={problem.payUrl}>{declined ? "Pay or update your card" : "Confirm the payment"}</MailButton>
    </MailLayout>,
  );
}

export function renderSubscriptionChanged(
  brand: MailBrand,
  change: { headline: string; why: string; lines: string[]; manageUrl: string | null },
): Promise<RenderedMail> {
  return toRenderedMail(
    change.headline,
    <MailLayout brand={brand} preview={change.why}>
      <Heading as="h1" style={{ fontSize: "22px" }}>
        {change.headline}
      </Heading>
      <Text>{change.why}</Text>
      {change.lines.map((line) => (
        <Text key={line} style={{ margin: "2px 0" }}>
          {line}
        </Text>
      ))}
      {change.manageUrl ? <MailButton href={change.manageUrl}>See the subscription</MailButton> : null}
    </MailLayout>,
  );
}
