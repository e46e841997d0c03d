import { Form, Link, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "#app/components/admin/admin-page";
import { DataTable, Td } from "#app/components/admin/data-table";
import { MailStatusBadge } from "#app/components/admin/status-badge";
import { SelectField } from "#app/components/ui/field";
import { formatDateTime } from "#app/domain/dates";
import { kindLabel, OUTBOX_STATUSES } from "#app/domain/outbox";
import { requireAdmin } from "#app/models/back-office/access.server";
import { listOutbox, outboxFilters, outboxKinds } from "#app/models/back-office/outbox.server";
import { mailIsSent } from "#app/models/mail-setup.server";
import { retryMailAction } from "#app/routes/edge/retry-mail.server";
import type { Route } from "./+types/outbox";

export const meta: Route.MetaFunction = () => [{ title: "Outbox | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const filters = outboxFilters(new URL(request.url).searchParams);
  const db = context.services.database.reader;
  const [mail, kinds] = await Promise.all([listOutbox(db, filters, context.services.config), outboxKinds(db)]);
  return { filters, mail, kinds, smtp: mailIsSent(context.services.config) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  return retryMailAction(context.services, request);
}

/** Columns shown from sm up; below it their cells' content sits under the subject. */
const ON_WIDER_SCREENS = "max-sm:hidden";

const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};

export default function AdminOutbox({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, mail, kinds } = loaderData;
  const busy = useNavigation().state === "submitting";
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== "")).toString();
  return (
    <AdminPage
      headingId="outbox-heading"
      title="Outbox"
      intro="Every email the shop sends: open one to see it as the customer does."
    >
      {!loaderData.smtp ? (
        <p className="mt-3 rounded-xl bg-gold-light p-3 text-sm">
          SMTP_URL is not set: mail stays here, readable below, until a mail server is configured.
        </p>
      ) : null}
      <Form method="get" className="card mt-4 grid gap-3 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <SelectField
          name="kind"
          label="Kind"
          defaultValue={filters.kind}
          options={[{ value: "", label: "Any kind" }, ...kinds.map((k) => ({ value: k, label: kindLabel(k) }))]}
        />
        <SelectField
          name="status"
          label="Status"
          defaultValue={filters.status}
          options={[
            { value: "", label: "Any status" },
            ...OUTBOX_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s]! })),
          ]}
        />
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      <ActionResult result={actionData} className="mt-3" />
      <p className="mt-3 text-sm text-ink-soft">
        {mail.length === 1 ? "1 message" : `${mail.length} messages`}
        {mail.length === 100 ? " (the newest 100)" : ""}
      </p>
      <DataTable
        // On a phone the recipient, kind and time go under the subject (the To column was off-screen).
        columns={[
          { label: "Subject" },
          { label: "Status" },
          { label: "Kind", className: ON_WIDER_SCREENS },
          { label: "To", className: ON_WIDER_SCREENS },
          { label: "Time", className: ON_WIDER_SCREENS },
        ]}
        isEmpty={mail.length === 0}
        emptyMessage="No mail matches these filters."
        className="mt-2"
        testId="outbox-table"
        label="Outbox messages"
      >
        {mail.map((m) => (
          <tr key={m.id} className="hover:bg-sand/60" data-testid="outbox-row" data-kind={m.kind}>
            <Td className="!p-0">
              <Link
                to={`/admin/outbox/${m.id}${query ? `?${query}` : ""}`}
                className="block min-h-11 px-4 py-3 font-semibold text-reef-dark underline sm:max-w-md"
              >
                {m.subject}
              </Link>
              <p className="-mt-2 px-4 pb-3 text-xs text-ink-soft sm:hidden" data-testid="outbox-row-details">
                <span className="block break-all">To {m.to_address}</span>
                <span className="block">
                  {kindLabel(m.kind)} · {formatDateTime(m.sent_at ?? m.created_at)}
                </span>
              </p>
            </Td>
            <Td>
              <MailStatusBadge status={m.status} />
              {m.status === "failed" ? (
                <Form method="post" className="mt-1">
                  <input type="hidden" name="id" value={m.id} />
                  <button type="submit" className="btn-secondary min-h-9 px-3 py-1" disabled={busy}>
                    Retry
                  </button>
                </Form>
              ) : null}
              {m.attempts > 0 && m.status !== "sent" ? (
                <span className="block text-xs whitespace-nowrap text-ink-soft">
                  {m.attempts === 1 ? "1 attempt" : `${m.attempts} attempts`}
                </span>
              ) : null}
            </Td>
            <Td className={`whitespace-nowrap ${ON_WIDER_SCREENS}`}>{kindLabel(m.kind)}</Td>
            <Td className={`whitespace-nowrap ${ON_WIDER_SCREENS}`}>{m.to_address}</Td>
            <Td className={`whitespace-nowrap ${ON_WIDER_SCREENS}`}>{formatDateTime(m.sent_at ?? m.created_at)}</Td>
          </tr>
        ))}
      </DataTable>
    </AdminPage>
  );
}
