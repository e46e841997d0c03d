import { Sparkles } from "lucide";
import { Link } from "react-router";
import { NewsletterSignup } from "#app/components/newsletter-signup";
import { PageHeader } from "#app/components/page-header";
import { Icon } from "#app/components/ui/icon";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/coming-soon";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Coming soon",
    description:
      "What's growing in the Lazy Reefer vats: new macroalgae, clean-up crew care packs and a pod starter culture.",
    path: "/coming-soon",
  });

const UPCOMING = [
  {
    name: "Red Gracilaria (Ogo)",
    text: "A fish-safe, edible macroalgae that tangs love. Grown beside our chaeto and pest-checked the same way.",
    when: "Early spring",
  },
  {
    name: "Copepod starter culture",
    text: "Live Tisbe and Tigriopus pods to seed a new refugium, shipped with a feeding card.",
    when: "Late winter",
  },
  {
    name: "Clean-up crew care pack",
    text: "Spare shells in three sizes, a sinking algae wafer for hermits and snails, and our care sheet.",
    when: "Winter",
  },
];

export default function ComingSoon() {
  return (
    <>
      <PageHeader
        eyebrow="Coming soon"
        title="Growing in the vats"
        intro="A few things we're raising and testing before they're good enough to sell. Nothing here ships until it has lived in our own tanks for a season."
      />
      <div className="container-page py-12">
        <ul className="grid gap-6 md:grid-cols-3">
          {UPCOMING.map((item) => (
            <li key={item.name} className="card p-6">
              <Icon icon={Sparkles} aria-hidden="true" className="h-6 w-6 text-gold" />
              <h2 className="mt-3 text-xl font-semibold">{item.name}</h2>
              <p className="mt-2 text-ink-soft">{item.text}</p>
              <p className="mt-4 text-sm font-semibold text-reef-dark">Expected: {item.when}</p>
            </li>
          ))}
        </ul>
        <section aria-labelledby="notify-heading" className="card relative mt-10 max-w-xl p-6">
          <h2 id="notify-heading" className="text-2xl font-semibold">
            Notify me when they land
          </h2>
          <p className="mt-1 mb-4 text-ink-soft">
            One email when something new is in stock, plus our monthly reef notes. Unsubscribe in one click.
          </p>
          <NewsletterSignup source="coming-soon" tone="light" />
        </section>
        <p className="mt-10 text-ink-soft">
          In the meantime, our{" "}
          <Link to="/products" className="font-semibold text-reef-dark underline">
            current chaeto and bundles
          </Link>{" "}
          ship every Monday to Wednesday.
        </p>
      </div>
    </>
  );
}
