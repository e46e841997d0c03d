import { Form, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "~/components/admin/admin-page";
import { TextAreaField } from "~/components/ui/field";
import { formatDateTime } from "~/domain/dates";
import { formIntent, parseForm, resultFor } from "~/domain/forms";
import { MessageFormSchema, messageIntent, REPLY_LIMITS } from "~/forms/admin-messages";
import { requireAdmin } from "~/models/admin-access.server";
import { listContactMessages, markMessageHandled, replyToMessage } from "~/models/admin-community.server";
import { formError, formSuccess, invalidForm } from "~/utils/form-response";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [{ title: "Messages | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return { messages: await listContactMessages(context.services.database.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  const form = await request.formData();
  const intent = formIntent(form);
  const parsed = parseForm(MessageFormSchema, form, intent);
  if (!parsed.success) return invalidForm(parsed.result);
  const { db } = context.services.database;
  const input = parsed.data;
  if (input.action === "handled") {
    await markMessageHandled(db, input.id, context.services.clock());
    return formSuccess("Marked handled.", { intent });
  }
  const sent = await replyToMessage(
    db,
    input.id,
    input.reply,
    { shopName: context.services.config.shopName },
    context.services.clock(),
  );
  return sent
    ? formSuccess("Reply queued for sending.", { intent })
    : formError("This message no longer exists.", { intent, status: 404 });
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // The answer shows on the message it concerns; one that names no message here shows at the top.
  const resultOn = (id: number) =>
    resultFor(actionData, messageIntent("reply", id)) ?? resultFor(actionData, messageIntent("handled", id));
  const replyError = (id: number) => resultFor(actionData, messageIntent("reply", id))?.fieldErrors?.reply;
  const elsewhere = actionData && !loaderData.messages.some((m) => resultOn(m.id)) ? actionData : null;
  return (
    <AdminPage headingId="messages-heading" title="Messages">
      <ActionResult result={elsewhere} />
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
            {resultOn(m.id) ? <ActionResult result={resultOn(m.id)} className="mt-3" /> : null}
            <details className="mt-3" open={replyError(m.id) ? true : undefined}>
              <summary className="cursor-pointer text-sm font-semibold text-reef-dark">Reply by email</summary>
              <Form method="post" className="mt-2 space-y-2">
                <TextAreaField
                  id={`reply-${m.id}`}
                  label="Your reply"
                  name="reply"
                  rows={4}
                  required
                  minLength={REPLY_LIMITS.min}
                  maxLength={REPLY_LIMITS.max}
                  error={replyError(m.id)}
                />
                <button
                  type="submit"
                  name="intent"
                  value={messageIntent("reply", m.id)}
                  className="btn-primary"
                  disabled={busy}
                >
                  Send reply
                </button>
              </Form>
            </details>
            {m.status !== "handled" ? (
              <Form method="post" className="mt-2">
                <button
                  type="submit"
                  name="intent"
                  value={messageIntent("handled", m.id)}
                  className="btn-secondary min-h-9"
                  disabled={busy}
                >
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
