import { Link } from "react-router";
import { Clock, Mail, Truck } from "lucide-react";
import type { Route } from "./+types/contact";
import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact us",
    description: "Questions about chaeto, an order or your reef? Write to Lazy Reefer: real reefers answer within two business days.",
    path: "/contact",
  });

export function loader({ context }: Route.LoaderArgs) {
  return { shopEmail: context.services.config.shopEmail };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { shopEmail } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Talk to a reefer"
        intro="Questions about an order, a struggling ball of chaeto or a tank that won't behave: the people who grow and pack your order answer every message."
      />
      <div className="container-page grid gap-6 py-12 md:grid-cols-3">
        <section className="card p-6" aria-labelledby="email-heading">
          <Mail aria-hidden="true" className="h-6 w-6 text-reef" />
          <h2 id="email-heading" className="mt-3 text-xl font-semibold">
            Email
          </h2>
          <p className="mt-2 text-ink-soft">The quickest way to reach us. Include your order number if it's about an order.</p>
          <a href={`mailto:${shopEmail}`} className="mt-4 inline-block font-semibold text-reef-dark underline">
            {shopEmail}
          </a>
        </section>
        <section className="card p-6" aria-labelledby="hours-heading">
          <Clock aria-hidden="true" className="h-6 w-6 text-reef" />
          <h2 id="hours-heading" className="mt-3 text-xl font-semibold">
            Response times
          </h2>
          <p className="mt-2 text-ink-soft">
            Monday to Friday, within two business days. Arrive-alive claims sent within 24 hours of delivery get priority.
          </p>
        </section>
        <section className="card p-6" aria-labelledby="help-heading">
          <Truck aria-hidden="true" className="h-6 w-6 text-reef" />
          <h2 id="help-heading" className="mt-3 text-xl font-semibold">
            Before you write
          </h2>
          <p className="mt-2 text-ink-soft">
            Shipping days and the arrive-alive policy are on the{" "}
            <Link to="/shipping-info" className="font-semibold text-reef-dark underline">
              shipping page
            </Link>
            ; care questions are often answered in{" "}
            <Link to="/reef-wisdom" className="font-semibold text-reef-dark underline">
              Reef Wisdom
            </Link>
            .
          </p>
        </section>
      </div>
    </>
  );
}
