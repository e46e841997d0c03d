import { z } from "zod";
import { emailField } from "#app/domain/forms";

const itemId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Unknown item.");

/**
 * "Email me when it's back" (decision 042): JSON to `/api/waitlist`, or the product page's plain
 * form before JavaScript. Exactly one of `productId` and `bundleId`.
 */
export const WaitlistSchema = z
  .object({
    email: emailField(),
    productId: itemId.optional(),
    bundleId: itemId.optional(),
    /** The honeypot: filled in only by bots, who are answered the same and never listed. */
    website: z.string().max(200).optional(),
  })
  .refine((body) => (body.productId === undefined) !== (body.bundleId === undefined), {
    message: "Name either a productId or a bundleId.",
    path: ["productId"],
  });
