import { ActionResult, AdminPage } from "~/components/admin/admin-page";
import { MessageThreadCard } from "~/components/admin/message-thread";
import { formIntent, parseForm, resultFor } from "~/domain/forms";
import { MessageFormSchema, messageIntent } from "~/forms/admin-messages";
import { requireAdmin } from "~/models/admin-access.server";
import { listMessageThreads, markMessageHandled, replyToMessage } from "~/models/admin-messages.server";
import { formError, formSuccess, invalidForm } from "~/utils/form-response";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [{ title: "Messages | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return { threads: await listMessageThreads(context.services.database.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services, request);
  const form = await request.formData();
  const intent = formIntent(form);
  const parsed = parseForm(MessageFormSchema, form, intent);
  if (!parsed.success) return invalidForm(parsed.result);
  const { db } = context.services.database;
  const { config } = context.services;
  const input = parsed.data;
  if (input.action === "handled") {
    await markMessageHandled(db, input.id, context.services.clock());
    return formSuccess("Marked handled.", { intent });
  }
  const outcome = await replyToMessage(
    db,
    {
      messageId: input.id,
      seq: input.seq,
      body: input.reply,
      sender: { id: admin.id, name: admin.name || admin.email },
    },
    { shopName: config.shopName, publicUrl: config.publicUrl, shopEmail: config.shopEmail },
    context.services.clock(),
  );
  if (outcome === "missing") return formError("This message no longer exists.", { intent, status: 404 });
  // A second post of the same form (a double click, a resend) finds the reply already recorded.
  return formSuccess(outcome === "sent" ? "Reply sent." : "This reply was already sent.", { intent });
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  // Without JavaScript the answer comes back here: it shows on the message it concerns.
  const resultOn = (id: number) =>
    resultFor(actionData, messageIntent("reply", id)) ?? resultFor(actionData, messageIntent("handled", id));
  const elsewhere = actionData && !loaderData.threads.some((m) => resultOn(m.id)) ? actionData : null;
  const open = loaderData.threads.filter((t) => t.status !== "handled").length;
  return (
    <AdminPage
      headingId="messages-heading"
      title="Messages"
      intro={
        loaderData.threads.length > 0
          ? `${open === 0 ? "No" : open} new ${open === 1 ? "message" : "messages"} · ${loaderData.threads.length} in all`
          : undefined
      }
    >
      <ActionResult result={elsewhere} />
      {loaderData.threads.length === 0 ? (
        <p className="card mt-4 p-8 text-center text-ink-soft">No messages yet.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {loaderData.threads.map((thread) => (
            <MessageThreadCard key={thread.id} thread={thread} result={resultOn(thread.id)} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
