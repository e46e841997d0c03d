import { CardSchema, CustomerSchema, ShippingAddressSchema } from "#app/domain/checkout";
import type { z } from "zod";

/*
 * Browser-side checks of the checkout form with the schemas the server uses. This module (and
 * Zod with it, ~25 KB gzip) is imported when the browser is idle or at the first submit, so the
 * checkout page is interactive without it.
 */
export type FieldErrors = Record<string, string>;

export interface CheckoutFields {
  customer: { email: string; name: string; remindMe?: boolean };
  address?: {
    name: string;
    line1: string;
    line2?: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
  card: { number: string; expMonth: number; expYear: number; cvc: string };
}

function collectErrors(prefix: string, result: z.ZodSafeParseResult<unknown>, into: FieldErrors) {
  if (result.success) return;
  for (const issue of result.error.issues) {
    into[`${prefix}.${issue.path.join(".")}`] ??= issue.message;
  }
}

/** Reads the form into the request's shape. */
export function readCheckoutForm(form: FormData, requiresShipping: boolean): CheckoutFields {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const name = get("name");
  const expiry = get("expiry")
    .replace(/\s/g, "")
    .match(/^(\d{1,2})\/?(\d{2}|\d{4})$/);
  return {
    // Sent only when ticked: the body stays as it was for a buyer who did not ask.
    customer: { email: get("email"), name, ...(form.get("remindMe") === "on" ? { remindMe: true } : {}) },
    address: requiresShipping
      ? {
          name,
          line1: get("line1"),
          line2: get("line2") || undefined,
          city: get("city"),
          state: get("state"),
          postalCode: get("postalCode"),
          country: get("country") || "US",
        }
      : undefined,
    card: {
      number: get("cardNumber"),
      expMonth: expiry ? Number(expiry[1]) : NaN,
      expYear: expiry ? Number(expiry[2]) : NaN,
      cvc: get("cvc"),
    },
  };
}

/** Field errors keyed like `customer.email`; empty when the form can be sent. */
export function validateCheckout(fields: CheckoutFields, testMode: boolean): FieldErrors {
  const found: FieldErrors = {};
  collectErrors("customer", CustomerSchema.safeParse(fields.customer), found);
  if (fields.address) collectErrors("address", ShippingAddressSchema.safeParse(fields.address), found);
  if (testMode) collectErrors("card", CardSchema.safeParse(fields.card), found);
  if (testMode && Number.isNaN(fields.card.expMonth)) found["card.expiry"] = "Enter the expiry as MM/YY";
  return found;
}
