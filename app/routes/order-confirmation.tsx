import { CheckCircle2, PackageSearch } from "lucide";
import { data, Link } from "react-router";
import { OrderSummary } from "#app/components/order-summary";
import { PostalAddress } from "#app/components/postal-address";
import { routeErrorBoundary } from "#app/components/route-error";
import { Icon } from "#app/components/ui/icon";
import { claimWindowEnd, claimWindowOpen, REMEDY_LABELS } from "#app/domain/claims";
import { formatDate } from "#app/domain/dates";
import { orderStory, type OrderStory } from "#app/domain/order-story";
import { describeDelivery } from "#app/domain/ship-calendar";
import { mailIsSent } from "#app/models/mail-setup.server";
import { customerClaims, fileClaimFromForm } from "#app/models/orders/claims.server";
import { customerOrderView } from "#app/models/orders/order-json";
import { getOrderForToken } from "#app/models/orders/orders.server";
import { pageMeta } from "#app/utils/seo";
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
  const { config } = context.services;
  const mailSent = mailIsSent(config);
  // Printed, the page has no header: the paper says whose order it is and how to reach the shop.
  const shop = { name: config.shopName, email: config.shopEmail, website: config.publicUrl };
  if (!order) return { order: null, story: null, mailSent, shop, claims: null };
  // "Report a problem" is offered from delivery until the claim window closes.
  const now = context.services.clock();
  const hours = config.claimWindowHours;
  const claims = {
    open: claimWindowOpen(order, hours, now),
    endsAt: claimWindowEnd(order, hours)?.toISOString() ?? null,
    hours,
    filed: order.status === "delivered" ? await customerClaims(context.services.database.db, order.id) : [],
  };
  // The story is told from the whole order here; the browser gets only the customer's view of it.
  return { order: customerOrderView(order), story: orderStory(order, { mailSent }), mailSent, shop, claims };
}

/** The "Report a problem" form: a plain multipart POST to this page, working before any JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const params = new URL(request.url).searchParams;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ claimError: "The form could not be read. Please try again.", claimFiled: false }, { status: 400 });
  }
  const outcome = await fileClaimFromForm(context.services, {
    orderId: params.get("order") ?? "",
    token: params.get("token") ?? "",
    form,
  });
  switch (outcome.kind) {
    case "filed":
      return { claimError: null, claimFiled: true };
    case "not-found":
      return data({ claimError: "We couldn't find that order.", claimFiled: false }, { status: 404 });
    case "invalid":
      return data({ claimError: outcome.message, claimFiled: false }, { status: 400 });
    case "refused":
      return data(
        { claimError: outcome.message, claimFiled: false },
        { status: outcome.refusal === "invalid" ? 400 : 409 },
      );
  }
}

type ClaimsData = NonNullable<Route.ComponentProps["loaderData"]["claims"]>;

const STATUS_WORDS = { open: "We are looking at it", approved: "Approved", declined: "Declined" } as const;

/** The buyer's reports on this order, and within the window the form to make one. */
function ReportProblem({
  claims,
  lines,
  error,
  filed,
}: {
  claims: ClaimsData;
  lines: Array<{ title: string; quantity: number }>;
  error: string | null;
  filed: boolean;
}) {
  if (!claims.open && claims.filed.length === 0) return null;
  return (
    <div className="card mt-8 p-6" id="report" data-testid="report-problem">
      <h2 className="text-xl font-semibold">Report a problem</h2>
      {claims.filed.length > 0 ? (
        <ul className="mt-3 space-y-2" data-testid="claims-filed">
          {claims.filed.map((c) => (
            <li key={c.id}>
              <strong>{STATUS_WORDS[c.status]}</strong>: {c.lines.map((l) => `${l.quantity} × ${l.title}`).join(", ")}
              {c.status === "approved" && c.remedy ? ` — ${REMEDY_LABELS[c.remedy].toLowerCase()}` : ""}
              {c.status === "declined" && c.declineReason ? ` — ${c.declineReason}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {filed ? (
        <p className="mt-3 font-semibold text-chaeto" role="status" data-testid="claim-filed">
          Thank you: we got your report and answer within a day.
        </p>
      ) : null}
      {claims.open ? (
        <form method="post" encType="multipart/form-data" className="mt-4 space-y-4" data-testid="claim-form">
          <p className="text-ink-soft">
            Something arrived dead? Tell us within {claims.hours} hours of delivery
            {claims.endsAt ? ` (until ${new Date(claims.endsAt).toUTCString().slice(0, 22)} UTC)` : ""}: pick what, add
            photos, and choose what you would like.
          </p>
          {error ? (
            <p className="font-semibold text-coral-text" role="alert" data-testid="claim-error">
              {error}
            </p>
          ) : null}
          <fieldset className="space-y-2">
            <legend className="font-semibold">What arrived dead?</legend>
            {lines.map((line, index) => (
              <div key={index} className="flex flex-wrap items-center gap-3">
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="line" value={index} />
                  {line.title}
                </label>
                <label className="flex items-center gap-2 text-sm">
                  How many
                  <input
                    type="number"
                    name={`quantity-${index}`}
                    min={1}
                    max={line.quantity}
                    defaultValue={line.quantity}
                    className="field-input w-20"
                  />
                </label>
              </div>
            ))}
          </fieldset>
          <label className="block">
            <span className="font-semibold">Photos (1 to 5)</span>
            <input type="file" name="photos" accept="image/*" multiple required className="mt-1 block w-full" />
          </label>
          <fieldset className="space-y-1">
            <legend className="font-semibold">What would you like?</legend>
            {(["replacement", "refund", "credit"] as const).map((remedy, i) => (
              <label key={remedy} className="flex items-center gap-2">
                <input type="radio" name="remedy" value={remedy} defaultChecked={i === 0} />
                {REMEDY_LABELS[remedy]}
              </label>
            ))}
          </fieldset>
          <label className="block">
            <span className="font-semibold">Anything to add?</span>
            <textarea name="note" rows={3} maxLength={2000} className="field-input mt-1 w-full" />
          </label>
          <button type="submit" className="btn-primary">
            Send the report
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** The carrier and tracking number, linked to the carrier's tracking page when the shop knows it. */
function TrackingLine({ tracking }: { tracking: NonNullable<OrderStory["tracking"]> }) {
  return (
    <p className="mt-2" data-testid="order-tracking">
      {tracking.carrier} tracking number{" "}
      {tracking.url ? (
        <a
          href={tracking.url}
          className="font-semibold break-all text-reef-dark underline"
          target="_blank"
          rel="noopener noreferrer"
        >
          {tracking.number}
        </a>
      ) : (
        <strong className="break-all">{tracking.number}</strong>
      )}
    </p>
  );
}

export default function OrderConfirmation({ loaderData, actionData }: Route.ComponentProps) {
  const { order, story, mailSent, shop, claims } = loaderData;
  if (!order || !story) {
    return (
      <section className="container-page py-16">
        <p className="eyebrow">Order confirmation</p>
        <h1 className="mt-2 text-4xl font-semibold">We couldn't find that order</h1>
        <div className="card mt-8 flex flex-col items-center p-10 text-center">
          <Icon icon={PackageSearch} aria-hidden="true" className="h-10 w-10 text-ink-soft" />
          <p className="mt-4 max-w-md text-ink-soft">
            Open this page from the link you were given when you ordered (or in your confirmation email) to see your
            order. If something looks wrong, write to us and quote your order number.
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
  const address = order.shippingAddress;
  return (
    <section className="container-page py-12">
      <p className="mb-6 hidden border-b border-line pb-3 text-sm print:block" data-testid="order-print-shop">
        <strong>{shop.name}</strong> · {shop.email} · {shop.website.replace(/^https?:\/\//, "")} · Order placed{" "}
        {formatDate(order.createdAt)}
      </p>
      <div className="flex items-start gap-3">
        {story.goingAhead ? (
          <Icon icon={CheckCircle2} aria-hidden="true" className="mt-1 h-8 w-8 shrink-0 text-chaeto" />
        ) : null}
        <div>
          <p className="eyebrow">Order {order.number}</p>
          <h1 className="mt-1 text-4xl font-semibold">
            {story.goingAhead ? `Thank you, ${order.customerName.split(" ")[0]}!` : "Your order"}
          </h1>
          <div className="mt-2 text-lg text-ink-soft" data-testid="order-state">
            <p>
              Status: <strong data-testid="order-status">{story.label}</strong>. {story.headline}
            </p>
            {story.tracking ? <TrackingLine tracking={story.tracking} /> : null}
            {story.refund ? (
              <p className="mt-2" data-testid="order-refund">
                {story.refund}
              </p>
            ) : null}
            {story.goingAhead ? (
              <p className="mt-2 text-base">
                {mailSent
                  ? `We email updates about this order to ${order.email}.`
                  : "Keep this page's address: it always shows where your order stands."}
              </p>
            ) : null}
          </div>
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
              {/* Once the box has left, the tracking line above says where it is instead. */}
              {order.status === "paid" && order.shipOn && order.arriveOn ? (
                <p className="mt-3 font-semibold" data-testid="order-delivery">
                  {describeDelivery({ shipOn: order.shipOn, arriveOn: order.arriveOn })}
                </p>
              ) : null}
            </div>
          ) : null}
          {story.nextSteps.length > 0 ? (
            <div className="card p-6">
              <h2 className="text-xl font-semibold">What happens next</h2>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-ink-soft" data-testid="order-next-steps">
                {story.nextSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ul>
              {order.requiresShipping ? (
                <p className="mt-3 text-sm">
                  <Link to="/shipping-info" className="font-semibold text-reef-dark underline">
                    Shipping and the arrive-alive policy
                  </Link>
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      {claims ? (
        <ReportProblem
          claims={claims}
          lines={order.lines}
          error={actionData?.claimError ?? null}
          filed={actionData?.claimFiled ?? false}
        />
      ) : null}
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary("order");
