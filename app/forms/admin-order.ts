import { z } from "zod";
import { dollarsToCents, optionalText, requiredText } from "#app/domain/forms";
import { withHiddenFields } from "./hidden-fields";
import type { OrderAction } from "#app/domain/order-actions";

export const ORDER_FORM_LIMITS = { carrier: 60, trackingNumber: 60, reason: 300, note: 2000 } as const;

const reason = optionalText(ORDER_FORM_LIMITS.reason);

/*
 * The forms on an order's page, told apart by their intent, each → the order action it asks for.
 * (The field is "intent": a field named "action" would shadow the form's own action attribute.)
 */
export const OrderFormSchema = withHiddenFields(
  z.discriminatedUnion("intent", [
    z
      .object({
        intent: z.literal("ship"),
        carrier: requiredText(ORDER_FORM_LIMITS.carrier, "Enter the carrier, like USPS.").min(
          2,
          "Use at least 2 characters.",
        ),
        trackingNumber: requiredText(ORDER_FORM_LIMITS.trackingNumber, "Enter the tracking number.").min(
          4,
          "Use at least 4 characters.",
        ),
      })
      .transform((f): OrderAction => ({ action: "ship", carrier: f.carrier, trackingNumber: f.trackingNumber })),
    z.object({ intent: z.literal("deliver") }).transform((): OrderAction => ({ action: "deliver" })),
    z
      .object({ intent: z.literal("cancel"), reason })
      .transform((f): OrderAction => ({ action: "cancel", reason: f.reason })),
    z
      .object({ intent: z.literal("refund"), reason })
      .transform((f): OrderAction => ({ action: "refund", reason: f.reason })),
    z
      .object({
        intent: z.literal("partial-refund"),
        // Dollars and cents as typed: 5.555 is a mistake to point out, not a figure to round.
        amount: dollarsToCents().pipe(z.number().positive("Enter an amount above zero.")),
        // What the page showed as refunded so far: a form sent again (a reload, a second tab) after
        // another refund is refused instead of refunding twice.
        refundedCents: z.coerce.number().int().min(0),
        reason,
      })
      .transform((f): OrderAction => ({
        action: "partial-refund",
        amount: f.amount / 100,
        expectedRefundedCents: f.refundedCents,
        reason: f.reason,
      })),
    z
      .object({ intent: z.literal("note"), body: requiredText(ORDER_FORM_LIMITS.note, "Write the note.") })
      .transform((f): OrderAction => ({ action: "note", body: f.body })),
  ]),
  ["intent"],
);
