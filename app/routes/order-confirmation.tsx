import { Link } from "react-router";
import { PackageSearch } from "lucide-react";
import type { Route } from "./+types/order-confirmation";
import { pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Order confirmation", description: "Your Lazy Reefer order.", path: "/order-confirmation" }),
  { name: "robots", content: "noindex" },
];

export default function OrderConfirmation() {
  return (
    <section className="container-page py-16">
      <p className="eyebrow">Order confirmation</p>
      <h1 className="mt-2 text-4xl font-semibold">We couldn't find that order</h1>
      <div className="card mt-8 flex flex-col items-center p-10 text-center">
        <PackageSearch aria-hidden="true" className="h-10 w-10 text-ink-soft" />
        <p className="mt-4 max-w-md text-ink-soft">
          Open this page from the link in your confirmation email to see your order. If something looks wrong, write to
          us and quote your order number.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/contact" className="btn-primary">
            Contact us
          </Link>
          <Link to="/products" className="btn-secondary">
            Keep shopping
          </Link>
        </div>
      </div>
    </section>
  );
}
