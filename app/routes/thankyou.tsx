import { Link } from "react-router";
import { Heart } from "lucide-react";
import type { Route } from "./+types/thankyou";
import { pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Thank you",
    description: "Thank you for getting in touch with Lazy Reefer. We answer every message within two business days.",
    path: "/thankyou",
  }),
  { name: "robots", content: "noindex" },
];

export default function ThankYou() {
  return (
    <section className="container-page py-20 text-center">
      <Heart aria-hidden="true" className="mx-auto h-12 w-12 text-coral" />
      <h1 className="mt-4 text-4xl font-semibold">Thank you!</h1>
      <p className="mx-auto mt-4 max-w-lg text-lg text-ink-soft">
        Whether you sent us a message or left a tip, it means a lot to a small reef shop. Messages get a personal answer
        within two business days.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/products" className="btn-primary">
          Back to the shop
        </Link>
        <Link to="/reef-wisdom" className="btn-secondary">
          Read a guide
        </Link>
      </div>
    </section>
  );
}
