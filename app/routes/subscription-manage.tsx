import { data, redirect } from "react-router";
import { SubscriptionPanel, type PanelFocus } from "#app/components/account/subscription-panel";
import { routeErrorBoundary } from "#app/components/route-error";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { getSubscription, verifyManageLink, viewOf } from "#app/models/subscriptions/subscriptions.server";
import {
  answerSubscriptionForm,
  cardSetupAlert,
  cardSetupReturn,
  doneNotice,
  panelView,
} from "#app/routes/edge/subscription-forms.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/subscription-manage";

const FOCUSES: readonly PanelFocus[] = ["skip", "date", "quantity", "cancel", "card"];

export const meta: Route.MetaFunction = ({ matches, params }) => [
  ...pageMeta(matches, {
    title: "Your subscription",
    description: "Skip, move, change or cancel your subscription.",
    path: `/subscriptions/${encodeURIComponent(params.id)}`,
  }),
  { name: "robots", content: "noindex" },
];

/** The subscription a signed link names; a wrong or forged signature is a missing page. */
function signed(request: Request, secret: string, id: string) {
  const sig = new URL(request.url).searchParams.get("sig") ?? "";
  if (sig.length > 200 || !verifyManageLink(secret, id, sig)) throw data(null, { status: 404 });
  return sig;
}

/** Where the page's forms post and where a change lands: the page itself, its signature kept. */
const selfUrl = (id: string, sig: string, query: Record<string, string> = {}) =>
  `/subscriptions/${encodeURIComponent(id)}?${new URLSearchParams({ sig, ...query }).toString()}`;

/** The signed page a subscription's mails link to (issue 38): no sign-in, one subscription. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = context;
  const sig = signed(request, services.secret, params.id);
  const { db } = services.database;
  const row = await getSubscription(db, params.id);
  if (!row) throw data(null, { status: 404 });
  const back = await cardSetupReturn(services, request, row.id);
  if (back) throw redirect(selfUrl(row.id, sig, back));
  const panel = panelView(services, viewOf(row, await loadCatalogueSnapshot(db)));
  const search = new URL(request.url).searchParams;
  const wanted = search.get("do");
  return {
    panel,
    focus: FOCUSES.find((f) => f === wanted) ?? null,
    notice: doneNotice(search.get("done"), panel, search.get("paid")),
    self: selfUrl(panel.id, sig),
    cardAlert: cardSetupAlert(panel.id, search.get("card")),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { services } = context;
  const sig = signed(request, services.secret, params.id);
  return answerSubscriptionForm(services, request, {
    changer: { kind: "link" },
    id: params.id,
    doneUrl: (id, query) => selfUrl(id, sig, query),
  });
}

export default function SubscriptionManage({ loaderData, actionData }: Route.ComponentProps) {
  const { panel, focus, notice, self, cardAlert } = loaderData;
  return (
    <section className="container-page max-w-3xl py-10">
      <p className="eyebrow">Subscribe &amp; save</p>
      <h1 className="text-3xl font-semibold sm:text-4xl">Your subscription</h1>
      <div className="mt-6">
        <SubscriptionPanel
          view={panel}
          action={self}
          focus={focus}
          result={actionData ?? cardAlert}
          notice={notice}
          reloadHref={self}
        />
      </div>
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary("page");
