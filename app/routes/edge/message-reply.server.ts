import { formIntent, parseForm } from "#app/domain/forms";
import { MessageFormSchema } from "#app/forms/admin-messages";
import { requireAdmin } from "#app/models/back-office/access.server";
import { markMessageHandled, replyToMessage } from "#app/models/back-office/messages.server";
import { mailIsSent, queuedMailNote } from "#app/models/mail-setup.server";
import { formError, formSuccess, invalidForm } from "#app/utils/form-response";
import type { AppLoadContext } from "react-router";

/**
 * The answer to a message's reply or "mark handled" form, for every back-office page that shows
 * message threads (the messages screen and a customer's page post to themselves).
 */
export async function answerMessageForm(context: AppLoadContext, request: Request) {
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
  return formSuccess(
    outcome === "sent"
      ? `${mailIsSent(config) ? "Reply sent." : "Reply saved."}${queuedMailNote(config)}`
      : "This reply was already sent.",
    { intent },
  );
}
