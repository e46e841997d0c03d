import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { REMEDY_LABELS, type ClaimRemedy } from "#app/domain/claims";
import { formatCents } from "#app/domain/money";
import { MailButton, MailLayout, toRenderedMail, type MailBrand } from "./layout";
import type { RenderedMail } from "./order-emails";

/** What a claim mail says about the claim (decision 034). */
export interface ClaimMailFacts {
  orderNumber: string;
  lines: Array<{ title: string; quantity: number }>;
  remedyWanted: ClaimRemedy;
  note: string;
  photos: number;
}

function ClaimedLines({ facts }: { facts: ClaimMailFacts }) {
  return (
    <>
      {facts.lines.map((line, i) => (
        <Text key={i} style={{ margin: "2px 0" }}>
          {line.quantity} × {line.title}
        </Text>
      ))}
    </>
  );
}

export async function renderClaimReceived(facts: ClaimMailFacts, brand: MailBrand, orderUrl: string) {
  const element = (
    <MailLayout brand={brand} preview={`We got your report about order ${facts.orderNumber}`}>
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 8px" }}>
        We got your report
      </Heading>
      <Text>
        Sorry that part of order <strong>{facts.orderNumber}</strong> did not arrive alive. We look at every report
        ourselves and answer within a day. You asked for: {REMEDY_LABELS[facts.remedyWanted].toLowerCase()}.
      </Text>
      <ClaimedLines facts={facts} />
      <MailButton href={orderUrl}>View your order</MailButton>
    </MailLayout>
  );
  return toRenderedMail(`We got your report: order ${facts.orderNumber}`, element);
}

export async function renderClaimAlert(facts: ClaimMailFacts, brand: MailBrand, adminUrl: string) {
  const element = (
    <MailLayout brand={brand} preview={`Arrive-alive claim on order ${facts.orderNumber}`}>
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 8px" }}>
        New arrive-alive claim
      </Heading>
      <Text>
        Order <strong>{facts.orderNumber}</strong>, {facts.photos} photo{facts.photos === 1 ? "" : "s"}; the buyer asks
        for: {REMEDY_LABELS[facts.remedyWanted].toLowerCase()}.
      </Text>
      <ClaimedLines facts={facts} />
      {facts.note ? <Text>“{facts.note}”</Text> : null}
      <MailButton href={adminUrl} dark>
        Decide the claim
      </MailButton>
    </MailLayout>
  );
  return toRenderedMail(`Claim on order ${facts.orderNumber}`, element);
}

export type ClaimOutcomeForMail =
  | { remedy: "replacement"; replacementNumber: string; shipOn: string | null }
  | { remedy: "refund"; amountCents: number }
  | { remedy: "credit"; amountCents: number };

export async function renderClaimApproved(
  facts: ClaimMailFacts,
  outcome: ClaimOutcomeForMail,
  brand: MailBrand,
  orderUrl: string,
): Promise<RenderedMail> {
  const what =
    outcome.remedy === "replacement"
      ? `We are sending a replacement at no charge: order ${outcome.replacementNumber}${outcome.shipOn ? `, leaving on ${outcome.shipOn}` : ""}.`
      : outcome.remedy === "refund"
        ? `We are refunding ${formatCents(outcome.amountCents)} to the card you paid with.`
        : `We added ${formatCents(outcome.amountCents)} of store credit to your account; it is taken off your next order when you check out signed in with this address.`;
  const element = (
    <MailLayout brand={brand} preview={`Your report about order ${facts.orderNumber} is approved`}>
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 8px" }}>
        Your report is approved
      </Heading>
      <Text>
        About order <strong>{facts.orderNumber}</strong>: {what}
      </Text>
      <ClaimedLines facts={facts} />
      <MailButton href={orderUrl}>View your order</MailButton>
    </MailLayout>
  );
  return toRenderedMail(`Approved: your report about order ${facts.orderNumber}`, element);
}

export async function renderClaimDeclined(
  facts: ClaimMailFacts,
  reason: string,
  brand: MailBrand,
  orderUrl: string,
): Promise<RenderedMail> {
  const element = (
    <MailLayout brand={brand} preview={`About your report on order ${facts.orderNumber}`}>
      <Heading as="h1" style={{ fontSize: "24px", margin: "0 0 8px" }}>
        About your report
      </Heading>
      <Text>
        We looked at your report about order <strong>{facts.orderNumber}</strong> and cannot grant it: {reason}
      </Text>
      <Text>If you think we got it wrong, reply to this mail.</Text>
      <MailButton href={orderUrl}>View your order</MailButton>
    </MailLayout>
  );
  return toRenderedMail(`About your report on order ${facts.orderNumber}`, element);
}
