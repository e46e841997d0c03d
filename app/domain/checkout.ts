import { z } from "zod";
import "./zod-setup";
import { CartItemsSchema } from "./cart-items";

/** One schema for the checkout form in the browser and POST /api/checkout on the server. */
export const CustomerSchema = z.object({
  email: z.email("Enter a valid email address").trim().toLowerCase().max(254),
  name: z.string().trim().min(1, "Enter your name").max(120),
});

export const ShippingAddressSchema = z.object({
  name: z.string().trim().max(120).optional(),
  line1: z.string().trim().min(1, "Enter the street address").max(200),
  line2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1, "Enter the city").max(100),
  state: z.string().trim().min(2, "Enter the state").max(60),
  postalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,10}$/, "Enter a valid ZIP or postal code"),
  country: z.string().trim().length(2, "Use a two-letter country code, e.g. US").toUpperCase(),
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
  customer: CustomerSchema,
  shippingAddress: ShippingAddressSchema.optional(),
  payment: z.object({ card: CardSchema.optional() }).optional(),
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
