import "./zod-setup";
import { z } from "zod";

/**
 * The one answer every route action gives (docs/decisions/017-house-style-and-forms.md): a form
 * error or success sentence for the top of the form, and a message per field for next to it.
 * Pages with several forms post an `intent`, echoed back so only that form shows the result.
 */
export interface FormResult {
  status: "success" | "error";
  intent?: string;
  message?: string;
  fieldErrors?: Record<string, string>;
  /** What was typed, echoed so that a page the server renders after a post made before its
   * JavaScript ran (a slow phone) or without it shows the fields filled in again. Never secrets. */
  values?: Record<string, string>;
}

export type ParsedForm<T> = { success: true; data: T } | { success: false; result: FormResult };

/** Said above a form whose fields have their own messages, so the eye goes to them. */
export const CHECK_FIELDS = "Please check the fields marked below.";

/**
 * FormData as a plain object for a schema: a name posted more than once becomes an array, and an
 * empty text field counts as not filled in (so optional fields stay undefined, required ones say so).
 */
export function formDataObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    // NUL can't be stored (PostgreSQL text) and nobody types one.
    const values = form
      .getAll(key)
      .map((v) => (typeof v === "string" ? v.replaceAll("\u0000", "") : v))
      .filter((v) => v !== "");
    if (values.length === 0) continue;
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/** Field names never echoed back into a page: passwords, tokens, card details. */
const SECRET_FIELD = /pass|token|card|cvc|secret/i;

/** The text fields of a post, to fill a form in again after an error (secrets left out). */
export function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && value !== "" && !SECRET_FIELD.test(key)) values[key] ??= value;
  }
  return values;
}

/** Per-field messages from a Zod error, keyed by the input's name (the first message per field wins). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "form";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function parseForm<S extends z.ZodType>(schema: S, form: FormData, intent?: string): ParsedForm<z.output<S>> {
  const parsed = schema.safeParse(formDataObject(form));
  if (parsed.success) return { success: true, data: parsed.data };
  const fieldErrors = fieldErrorsOf(parsed.error);
  const { form: formLevel, ...fields } = fieldErrors;
  return {
    success: false,
    result: {
      status: "error",
      intent,
      message: formLevel ?? CHECK_FIELDS,
      ...(Object.keys(fields).length > 0 ? { fieldErrors: fields } : {}),
    },
  };
}

/** The intent a multi-form page posted (a hidden input or the submit button's value). */
export function formIntent(form: FormData): string {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : "";
}

/** The result for one form on a page of several (null when another form answered). */
export function resultFor(result: FormResult | undefined | null, intent: string): FormResult | null {
  return result && result.intent === intent ? result : null;
}

/** Form fields that are whole numbers, written the way people type them ("1,200", " 5 "). */
export const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((s) => s.replace(/,/g, ""))
    .pipe(
      z
        .string()
        .regex(/^-?\d+$/, "Enter a whole number.")
        .transform(Number)
        .pipe(
          z
            .number()
            .min(min, `Enter ${min.toLocaleString("en-US")} or more.`)
            .max(max, `Enter ${max.toLocaleString("en-US")} or less.`),
        ),
    );

/** A dollar amount typed in a form ("24.99", "$1,024"), as integer cents. */
export const dollarsToCents = (max = 100_000) =>
  z
    .string()
    .trim()
    .transform((s) => s.replace(/[$,\s]/g, ""))
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d{1,2})?$/, "Enter an amount in dollars, like 24.99.")
        .transform((s) => Math.round(Number(s) * 100))
        .pipe(z.number().max(max * 100, `Enter at most $${max.toLocaleString("en-US")}.`)),
    );

/** A checkbox: present ("on") when ticked, absent when not. */
export const checkbox = () =>
  z
    .string()
    .optional()
    .transform((v) => v !== undefined && v !== "off");

/** Trimmed text that must be filled in, with the size its input's maxlength also enforces. */
export const requiredText = (max: number, missing = "Fill in this field.") =>
  z.string(missing).trim().min(1, missing).max(max, `Use at most ${max} characters.`);

export const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`).optional();

export const emailField = (missing = "Enter your email address.") =>
  z
    .string(missing)
    .trim()
    .toLowerCase()
    .min(1, missing)
    .max(254, "Use at most 254 characters.")
    .pipe(z.email("Enter a valid email address, like name@example.com."));
