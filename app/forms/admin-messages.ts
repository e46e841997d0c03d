import { z } from "zod";
import { requiredText, wholeNumber } from "#app/domain/forms";
import { withHiddenFields } from "./hidden-fields";

export const REPLY_LIMITS = { min: 2, max: 5000 } as const;

type MessageAction = "reply" | "handled";

/** The intent a message's form posts ("reply:12"): it names the message, so only that one shows the answer. */
export const messageIntent = (action: MessageAction, id: number) => `${action}:${id}`;

/** "reply:12" → { action: "reply", id: "12" } beside the other fields. */
function splitIntent(input: unknown) {
  if (typeof input !== "object" || input === null) return input;
  const { intent, ...fields } = input as Record<string, unknown>;
  const [action, id] = typeof intent === "string" ? intent.split(":") : [];
  return { ...fields, action, id };
}

const messageId = wholeNumber(1, Number.MAX_SAFE_INTEGER);

/** The two forms under a customer's message: an email reply, and "mark handled". */
export const MessageFormSchema = withHiddenFields(
  z.preprocess(
    splitIntent,
    z.discriminatedUnion("action", [
      z.object({
        action: z.literal("reply"),
        id: messageId,
        // The number this reply will have in the thread (replies so far + 1): makes a resend harmless.
        seq: wholeNumber(1, 10_000),
        reply: requiredText(REPLY_LIMITS.max, "Write your reply.").min(
          REPLY_LIMITS.min,
          `Use at least ${REPLY_LIMITS.min} characters.`,
        ),
      }),
      z.object({ action: z.literal("handled"), id: messageId }),
    ]),
  ),
  ["action", "id", "seq"],
);
