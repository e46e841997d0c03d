import { Link } from "react-router";
import { ShoppingBag } from "lucide-react";
import type { Route } from "./+types/checkout";
import { pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Checkout", description: "Review your order and pay securely.", path: "/checkout" }),
  { name: "robots", content: "noindex" },
];

export default function Checkout() {
  return (
    <section className="container-page py-16">
      <p className="eyebrow">Checkout</p>
      <h1 className="mt-2 text-4xl font-semibold">Checkout</h1>
      <div className="card mt-8 flex flex-col items-center p-10 text-center">
        <ShoppingBag aria-hidden="true" className="h-10 w-10 text-ink-soft" />
        <h2 className="mt-4 text-2xl font-semibold">Your cart is empty</h2>
        <p className="mt-2 max-w-md text-ink-soft">
          Add some chaeto, coral food or a bundle and come back here to pay. Shipping is free on every order.
        </p>
        <Link to="/products" className="btn-primary mt-6">
          Browse products
        </Link>
      </div>
    </section>
  );
}
