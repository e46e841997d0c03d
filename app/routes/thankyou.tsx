import { Heart } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { formatCents } from "~/domain/money";
import { getOrderForToken } from "~/models/orders.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/thankyou";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Thank you",
    description: "Thank you for getting in touch with Lazy Reefer. We answer every message within two business days.",
    path: "/thankyou",
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const order =
    params.get("order") && params.get("token")
      ? await getOrderForToken(context.services.database.db, params.get("order")!, params.get("token")!)
      : null;
  return {
    tip: order
      ? {
          number: order.number,
          totalCents: order.totalCents,
          url: `/order-confirmation?order=${order.id}&token=${params.get("token")}`,
        }
      : null,
  };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { tip } = loaderData;
  return (
    <section className="container-page py-20 text-center">
      <Icon icon={Heart} aria-hidden="true" className="mx-auto h-12 w-12 text-coral" />
      <h1 className="mt-4 text-4xl font-semibold">Thank you!</h1>
      <p className="mx-auto mt-4 max-w-lg text-lg text-ink-soft">
        Whether you sent us a message or left a tip, it means a lot to a small reef shop. Messages get a personal answer
        within two business days, and a copy of yours is on its way to your inbox.
      </p>
      {tip ? (
        <p className="mx-auto mt-4 max-w-lg rounded-xl bg-chaeto-light p-4 text-chaeto" data-testid="tip-thanks">
          Your tip of <strong>{formatCents(tip.totalCents)}</strong> (order {tip.number}) went straight to the people
          who grow and pack your chaeto.{" "}
          <Link to={tip.url} className="font-semibold underline">
            View receipt
          </Link>
        </p>
      ) : null}
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
