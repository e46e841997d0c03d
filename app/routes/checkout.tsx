import { Link } from "react-router";
import { Lock } from "lucide-react";
import type { Route } from "./+types/checkout";
import { CartContents } from "~/components/cart/cart-contents";
import { useCart } from "~/components/cart/cart-context";
import { pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Checkout", description: "Review your order and pay securely.", path: "/checkout" }),
  { name: "robots", content: "noindex" },
];

export default function Checkout() {
  const { quote, ready } = useCart();
  const hasItems = ready && quote.lines.length > 0;
  return (
    <section className="container-page py-12">
      <p className="eyebrow">Checkout</p>
      <h1 className="mt-2 text-4xl font-semibold">Checkout</h1>
      <div className={`mt-8 grid gap-8 ${hasItems ? "lg:grid-cols-[1.4fr_1fr]" : ""}`}>
        <div className="card p-5 sm:p-6">
          <h2 className="text-xl font-semibold">Order summary</h2>
          <CartContents layout="page" />
        </div>
        {hasItems ? (
          <aside className="card h-fit p-6" aria-labelledby="payment-heading">
            <Lock aria-hidden="true" className="h-6 w-6 text-reef" />
            <h2 id="payment-heading" className="mt-3 text-xl font-semibold">
              Payment
            </h2>
            <p className="mt-2 text-ink-soft">
              Online card payment is being switched on. To order today, email us your cart and we'll send a secure
              payment link; your cart is saved in this browser in the meantime.
            </p>
            <Link to="/contact" className="btn-primary mt-5 w-full">
              Order by email
            </Link>
          </aside>
        ) : null}
      </div>
    </section>
  );
}
