import { z } from "zod";
import "./zod-setup";
import { CartItemsSchema } from "./cart-items";
import { DiscountCodeEntrySchema } from "./discount-codes";
import { isShippableState, isUnshippedUsRegion, ZIP_PATTERN } from "./us-address";

/** One schema for the checkout form in the browser and POST /api/checkout on the server. */
export const CustomerSchema = z.object({
  email: z.email("Enter a valid email address").trim().toLowerCase().max(254),
  name: z.string().trim().min(1, "Enter your name").max(120),
});

/**
 * A US shipping address: the same schema checks the form in the browser and POST /api/checkout.
 * Messages name what is wrong in words a shopper uses.
 */
export const ShippingAddressSchema = z.object({
  name: z.string().trim().max(120, "Use at most 120 characters").optional(),
  line1: z.string().trim().min(1, "Enter the street address").max(200, "Use at most 200 characters"),
  line2: z.string().trim().max(200, "Use at most 200 characters").optional(),
  city: z.string().trim().min(1, "Enter the city").max(100, "Use at most 100 characters"),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((code, ctx) => {
      if (isShippableState(code)) return;
      ctx.addIssue({
        code: "custom",
        message: isUnshippedUsRegion(code)
          ? "Live plants can't reach US territories or military addresses alive: choose one of the 50 states or DC"
          : "Choose a US state",
      });
    }),
  postalCode: z.string().trim().regex(ZIP_PATTERN, "Enter a 5-digit ZIP code, or ZIP+4 like 33602-1234"),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((c) => c === "US", "Live plants ship within the US only"),
});

export const CardSchema = z.object({
  number: z.string().trim().min(12, "Enter the card number").max(23),
  expMonth: z.coerce.number().int("Enter the expiry month").min(1, "Month is 1–12").max(12, "Month is 1–12"),
  expYear: z.coerce.number().int("Enter the expiry year").min(0).max(2100),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "The CVC is 3 or 4 digits"),
});

export const CheckoutRequestSchema = z.object({
  items: CartItemsSchema,
  customer: CustomerSchema.extend({
    /** The buyer's consent to one reminder should this checkout expire unpaid (decision 045). */
    remindMe: z.boolean().optional(),
  }),
  shippingAddress: ShippingAddressSchema.optional(),
  /** The ship day the buyer picked among the quote's `delivery.choices` (default: the first). */
  shipOn: z.iso.date("A ship day is a date like 2026-12-07").optional(),
  payment: z.object({ card: CardSchema.optional() }).optional(),
  /** A discount code (case-insensitive): refused with its reason when it does not apply. */
  discountCode: DiscountCodeEntrySchema.optional(),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_.:-]{8,200}$/);

/**
 * How long a checkout holds its Idempotency-Key before a retry may take it over, assuming the
 * process that claimed it died. Longer than any legitimate checkout: the slowest step is the
 * Stripe call (20 s timeout, 2 network retries with back-off: about 70 s at worst, see
 * STRIPE_WORST_CASE_MS), plus a margin for the database work around it. A takeover while the
 * first attempt is in fact still running is still safe (one order per key, the same payment
 * key, paying twice changes nothing), only wasteful.
 */
export const DEFAULT_IDEMPOTENCY_LEASE_SECONDS = 120;

/**
 * The payment provider's idempotency key for one order of one checkout: a retry that continues
 * the order charges with the same key (the provider answers the first charge again), while a
 * new order after a closed one gets its own.
 */
export function paymentIdempotencyKey(checkoutKey: string, orderId: string): string {
  return `${checkoutKey}:${orderId}`;
}
