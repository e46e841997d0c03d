import { data, Form, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "~/components/admin/admin-page";
import { formatDateTime } from "~/domain/dates";
import { requireAdmin } from "~/models/admin-access.server";
import { listContactMessages, markMessageHandled, replyToMessage } from "~/models/admin-community.server";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [{ title: "Messages | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return { messages: await listContactMessages(context.services.database.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  const form = await request.formData();
  const id = Number(form.get("id"));
  if (!Number.isInteger(id)) return data({ error: "Unknown message.", ok: null }, { status: 400 });
  const { db } = context.services.database;
  if (form.get("intent") === "handled") {
    await markMessageHandled(db, id, context.services.clock());
    return { error: null, ok: "Marked handled." };
  }
  const body = String(form.get("reply") ?? "").trim();
  if (body.length < 2 || body.length > 5000)
    return data({ error: "Write a reply (up to 5,000 characters).", ok: null }, { status: 400 });
  const sent = await replyToMessage(
    db,
    id,
    body,
    { shopName: context.services.config.shopName },
    context.services.clock(),
  );
  return sent
    ? { error: null, ok: "Reply queued for sending." }
    : data({ error: "Unknown message.", ok: null }, { status: 404 });
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AdminPage headingId="messages-heading" title="Messages">
      <ActionResult error={actionData?.error} success={actionData?.ok} />
      {loaderData.messages.length === 0 ? (
        <p className="card mt-4 p-8 text-center text-ink-soft">No messages yet.</p>
      ) : null}
      <ul className="mt-4 space-y-4">
        {loaderData.messages.map((m) => (
          <li key={m.id} className="card p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold">{m.subject}</h2>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${m.status === "handled" ? "bg-chaeto-light text-chaeto" : "bg-gold-light text-[#7a5300]"}`}
              >
                {m.status}
              </span>
            </div>
            <p className="text-sm text-ink-soft">
              {m.name} &lt;{m.email}&gt; · {formatDateTime(m.created_at)} UTC
            </p>
            <p className="mt-3 whitespace-pre-wrap">{m.message}</p>
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-semibold text-reef-dark">Reply by email</summary>
              <Form method="post" className="mt-2 space-y-2">
                <input type="hidden" name="id" value={m.id} />
                <label htmlFor={`reply-${m.id}`} className="field-label">
                  Your reply
                </label>
                <textarea id={`reply-${m.id}`} name="reply" rows={4} maxLength={5000} className="field-input" />
                <button type="submit" name="intent" value="reply" className="btn-primary" disabled={busy}>
                  Send reply
                </button>
              </Form>
            </details>
            {m.status !== "handled" ? (
              <Form method="post" className="mt-2">
                <input type="hidden" name="id" value={m.id} />
                <button type="submit" name="intent" value="handled" className="btn-secondary min-h-9" disabled={busy}>
                  Mark handled
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
