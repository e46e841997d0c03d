import { Form, Link, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "~/components/admin/admin-page";
import { DataTable, Td } from "~/components/admin/data-table";
import { parseForm } from "~/domain/forms";
import { RetryMailFormSchema } from "~/forms/admin-outbox";
import { requireAdmin } from "~/models/admin-access.server";
import { getOutboxMail, listOutbox, outboxPreview, retryMail } from "~/models/admin-community.server";
import { formError, formSuccess, invalidForm } from "~/utils/form-response";
import type { Route } from "./+types/outbox";

export const meta: Route.MetaFunction = () => [{ title: "Outbox | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const params = new URL(request.url).searchParams;
  const status = params.get("status") ?? undefined;
  const previewId = Number(params.get("preview"));
  const preview =
    Number.isInteger(previewId) && previewId > 0 ? await getOutboxMail(context.services.database.db, previewId) : null;
  return {
    status: status ?? "",
    mail: await listOutbox(context.services.database.db, status),
    preview: preview
      ? { id: preview.id, to: preview.to_address, ...(await outboxPreview(context.services, preview)) }
      : null,
    smtp: Boolean(context.services.config.smtpUrl),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  const parsed = parseForm(RetryMailFormSchema, await request.formData(), "retry");
  if (!parsed.success) return invalidForm(parsed.result);
  const ok = await retryMail(context.services.database.db, parsed.data.id, context.services.clock());
  return ok
    ? formSuccess("Queued again.", { intent: "retry" })
    : formError("Only failed mail can be retried.", { intent: "retry", status: 409 });
}

export default function AdminOutbox({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AdminPage headingId="outbox-heading" title="Outbox">
      {!loaderData.smtp ? (
        <p className="mt-2 rounded-xl bg-gold-light p-3 text-sm">
          SMTP_URL is not set: mail stays here, readable below, until a mail server is configured.
        </p>
      ) : null}
      <nav aria-label="Filter by status" className="mt-4 flex flex-wrap gap-2 text-sm">
        {["", "pending", "sent", "failed"].map((s) => (
          <Link
            key={s}
            to={s ? `?status=${s}` : "?"}
            className={`rounded-full px-3 py-1.5 ${loaderData.status === s ? "bg-ink text-white" : "bg-paper hover:bg-sand-deep"}`}
          >
            {s || "all"}
          </Link>
        ))}
      </nav>
      <ActionResult result={actionData} className="mt-3" />
      {loaderData.preview ? (
        <article className="card mt-4 p-5" aria-labelledby="preview-heading">
          <h2 id="preview-heading" className="text-lg font-semibold">
            {loaderData.preview.subject}
          </h2>
          <p className="text-sm text-ink-soft">To {loaderData.preview.to}</p>
          <pre className="mt-3 max-h-96 overflow-auto rounded-lg bg-sand p-3 text-xs whitespace-pre-wrap">
            {loaderData.preview.text}
          </pre>
        </article>
      ) : null}
      <DataTable
        columns={[{ label: "Mail" }, { label: "Status" }, { label: "Attempts", align: "right" }, { label: "Actions" }]}
        isEmpty={loaderData.mail.length === 0}
        emptyMessage="No mail here."
      >
        {loaderData.mail.map((m) => (
          <tr key={m.id}>
            <Td>
              <Link
                to={`?${loaderData.status ? `status=${loaderData.status}&` : ""}preview=${m.id}`}
                className="font-semibold text-reef-dark underline"
              >
                {m.subject}
              </Link>
              <span className="block text-xs text-ink-soft">
                {m.kind} → {m.to_address}
              </span>
              {m.last_error ? <span className="block text-xs text-coral-text">{m.last_error}</span> : null}
            </Td>
            <Td>{m.status}</Td>
            <Td align="right">{m.attempts}</Td>
            <Td>
              {m.status === "failed" ? (
                <Form method="post">
                  <input type="hidden" name="id" value={m.id} />
                  <button type="submit" className="btn-secondary min-h-9" disabled={busy}>
                    Retry
                  </button>
                </Form>
              ) : null}
            </Td>
          </tr>
        ))}
      </DataTable>
    </AdminPage>
  );
}
