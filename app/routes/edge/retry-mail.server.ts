import { parseForm } from "#app/domain/forms";
import { RetryMailFormSchema } from "#app/forms/admin-outbox";
import { retryMail } from "#app/models/back-office/outbox.server";
import { formError, formSuccess, invalidForm } from "#app/utils/form-response";
import type { AppServices } from "#app/services/container";

/** The Retry button's action (the outbox list and a message's page share it). */
export async function retryMailAction(services: AppServices, request: Request) {
  const parsed = parseForm(RetryMailFormSchema, await request.formData(), "retry");
  if (!parsed.success) return invalidForm(parsed.result);
  switch (await retryMail(services.database.db, parsed.data.id, services.clock())) {
    case "queued":
      return formSuccess("Queued again: the mail goes out with the next delivery round.", { intent: "retry" });
    case "already-queued":
      return formSuccess("This mail is already queued; it goes out with the next delivery round.", {
        intent: "retry",
      });
    case "sent":
      return formError("This mail was sent already, so there is nothing to retry.", { intent: "retry", status: 409 });
    case "missing":
      return formError("That mail is not in the outbox.", { intent: "retry", status: 404 });
  }
}
