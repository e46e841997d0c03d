import { Form, Link, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "#app/components/admin/admin-page";
import { DataTable, Td } from "#app/components/admin/data-table";
import { formatDate } from "#app/domain/dates";
import { formIntent, parseForm } from "#app/domain/forms";
import { formatCents } from "#app/domain/money";
import { OWNER_STATUSES, STATUS_LABELS } from "#app/domain/owner-subscriptions";
import { formatShipDay } from "#app/domain/ship-calendar";
import { OwnerChangeFormSchema } from "#app/forms/admin-subscriptions";
import { requireAdmin } from "#app/models/back-office/access.server";
import {
  listSubscriptionsForOwner,
  OwnerListSchema,
  renewalRevenue,
  upcomingRenewals,
} from "#app/models/back-office/subscriptions.server";
import { changeSubscription } from "#app/models/subscriptions/subscriptions.server";
import { formError, formSuccess, invalidForm } from "#app/utils/form-response";
import type { Route } from "./+types/subscriptions";

export const meta: Route.MetaFunction = () => [{ title: "Subscriptions | Back office" }];

/** Subscribe & save for the owner (issue 38): who subscribes, the renewals ahead and their stock, renewal revenue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { reader } = context.services.database;
  const params = new URL(request.url).searchParams;
  // A status or cursor edited by hand into something else is ignored: the newest active ones.
  const query = OwnerListSchema.safeParse({
    status: params.get("status") ?? undefined,
    cursor: params.get("cursor") ?? undefined,
  });
  const now = context.services.clock();
  const [list, upcoming, revenue] = await Promise.all([
    listSubscriptionsForOwner(reader, query.success ? query.data : { status: "active" }),
    upcomingRenewals(reader, now, context.services.config.shopTimeZone),
    renewalRevenue(reader, now),
  ]);
  return {
    status: query.success ? query.data.status : ("active" as const),
    paged: query.success && query.data.cursor !== undefined,
    list,
    upcoming,
    revenue,
  };
}

const DONE: Record<"pause" | "resume" | "cancel", string> = {
  pause: "Paused",
  resume: "Resumed",
  cancel: "Cancelled",
};

/** Pause, resume or cancel one; the buyer is mailed what changed (by the subscriptions' own use case). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services, request);
  const form = await request.formData();
  const intent = formIntent(form);
  const parsed = parseForm(OwnerChangeFormSchema, form, intent);
  if (!parsed.success) return invalidForm(parsed.result);
  const { id, do: change } = parsed.data;
  const outcome = await changeSubscription(context.services, id, change, { kind: "owner", actor: admin.email });
  switch (outcome.kind) {
    case "not-found":
      return formError("There is no such subscription: reload the page.", { intent, status: 404 });
    case "conflict":
    case "refused":
      return formError(outcome.message, { intent, status: 409 });
    case "changed": {
      const who = outcome.subscription.email;
      return formSuccess(
        outcome.changed
          ? `${DONE[change]} the subscription of ${who}; we mailed them to say so.`
          : `Nothing to change: the subscription of ${who} was already ${outcome.subscription.status}.`,
        { intent },
      );
    }
  }
}

type Data = Route.ComponentProps["loaderData"];
type Row = Data["list"]["subscriptions"][number];

function ChangeButtons({ row, busy }: { row: Row; busy: boolean }) {
  const who = row.name || row.email;
  const button = (change: "pause" | "resume" | "cancel", label: string, primary = false) => (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={`subscription:${row.id}`} />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="do" value={change} />
      <button
        type="submit"
        className={`${primary ? "btn-primary" : "btn-secondary"} min-h-11 whitespace-nowrap px-3 py-1.5`}
        disabled={busy}
        aria-label={`${label} the subscription of ${who}`}
      >
        {label}
      </button>
    </Form>
  );
  if (row.status === "cancelled") return <span className="text-ink-soft">—</span>;
  return (
    <div className="flex flex-wrap items-start gap-2">
      {row.status === "active" ? button("pause", "Pause") : null}
      {row.status === "paused" ? button("resume", "Resume") : null}
      {/* Cancelling cannot be undone: it asks once more, without JavaScript too. */}
      <details className="group">
        <summary className="btn-secondary min-h-11 cursor-pointer list-none px-3 py-1.5 [&::-webkit-details-marker]:hidden">
          Cancel…
        </summary>
        <div className="mt-2">{button("cancel", "Cancel for good", true)}</div>
      </details>
    </div>
  );
}

function RevenueCards({ revenue }: { revenue: Data["revenue"] }) {
  const cards = [
    { label: "Last 30 days", take: revenue.last30Days },
    { label: "Last 90 days", take: revenue.last90Days },
    { label: "All time", take: revenue.allTime },
  ];
  return (
    <dl className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="renewal-revenue">
      {cards.map(({ label, take }) => (
        <div key={label} className="card p-4">
          <dt className="text-sm text-ink-soft">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold">{formatCents(take.revenueCents)}</dd>
          <dd className="text-sm text-ink-soft">
            {take.orders.toLocaleString("en-US")} paid {take.orders === 1 ? "renewal" : "renewals"}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function UpcomingWeeks({ upcoming }: { upcoming: Data["upcoming"] }) {
  const any = upcoming.weeks.some((w) => w.renewals > 0);
  return (
    <>
      {upcoming.shortOf.length > 0 ? (
        <p className="mt-2 rounded-lg border border-coral-text/40 bg-paper p-3 text-sm" role="note">
          <strong>Short of stock:</strong> today&apos;s stock does not cover the renewals ahead of{" "}
          {upcoming.shortOf.join(", ")}.
        </p>
      ) : null}
      <DataTable
        label="Renewals by week"
        testId="renewal-weeks"
        className="mt-3"
        columns={[
          { label: "Week of" },
          { label: "Renewals", align: "right", className: "max-sm:hidden" },
          { label: "Stock they need" },
        ]}
        isEmpty={!any}
        emptyMessage="No active subscription renews in the next eight weeks."
      >
        {upcoming.weeks.map((week) => (
          <tr key={week.weekOf} data-testid={`week-${week.weekOf}`}>
            <Td className="whitespace-nowrap">
              <span className="font-semibold">{formatShipDay(week.weekOf)}</span>
              <span className="block text-xs text-ink-soft">{week.isoWeek}</span>
              <span className="block text-xs text-ink-soft sm:hidden">
                {week.renewals.toLocaleString("en-US")} {week.renewals === 1 ? "renewal" : "renewals"}
              </span>
            </Td>
            <Td align="right" className="max-sm:hidden">
              {week.renewals.toLocaleString("en-US")}
            </Td>
            <Td className="sm:min-w-56">
              {week.products.length === 0 ? (
                <span className="text-ink-soft">Nothing</span>
              ) : (
                <ul className="space-y-1">
                  {week.products.map((p) => (
                    <li key={p.productId} data-testid={`need-${week.weekOf}-${p.productId}`}>
                      {p.units} × {p.title}{" "}
                      <span className={p.short ? "font-semibold text-coral-text" : "text-ink-soft"}>
                        {p.short
                          ? `· short: ${p.unitsSoFar} needed by then, ${p.stock} in stock`
                          : `· ${p.unitsSoFar} by then of ${p.stock} in stock`}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

export default function AdminSubscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { list, status, paged, upcoming, revenue } = loaderData;
  const busy = useNavigation().state === "submitting";
  const countOf = (s: (typeof OWNER_STATUSES)[number]) =>
    `${list.counts[s].count.toLocaleString("en-US")}${list.counts[s].more ? "+" : ""}`;
  return (
    <AdminPage
      headingId="subscriptions-heading"
      title="Subscriptions"
      intro="Subscribe & save: who subscribes, the renewals of the coming weeks with the stock they take, and what renewals brought in. Pausing or cancelling one mails its buyer."
    >
      <section aria-labelledby="revenue-heading" className="mt-6">
        <h2 id="revenue-heading" className="text-xl font-semibold">
          Revenue from renewals
        </h2>
        <p className="text-sm text-ink-soft">Paid renewal orders less refunds; first orders are not counted.</p>
        <RevenueCards revenue={revenue} />
      </section>

      <section aria-labelledby="upcoming-heading" className="mt-8">
        <h2 id="upcoming-heading" className="text-xl font-semibold">
          Renewals ahead, by week
        </h2>
        <p className="text-sm text-ink-soft">
          Active subscriptions only, at their current quantities; stock is today&apos;s, counted against every renewal
          up to that week.
        </p>
        <UpcomingWeeks upcoming={upcoming} />
      </section>

      <section aria-labelledby="list-heading" className="mt-8">
        <h2 id="list-heading" className="text-xl font-semibold">
          Who subscribes
        </h2>
        <nav aria-label="Subscriptions by status" className="mt-3 flex flex-wrap gap-2">
          {OWNER_STATUSES.map((s) => (
            <Link
              key={s}
              to={`?status=${s}`}
              aria-current={s === status ? "page" : undefined}
              className={`rounded-lg px-3 py-2 text-sm font-medium ${s === status ? "bg-ink text-white" : "border border-line bg-paper hover:bg-sand-deep"}`}
            >
              {STATUS_LABELS[s]} ({countOf(s)})
            </Link>
          ))}
        </nav>
        <ActionResult result={actionData} />
        <DataTable
          label={`${STATUS_LABELS[status]} subscriptions`}
          testId="subscriptions"
          className="mt-3"
          columns={[
            { label: "Subscriber" },
            { label: "Delivers", className: "max-sm:hidden" },
            { label: "Every", className: "max-sm:hidden" },
            { label: "Next charge", className: "max-sm:hidden" },
            { label: "Per delivery", align: "right", className: "max-sm:hidden" },
            { label: "Change" },
          ]}
          isEmpty={list.subscriptions.length === 0}
          emptyMessage={`No ${STATUS_LABELS[status].toLowerCase()} subscriptions.`}
        >
          {list.subscriptions.map((row) => (
            <tr key={row.id} data-testid={`subscription-${row.id}`}>
              <Td className="break-words sm:max-w-48">
                <span className="font-semibold">{row.name || row.email}</span>
                <span className="block text-xs text-ink-soft">{row.email}</span>
                <span className="block text-xs text-ink-soft">
                  since {formatDate(row.createdAt)}
                  {row.pauseReason && row.status === "paused" ? ` · paused by ${pauseBy(row.pauseReason)}` : ""}
                </span>
                {/* On a phone the other columns are hidden (the buttons stay in view): said here instead. */}
                <span className="mt-1 block text-sm sm:hidden">
                  {row.lines.map((l) => `${l.quantity} × ${l.title}`).join(", ")}
                  <span className="block text-xs text-ink-soft">
                    {formatCents(row.totalCents)} every {row.everyWeeks} weeks
                    {row.status === "active" ? ` · next ${formatShipDay(row.nextChargeOn)}` : ""}
                  </span>
                </span>
              </Td>
              <Td className="min-w-40 max-sm:hidden">
                <ul>
                  {row.lines.map((l) => (
                    <li key={l.productId}>
                      {l.quantity} × {l.title}
                      {l.available ? "" : <span className="text-ink-soft"> (no longer offered)</span>}
                    </li>
                  ))}
                </ul>
              </Td>
              <Td className="whitespace-nowrap max-sm:hidden">{row.everyWeeks} weeks</Td>
              <Td className="whitespace-nowrap max-sm:hidden">
                {row.status === "active" ? formatShipDay(row.nextChargeOn, { withYear: true }) : "—"}
              </Td>
              <Td align="right" className="whitespace-nowrap max-sm:hidden">
                {formatCents(row.totalCents)}
                {row.savingCents > 0 ? (
                  <span className="block text-xs text-ink-soft">saves {formatCents(row.savingCents)}</span>
                ) : null}
              </Td>
              <Td>
                <ChangeButtons row={row} busy={busy} />
              </Td>
            </tr>
          ))}
        </DataTable>
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
          {paged ? (
            <Link to={`?status=${status}`} className="btn-secondary min-h-9">
              Newest
            </Link>
          ) : null}
          {list.nextCursor ? (
            <Link
              to={`?status=${status}&cursor=${encodeURIComponent(list.nextCursor)}`}
              className="btn-secondary min-h-9"
            >
              Older
            </Link>
          ) : null}
        </nav>
      </section>
    </AdminPage>
  );
}

const PAUSED_BY: Record<string, string> = {
  owner: "you",
  customer: "the buyer",
  "payment-failed": "the shop: the payment failed three times",
  "no-stock": "the shop: out of stock for a week",
};

function pauseBy(reason: string) {
  return PAUSED_BY[reason] ?? "the shop: something is no longer offered";
}
