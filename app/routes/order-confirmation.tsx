import { CheckCircle2, PackageSearch } from "lucide";
import { Link } from "react-router";
import { OrderSummary } from "~/components/order-summary";
import { PostalAddress } from "~/components/postal-address";
import { Icon } from "~/components/ui/icon";
import { STATUS_LABELS } from "~/domain/order-status";
import { getOrderForToken } from "~/models/orders.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/order-confirmation";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Order confirmation",
    description: "Your Lazy Reefer order.",
    path: "/order-confirmation",
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get("order") ?? "";
  const token = params.get("token") ?? "";
  const order = id && token ? await getOrderForToken(context.services.database.db, id, token) : null;
  return { order };
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  if (!order) {
    return (
      <section className="container-page py-16">
        <p className="eyebrow">Order confirmation</p>
        <h1 className="mt-2 text-4xl font-semibold">We couldn't find that order</h1>
        <div className="card mt-8 flex flex-col items-center p-10 text-center">
          <Icon icon={PackageSearch} aria-hidden="true" className="h-10 w-10 text-ink-soft" />
          <p className="mt-4 max-w-md text-ink-soft">
            Open this page from the link in your confirmation email to see your order. If something looks wrong, write
            to us and quote your order number.
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
  const paid = order.status === "paid" || order.status === "delivered" || order.status === "shipped";
  const address = order.shippingAddress;
  return (
    <section className="container-page py-12">
      <div className="flex items-start gap-3">
        {paid ? <Icon icon={CheckCircle2} aria-hidden="true" className="mt-1 h-8 w-8 shrink-0 text-chaeto" /> : null}
        <div>
          <p className="eyebrow">Order {order.number}</p>
          <h1 className="mt-1 text-4xl font-semibold">
            {paid ? `Thank you, ${order.customerName.split(" ")[0]}!` : "Your order"}
          </h1>
          <p className="mt-2 text-lg text-ink-soft">
            Status: <strong data-testid="order-status">{STATUS_LABELS[order.status]}</strong>. A confirmation is on its
            way to {order.email}.
          </p>
        </div>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1.4fr_1fr]">
        <div className="card p-6">
          <h2 className="text-xl font-semibold">What you ordered</h2>
          <OrderSummary order={order} savingsLabel="You saved" />
        </div>
        <div className="space-y-6">
          {address ? (
            <div className="card p-6">
              <h2 className="text-xl font-semibold">Shipping to</h2>
              <PostalAddress address={address} fallbackName={order.customerName} className="mt-2 text-ink-soft" />
            </div>
          ) : null}
          <div className="card p-6">
            <h2 className="text-xl font-semibold">What happens next</h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-ink-soft">
              {order.requiresShipping ? (
                <>
                  <li>We pack your order within 1–2 business days.</li>
                  <li>
                    Live plants ship early in the week (Monday to Wednesday) so they never sit in a depot over a
                    weekend.
                  </li>
                  <li>You'll get a tracking number by email as soon as it ships.</li>
                  <li>
                    Arrived in bad shape? Send a photo within 24 hours: see our{" "}
                    <Link to="/shipping-info" className="font-semibold text-reef-dark underline">
                      arrive-alive policy
                    </Link>
                    .
                  </li>
                </>
              ) : (
                <li>It's a digital item: nothing to ship. Thank you for supporting a small reef shop!</li>
              )}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
