import { z } from "zod";

/** What the back office can do to an order (the API's JSON body and the order page's forms both become one). */
export const OrderActionSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("ship"),
    carrier: z.string().trim().min(2, "Enter the carrier").max(60, "Use at most 60 characters"),
    trackingNumber: z.string().trim().min(4, "Enter the tracking number").max(60, "Use at most 60 characters"),
  }),
  z.object({ action: z.literal("deliver") }),
  z.object({
    action: z.literal("cancel"),
    reason: z.string().trim().max(300, "Use at most 300 characters").optional(),
  }),
  z.object({
    action: z.literal("refund"),
    reason: z.string().trim().max(300, "Use at most 300 characters").optional(),
  }),
  z.object({
    action: z.literal("partial-refund"),
    amount: z.coerce
      .number("Enter the amount to refund in dollars")
      .positive("Enter an amount above zero")
      .max(100_000, "Enter an amount up to the order's total"),
    /** What the person saw as refunded so far; the refund is refused if it has changed since. */
    expectedRefundedCents: z.number().int().min(0).optional(),
    reason: z.string().trim().max(300, "Use at most 300 characters").optional(),
  }),
  z.object({
    action: z.literal("note"),
    body: z.string().trim().min(1, "Write the note").max(2000, "Use at most 2000 characters"),
  }),
]);
export type OrderAction = z.infer<typeof OrderActionSchema>;
