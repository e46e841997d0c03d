import { data, Link, redirect } from "react-router";
import { SubscriptionPanel } from "#app/components/account/subscription-panel";
import { routeErrorBoundary } from "#app/components/route-error";
import { getUser, requireUser } from "#app/models/accounts/session.server";
import { listSubscriptionsOf } from "#app/models/subscriptions/subscriptions.server";
import {
  answerSubscriptionForm,
  cardSetupAlert,
  cardSetupReturn,
  doneNotice,
  panelView,
  type SubscriptionFormResult,
} from "#app/routes/edge/subscription-forms.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/account-subscriptions";

const PATH = "/account/subscriptions";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "My subscriptions",
    description: "Skip, move, change, pause or cancel the deliveries you subscribed to.",
    path: PATH,
  }),
  { name: "robots", content: "noindex" },
];

/** The signed-in customer's subscriptions (issue 38), with the one just changed saying so. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const user = await requireUser(services, request);
  const params = new URL(request.url).searchParams;
  const changed = params.get("sub");
  const views = await listSubscriptionsOf(services.database.db, user.id);
  // Back from Stripe's card form for one of them (`setup_for`); another customer's is a 404.
  const setupFor = params.get("setup_for");
  if (setupFor !== null) {
    if (!views.some((v) => v.id === setupFor)) throw data(null, { status: 404 });
    const back = await cardSetupReturn(services, request, setupFor);
    if (back) throw redirect(`${PATH}?${new URLSearchParams({ ...back, sub: setupFor }).toString()}#sub-${setupFor}`);
  }
  const subscriptions = views.map((view) => {
    const panel = panelView(services, view);
    return {
      panel,
      notice: view.id === changed ? doneNotice(params.get("done"), panel, params.get("paid")) : null,
      cardAlert: view.id === changed ? cardSetupAlert(view.id, params.get("card")) : null,
    };
  });
  return { subscriptions };
}

/** One panel's form; another customer's subscription is a 404 like a missing one. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const user = await getUser(services, request.headers);
  if (!user) {
    const result: SubscriptionFormResult = {
      status: "error",
      subscriptionId: null,
      message: "Your session has ended. Sign in again.",
    };
    return data(result, { status: 401 });
  }
  return answerSubscriptionForm(services, request, {
    changer: { kind: "customer", userId: user.id },
    doneUrl: (id, query) => `${PATH}?${new URLSearchParams({ ...query, sub: id }).toString()}#sub-${id}`,
  });
}

export default function AccountSubscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? null;
  return (
    <section className="container-page max-w-4xl py-12">
      <p className="eyebrow">
        <Link to="/profile" className="underline">
          Your account
        </Link>
      </p>
      <h1 className="text-4xl font-semibold">My subscriptions</h1>
      <p className="mt-3 text-ink-soft">
        Deliveries on a schedule at a saving. We mail you three days before each charge, with the price, and every
        change here is mailed to you too.
      </p>
      {result && result.subscriptionId === null && result.message ? (
        <p role="alert" className="mt-4 rounded-xl bg-coral-light p-3 text-sm font-medium text-coral-text">
          {result.message}
        </p>
      ) : null}
      {loaderData.subscriptions.length === 0 ? (
        <p className="mt-6" data-testid="no-subscriptions">
          No subscriptions yet. Products that can come on a schedule say &quot;Deliver every N weeks&quot; on their
          page: <Link to="/products">browse the products</Link>.
        </p>
      ) : (
        <div className="mt-6 space-y-6">
          {loaderData.subscriptions.map(({ panel, notice, cardAlert }) => (
            <SubscriptionPanel
              key={panel.id}
              view={panel}
              action={PATH}
              withId
              result={result ?? cardAlert}
              notice={notice}
              reloadHref={PATH}
              setupReturn={`${PATH}?setup_for=${panel.id}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary("account");
