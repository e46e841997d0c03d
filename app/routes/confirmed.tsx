import { Link } from "react-router";
import { MailCheck } from "lucide-react";
import type { Route } from "./+types/confirmed";
import { pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Subscription confirmed",
    description: "Your Lazy Reefer newsletter subscription is confirmed. Expect one useful reef letter a month.",
    path: "/confirmed",
  }),
  { name: "robots", content: "noindex" },
];

export default function Confirmed() {
  return (
    <section className="container-page py-20 text-center">
      <MailCheck aria-hidden="true" className="mx-auto h-12 w-12 text-chaeto" />
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
