import { ActionResult, AdminPage } from "#app/components/admin/admin-page";
import { MessageThreadCard } from "#app/components/admin/message-thread";
import { resultFor } from "#app/domain/forms";
import { messageIntent } from "#app/forms/admin-messages";
import { requireAdmin } from "#app/models/back-office/access.server";
import { listMessageThreads, messageCounts } from "#app/models/back-office/messages.server";
import { mailIsSent } from "#app/models/mail-setup.server";
import { answerMessageForm } from "#app/routes/edge/message-reply.server";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [{ title: "Messages | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const db = context.services.database.reader;
  return {
    threads: await listMessageThreads(db),
    counts: await messageCounts(db),
    mailSent: mailIsSent(context.services.config),
  };
}

/** Replies and "mark handled" (the customer page posts the same forms to itself). */
export const action = ({ request, context }: Route.ActionArgs) => answerMessageForm(context, request);

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  // Without JavaScript the answer comes back here: it shows on the message it concerns.
  const resultOn = (id: number) =>
    resultFor(actionData, messageIntent("reply", id)) ?? resultFor(actionData, messageIntent("handled", id));
  const elsewhere = actionData && !loaderData.threads.some((m) => resultOn(m.id)) ? actionData : null;
  const { open, total } = loaderData.counts;
  return (
    <AdminPage
      headingId="messages-heading"
      title="Messages"
      intro={
        loaderData.threads.length > 0
          ? `${open === 0 ? "No" : open} new ${open === 1 ? "message" : "messages"} · ${total} in all${total > loaderData.threads.length ? ` (the newest ${loaderData.threads.length} below)` : ""}`
          : undefined
      }
    >
      <ActionResult result={elsewhere} />
      {loaderData.threads.length === 0 ? (
        <p className="card mt-4 p-8 text-center text-ink-soft">No messages yet.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {loaderData.threads.map((thread) => (
            <MessageThreadCard
              key={thread.id}
              thread={thread}
              result={resultOn(thread.id)}
              mailSent={loaderData.mailSent}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
