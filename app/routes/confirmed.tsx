import { MailCheck } from "lucide";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/confirmed";

type Outcome =
  | "subscribed"
  | "unsubscribed"
  | "waitlist-removed"
  | "waitlist-unsubscribed"
  | "reminders-unsubscribed"
  | "expired"
  | "invalid"
  | "how-it-works";

/** One heading per outcome: the tab's title and the page's heading say the same thing. */
const HEADINGS: Record<Outcome, string> = {
  subscribed: "You're on the list",
  unsubscribed: "You're unsubscribed",
  "waitlist-removed": "You're off that waitlist",
  "waitlist-unsubscribed": "No more back-in-stock emails",
  "reminders-unsubscribed": "No more checkout reminders",
  expired: "That link has expired",
  invalid: "That link didn't work",
  "how-it-works": "Confirm your reef notes",
};

const DESCRIPTIONS: Record<Outcome, string> = {
  subscribed: "Your Lazy Reefer newsletter subscription is confirmed. Expect one useful reef letter a month.",
  unsubscribed: "You are unsubscribed from the Lazy Reefer newsletter.",
  "waitlist-removed": "This address is off the waitlist it was on.",
  "waitlist-unsubscribed": "This address is off every Lazy Reefer waitlist.",
  "reminders-unsubscribed": "This address gets no more checkout reminders.",
  expired: "This newsletter confirmation link has expired.",
  invalid: "This newsletter link is not valid.",
  "how-it-works": "How confirming a Lazy Reefer newsletter subscription works.",
};

/** Every outcome but a confirmed subscription: what the page says, and where its button leads. */
const NOTICES: Partial<Record<Outcome, { text: string; to: string }>> = {
  "reminders-unsubscribed": {
    text:
      "We won't email this address when a checkout doesn't go through, even if the box is ticked again. " +
      "Order confirmations and shipping mails still come.",
    to: "/products",
  },
  "waitlist-removed": {
    text: "We won't email this address when that item is back. Other waitlists it is on stay as they are.",
    to: "/products",
  },
  "waitlist-unsubscribed": {
    text: "We won't email this address about restocks any more. You can join a waitlist again on any sold-out product.",
    to: "/products",
  },
  unsubscribed: {
    text: "You won't get any more reef notes from us. If that was a mistake, you can sign up again at the bottom of any page.",
    to: "/",
  },
  expired: {
    text: "This confirmation link has expired. Sign up again at the bottom of the page and we'll send a fresh one.",
    to: "/",
  },
  invalid: {
    text: "This link is not valid. Sign up again at the bottom of the page and we'll send a fresh one.",
    to: "/",
  },
  // Opened directly, not from a confirmation link: nothing was confirmed, so say how it works.
  "how-it-works": {
    text:
      "After you sign up at the bottom of any page, we email you a link. Open it to confirm your address; until then " +
      "we send you nothing else.",
    to: "/",
  },
};

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const outcome = data?.outcome ?? "how-it-works";
  return [
    ...pageMeta(matches, { title: HEADINGS[outcome], description: DESCRIPTIONS[outcome], path: "/confirmed" }),
    { name: "robots", content: "noindex" },
  ];
};

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const problem = params.get("problem");
  const waitlist = params.get("waitlist");
  const outcome: Outcome =
    waitlist === "removed" || waitlist === "unsubscribed"
      ? `waitlist-${waitlist}`
      : params.get("reminders") === "unsubscribed"
        ? "reminders-unsubscribed"
        : params.get("unsubscribed") === "1"
          ? "unsubscribed"
          : problem
            ? problem === "expired"
              ? "expired"
              : "invalid"
            : params.get("subscribed") === "1"
              ? "subscribed"
              : "how-it-works";
  return { outcome };
}

export default function Confirmed({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  const heading = HEADINGS[outcome];
  const notice = NOTICES[outcome];
  if (notice) {
    return (
      <section className="container-page py-20 text-center">
        <Icon icon={MailCheck} aria-hidden="true" className="mx-auto h-12 w-12 text-ink-soft" />
        <h1 className="mt-4 text-4xl font-semibold">{heading}</h1>
        <p className="mx-auto mt-4 max-w-lg text-lg text-ink-soft">{notice.text}</p>
        <Link to={notice.to} className="btn-primary mt-8">
          Back to the shop
        </Link>
      </section>
    );
  }
  return (
    <section className="container-page py-20 text-center">
      <Icon icon={MailCheck} aria-hidden="true" className="mx-auto h-12 w-12 text-chaeto" />
      <h1 className="mt-4 text-4xl font-semibold">{heading}</h1>
      <p className="mx-auto mt-4 max-w-lg text-lg text-ink-soft">
        Thanks for confirming your address. Reef notes arrive once a month with seasonal care tips and restock alerts
        for live chaeto. Every letter has a one-click unsubscribe link.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/reef-wisdom" className="btn-primary">
          Start with the guides
        </Link>
        <Link to="/products" className="btn-secondary">
          Browse the shop
        </Link>
      </div>
    </section>
  );
}
