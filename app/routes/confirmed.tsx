import { MailCheck } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/confirmed";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Subscription confirmed",
    description: "Your Lazy Reefer newsletter subscription is confirmed. Expect one useful reef letter a month.",
    path: "/confirmed",
  }),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    problem: params.get("problem"),
    unsubscribed: params.get("unsubscribed") === "1",
    subscribed: params.get("subscribed") === "1",
  };
}

export default function Confirmed({ loaderData }: Route.ComponentProps) {
  if (loaderData.unsubscribed || loaderData.problem) {
    return (
      <section className="container-page py-20 text-center">
        <Icon icon={MailCheck} aria-hidden="true" className="mx-auto h-12 w-12 text-ink-soft" />
        <h1 className="mt-4 text-4xl font-semibold">
          {loaderData.unsubscribed ? "You're unsubscribed" : "That link didn't work"}
        </h1>
        <p className="mx-auto mt-4 max-w-lg text-lg text-ink-soft">
          {loaderData.unsubscribed
            ? "You won't get any more reef notes from us. If that was a mistake, you can sign up again at the bottom of any page."
            : loaderData.problem === "expired"
              ? "This confirmation link has expired. Sign up again at the bottom of the page and we'll send a fresh one."
              : "This link is not valid. Sign up again at the bottom of the page and we'll send a fresh one."}
        </p>
        <Link to="/" className="btn-primary mt-8">
          Back to the shop
        </Link>
      </section>
    );
  }
  if (!loaderData.subscribed) {
    // Opened directly, not from a confirmation link: nothing was confirmed, so say how it works.
    return (
      <section className="container-page py-20 text-center">
        <Icon icon={MailCheck} aria-hidden="true" className="mx-auto h-12 w-12 text-ink-soft" />
        <h1 className="mt-4 text-4xl font-semibold">Confirm your reef notes</h1>
        <p className="mx-auto mt-4 max-w-lg text-lg text-ink-soft">
          After you sign up at the bottom of any page, we email you a link. Open it to confirm your address; until then
          we send you nothing else.
        </p>
        <Link to="/" className="btn-primary mt-8">
          Back to the shop
        </Link>
      </section>
    );
  }
  return (
    <section className="container-page py-20 text-center">
      <Icon icon={MailCheck} aria-hidden="true" className="mx-auto h-12 w-12 text-chaeto" />
      <h1 className="mt-4 text-4xl font-semibold">You're on the list</h1>
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
