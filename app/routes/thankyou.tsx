import { Heart } from "lucide";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon";
import { formatCents } from "#app/domain/money";
import { orderConfirmationPath } from "#app/domain/order-links";
import { customerMailAnswers, mailIsSent } from "#app/models/mail-setup.server";
import { getOrderForToken } from "#app/models/orders/orders.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/thankyou";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Thank you",
    description: "Thank you from Lazy Reefer: for a message, a tip or a visit.",
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
    // Without a mail server nothing leaves the outbox: the page must not promise mail.
    mailSent: mailIsSent(context.services.config),
    contactThanks: params.get("from") === "contact" ? customerMailAnswers.contactThanks(context.services.config) : null,
    tip: order
      ? {
          number: order.number,
          totalCents: order.totalCents,
          url: orderConfirmationPath(order.id, params.get("token")!),
        }
      : null,
  };
}

/** What the page thanks for: a tip (with its receipt), a message, or — opened directly — a visit. */
export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { tip, contactThanks, mailSent } = loaderData;
  return (
    <section className="container-page py-20 text-center">
      <Icon icon={Heart} aria-hidden="true" className="mx-auto h-12 w-12 text-coral" />
      {tip ? (
        <>
          <h1 className="mt-4 text-4xl font-semibold">Thank you for the tip!</h1>
          <p className="mx-auto mt-4 max-w-lg rounded-xl bg-chaeto-light p-4 text-chaeto" data-testid="tip-thanks">
            Your tip of <strong>{formatCents(tip.totalCents)}</strong> (order {tip.number}) went straight to the people
            who grow and pack your chaeto.{mailSent ? " A receipt is on its way to your inbox." : ""}{" "}
            <Link to={tip.url} className="font-semibold underline">
              View receipt
            </Link>
          </p>
        </>
      ) : contactThanks ? (
        <>
          <h1 className="mt-4 text-4xl font-semibold">Message sent</h1>
          <p className="mx-auto mt-4 max-w-lg text-lg text-ink-soft" data-testid="contact-thanks">
            {contactThanks}
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-4 text-4xl font-semibold">Thanks for stopping by</h1>
          <p className="mx-auto mt-4 max-w-lg text-lg text-ink-soft">
            Questions about chaeto or your reef? The guides answer most of them, and a real reefer answers the rest.
          </p>
        </>
      )}
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
