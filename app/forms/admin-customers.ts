import { z } from "zod";
import { optionalText } from "#app/domain/forms";
import { withHiddenFields } from "./hidden-fields";

export const BAN_REASON_MAX = 200;

const userId = z.string().min(1).max(100);

/** The role and ban buttons beside a customer (the intent is the button pressed). */
export const CustomerFormSchema = withHiddenFields(
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("grant-admin"), userId }),
    z.object({ intent: z.literal("revoke-admin"), userId }),
    z.object({
      intent: z.literal("ban"),
      userId,
      reason: optionalText(BAN_REASON_MAX).transform((r) => r || "Banned by the shop"),
    }),
    z.object({ intent: z.literal("unban"), userId }),
  ]),
  ["intent", "userId"],
);
