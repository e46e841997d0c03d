import "#app/domain/zod-setup";
import { z } from "zod";

/**
 * The product details (metadata) the back office edits as typed fields: the keys of the
 * original catalogue (spec: offer and shipping; size and type) and what a product includes.
 * Any other key is kept as it is and edited in the "Other details" JSON.
 */
type DetailField =
  | { key: string; kind: "yesno"; label: string; hint?: string }
  | { key: string; kind: "text"; label: string; hint?: string; placeholder?: string }
  | { key: string; kind: "date"; label: string; hint?: string }
  | { key: string; kind: "dollars" | "percent"; label: string; hint?: string }
  | { key: string; kind: "choice"; label: string; hint?: string; options: readonly string[] };

export const CARE_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;

export const PRODUCT_DETAIL_GROUPS: readonly { title: string; fields: readonly DetailField[] }[] = [
  {
    title: "Offer and shipping",
    fields: [
      { key: "specialOffer", kind: "yesno", label: "Special offer", hint: "Shown as a special offer in the shop." },
      {
        key: "validUntil",
        kind: "date",
        label: "Offer ends",
        hint: "Last day of the offer (UTC). After it the shop stops selling it. Empty: no end.",
      },
      { key: "isLimitedTime", kind: "yesno", label: "Limited time", hint: "Says the offer won't last." },
      { key: "includesFreeShipping", kind: "yesno", label: "Free shipping" },
      {
        key: "shippingMethod",
        kind: "text",
        label: "Shipping method",
        placeholder: "e.g. 2-day courier",
        hint: "Shown with the offer.",
      },
      { key: "noShipping", kind: "yesno", label: "Nothing to ship", hint: "Digital items and tips: no address asked." },
    ],
  },
  {
    title: "Sizes and care",
    fields: [
      { key: "chaetoSize", kind: "text", label: "Chaeto portion", placeholder: "e.g. Softball (about 1 cup, packed)" },
      { key: "coralFoodSize", kind: "text", label: "Coral food size", placeholder: "e.g. 1.4 oz jar" },
      { key: "kingsFeastSize", kind: "text", label: "Kings Feast size", placeholder: "e.g. 1.4 oz (40 g)" },
      { key: "tankSize", kind: "text", label: "Tank size", placeholder: "e.g. 20–150 gallons" },
      { key: "careLevel", kind: "choice", label: "Care level", options: CARE_LEVELS },
      { key: "productType", kind: "text", label: "Product type", placeholder: "e.g. macroalgae" },
      { key: "livePlant", kind: "yesno", label: "Live plant", hint: "Ships alive." },
      { key: "comboEligible", kind: "yesno", label: "Can go in a combo", hint: "Offered in the combo builder." },
    ],
  },
  {
    title: "What's included",
    fields: [
      { key: "includesSupplements", kind: "yesno", label: "Supplements" },
      { key: "includesCareGuide", kind: "yesno", label: "Care guide" },
      { key: "includesLighting", kind: "yesno", label: "Lighting" },
      { key: "includesSubstrate", kind: "yesno", label: "Substrate" },
      { key: "includesCoralFood", kind: "yesno", label: "Coral food" },
      { key: "includesFeedingGuide", kind: "yesno", label: "Feeding guide" },
    ],
  },
];

const FIELDS = PRODUCT_DETAIL_GROUPS.flatMap((g) => g.fields);

/**
 * Details the shop works out itself, so a typed value would be shown nowhere: a saving comes
 * from prices (a cut, a bundle's contents), a combo's discount from how many products it holds.
 */
export const RETIRED_DETAILS: Readonly<Record<string, string>> = {
  savings: "the shop works out savings from prices",
  bundleValue: "a bundle's worth is worked out from its contents",
  comboDiscount: "a combo's discount follows how many products it holds (10, 20 or 30 %)",
};

/** Why a retired detail is refused, or undefined for any other key. */
export function retiredDetail(key: string, name: string): string | undefined {
  return Object.hasOwn(RETIRED_DETAILS, key) ? `${name} is not used: ${RETIRED_DETAILS[key]}.` : undefined;
}
const TYPED_KEYS = new Set(FIELDS.map((f) => f.key));

/** The input name of a typed detail (kept apart from the item's own fields). */
export const detailInput = (key: string) => `detail_${key}`;

export const DETAIL_LIMITS = { text: 200, otherText: 4000 } as const;
const METADATA_KEY = /^[A-Za-z][A-Za-z0-9]{0,39}$/;
const OTHER_EXAMPLE = 'Write the other details as JSON, like {"organic": true}, or leave the box empty.';

export type DetailValue = string | number | boolean;

/** A product's details split for the editor: the typed keys' values and the JSON of the rest. */
export function splitDetails(metadata: Record<string, unknown>) {
  const typed: Record<string, DetailValue> = {};
  const other: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (TYPED_KEYS.has(key) && (typeof value === "string" || typeof value === "number" || typeof value === "boolean"))
      typed[key] = value;
    else other[key] = value;
  }
  return { typed, otherJson: Object.keys(other).length === 0 ? "" : JSON.stringify(other, null, 2) };
}

const number = (kind: "dollars" | "percent") =>
  z
    .string()
    .trim()
    .transform((s) => s.replace(/[$,%\s]/g, ""))
    .pipe(
      kind === "dollars"
        ? z
            .string()
            .regex(/^\d+(\.\d{1,2})?$/, "Enter an amount in dollars, like 10 or 64.99.")
            .transform(Number)
            .pipe(z.number().max(100_000, "Enter at most $100,000."))
        : z
            .string()
            .regex(/^\d+$/, "Enter a whole percent, like 10.")
            .transform(Number)
            .pipe(z.number().max(100, "Enter 100 or less.")),
    );

function fieldSchema(field: DetailField): z.ZodType<DetailValue | undefined> {
  const tooLong = `Use at most ${DETAIL_LIMITS.text} characters.`;
  switch (field.kind) {
    case "yesno":
      // Ticked: true. Unticked: the key goes (absent reads as "no" everywhere in the shop).
      return z
        .string()
        .optional()
        .transform((v) => (v !== undefined && v !== "off" ? true : undefined));
    case "text":
      return z.string().trim().max(DETAIL_LIMITS.text, tooLong).optional();
    case "date":
      return z.string().trim().pipe(z.iso.date("Enter a date, like 2026-12-31.")).optional();
    case "dollars":
    case "percent":
      return number(field.kind).optional();
    case "choice":
      // The list offers the usual choices; a value set another way (the API) stays valid.
      return z.string().trim().max(DETAIL_LIMITS.text, tooLong).optional();
  }
}

/**
 * A details object typed as JSON (the "Other details" box, the API's whole metadata): an object of
 * short names and plain values. `refuseKey` names a key the box may not hold, and why.
 */
export function parseDetailsJson(
  text: string,
  ctx: z.RefinementCtx,
  options: { example: string; maxValue: number; refuseKey?: (key: string, name: string) => string | undefined },
): Record<string, DetailValue> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: "custom", message: options.example });
    return z.NEVER;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    ctx.addIssue({ code: "custom", message: options.example });
    return z.NEVER;
  }
  const details: Record<string, DetailValue> = {};
  for (const [key, v] of Object.entries(value)) {
    const name = `"${key.slice(0, 40)}"`;
    if (!METADATA_KEY.test(key)) {
      ctx.addIssue({
        code: "custom",
        message: `Name ${name} with letters and digits only, starting with a letter (at most 40).`,
      });
      return z.NEVER;
    }
    const refused = options.refuseKey?.(key, name);
    if (refused) {
      ctx.addIssue({ code: "custom", message: refused });
      return z.NEVER;
    }
    if (typeof v === "string" && v.length > options.maxValue) {
      ctx.addIssue({ code: "custom", message: `Keep ${name} to ${options.maxValue} characters.` });
      return z.NEVER;
    }
    if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") {
      ctx.addIssue({ code: "custom", message: `Give ${name} a text in quotes, a number, true or false.` });
      return z.NEVER;
    }
    details[key] = v;
  }
  return details;
}

/** The "Other details" JSON: none of its keys may be one with a typed field. */
const otherDetails = z
  .string()
  .trim()
  .max(DETAIL_LIMITS.otherText, `Use at most ${DETAIL_LIMITS.otherText} characters.`)
  .optional()
  .transform((text, ctx): Record<string, DetailValue> => {
    if (!text) return {};
    return parseDetailsJson(text, ctx, {
      example: OTHER_EXAMPLE,
      maxValue: DETAIL_LIMITS.text,
      refuseKey: (key, name) =>
        TYPED_KEYS.has(key)
          ? `${name} has its own field above ("${FIELDS.find((f) => f.key === key)!.label}"): use it there.`
          : retiredDetail(key, name),
    });
  });

/**
 * The typed fields and the "Other details" box, as the form posts them, into one metadata
 * object: typed values (an emptied field or unticked box drops its key) plus the other keys.
 */
export const productDetailsFields = {
  ...Object.fromEntries(FIELDS.map((f) => [detailInput(f.key), fieldSchema(f)])),
  otherDetails,
} as Record<string, z.ZodType<unknown>> & { otherDetails: typeof otherDetails };

export function detailsFromForm(form: Record<string, unknown>): Record<string, DetailValue> {
  const details: Record<string, DetailValue> = { ...(form.otherDetails as Record<string, DetailValue>) };
  for (const f of FIELDS) {
    const value = form[detailInput(f.key)] as DetailValue | undefined;
    if (value !== undefined && value !== "") details[f.key] = value;
  }
  return details;
}
