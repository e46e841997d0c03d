import { z } from "zod";
import { checkbox, dollarsToCents, requiredText, wholeNumber } from "#app/domain/forms";
import { SavingPercentSchema } from "#app/domain/subscriptions";
import { detailsFromForm, parseDetailsJson, productDetailsFields, retiredDetail } from "./admin-product-details";
import { withHiddenFields } from "./hidden-fields";
import type { CatalogueUpdate } from "#app/domain/catalogue";

/** The sizes the inputs repeat (maxLength, min, max), so the browser stops first what the server refuses. */
export const CATALOGUE_LIMITS = {
  title: 120,
  description: 4000,
  maxDollars: 100_000,
  quantity: 1_000_000,
  stockReason: 200,
  tag: 40,
  tags: 20,
  /** Twenty tags of forty characters with their commas and spaces. */
  tagsText: 20 * 42,
  metadataText: 4000,
  metadataValue: 200,
} as const;

const METADATA_EXAMPLE = 'Write the details as JSON, like {"careLevel": "Beginner"}.';

/** "care, monthly ,, kit" → ["care", "monthly", "kit"]; an empty field clears the tags. */
const tagsField = z
  .string()
  .max(CATALOGUE_LIMITS.tagsText, `Use at most ${CATALOGUE_LIMITS.tagsText} characters.`)
  .optional()
  .transform((text, ctx) => {
    const tags = (text ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    if (tags.some((t) => t.length > CATALOGUE_LIMITS.tag))
      ctx.addIssue({ code: "custom", message: `Keep each tag to ${CATALOGUE_LIMITS.tag} characters or fewer.` });
    else if (tags.length > CATALOGUE_LIMITS.tags)
      ctx.addIssue({ code: "custom", message: `Use at most ${CATALOGUE_LIMITS.tags} tags.` });
    return tags;
  });

/** The product's details as one JSON object (the API's shape): short names, plain values. */
const metadataField = z
  .string()
  .trim()
  .max(CATALOGUE_LIMITS.metadataText, `Use at most ${CATALOGUE_LIMITS.metadataText} characters.`)
  .transform((text, ctx) =>
    parseDetailsJson(text, ctx, {
      example: METADATA_EXAMPLE,
      maxValue: CATALOGUE_LIMITS.metadataValue,
      refuseKey: retiredDetail,
    }),
  );

/** What every catalogue item's form posts. */
const itemFields = {
  id: z.string().min(1).max(80),
  title: requiredText(CATALOGUE_LIMITS.title, "Enter a title.").min(2, "Use at least 2 characters."),
  description: requiredText(CATALOGUE_LIMITS.description, "Enter a description.").min(
    10,
    "Use at least 10 characters.",
  ),
  // Every item has a price: an emptied box is a mistake to point out, not "keep the old one".
  price: dollarsToCents(CATALOGUE_LIMITS.maxDollars).pipe(z.number().positive("Enter a price above zero.")),
  active: checkbox(),
};

/** The stock level and why it changed (a form without these fields changes no stock). */
const stockFields = {
  /** The stock level the page showed: only a different number counts as a stock change. */
  currentQuantity: wholeNumber(0, CATALOGUE_LIMITS.quantity).optional(),
  quantity: wholeNumber(0, CATALOGUE_LIMITS.quantity).optional(),
  stockReason: z
    .string()
    .trim()
    .min(3, "Use at least 3 characters.")
    .max(CATALOGUE_LIMITS.stockReason, `Use at most ${CATALOGUE_LIMITS.stockReason} characters.`)
    .optional(),
};

/**
 * "Offer on subscription" and its saving (decision 049). `subscribeForm` is posted beside the
 * box, so an unticked box (which the form leaves out) stops the offer; the saving is read only
 * when the box is ticked.
 */
const subscribeFields = {
  subscribeForm: checkbox(),
  subscribe: checkbox(),
  savingPercent: z.string().trim().max(10, "Enter a whole percent").optional(),
};
type SubscribeFields = z.output<z.ZodObject<typeof subscribeFields>>;

const savingPercentOf = (text: string | undefined) =>
  z
    .string("Enter the saving in percent")
    .regex(/^-?\d+(\.\d+)?$/, "Enter the saving in percent")
    .transform(Number)
    .pipe(SavingPercentSchema)
    .safeParse(text || undefined);

function savingIsValid(f: SubscribeFields, ctx: z.RefinementCtx) {
  if (!f.subscribeForm || !f.subscribe) return;
  const parsed = savingPercentOf(f.savingPercent);
  if (!parsed.success)
    ctx.addIssue({ code: "custom", message: parsed.error.issues[0]!.message, path: ["savingPercent"] });
}

const subscribeUpdate = (f: SubscribeFields): CatalogueUpdate =>
  f.subscribeForm
    ? { subscribeSavingPercent: f.subscribe ? (savingPercentOf(f.savingPercent).data ?? null) : null }
    : {};

type ItemFields = z.output<z.ZodObject<typeof itemFields>>;
type StockFields = z.output<z.ZodObject<typeof stockFields>>;

/** (Also checked when other fields failed, so every message shows at once: quantity may be the text typed.) */
const stockChanged = (f: StockFields) => typeof f.quantity === "number" && f.quantity !== f.currentQuantity;

function stockNeedsReason(f: StockFields, ctx: z.RefinementCtx) {
  if (stockChanged(f) && !f.stockReason)
    ctx.addIssue({ code: "custom", message: "Say why the stock changes.", path: ["stockReason"] });
}

/** The edit common to products and bundles. */
function itemUpdate(f: ItemFields): CatalogueUpdate {
  return {
    title: f.title,
    description: f.description,
    ...(f.price !== undefined ? { priceCents: f.price } : {}),
    active: f.active,
  };
}

/** A stock level counts only when it changed, and then with its reason. */
const stockUpdate = (f: StockFields): CatalogueUpdate =>
  stockChanged(f) ? { quantity: f.quantity, stockReason: f.stockReason, expectedQuantity: f.currentQuantity } : {};

const ProductForm = z
  .object({
    kind: z.literal("product"),
    ...itemFields,
    ...stockFields,
    tags: tagsField,
    /** The whole metadata as JSON (the API's shape); the page posts typed fields instead. */
    metadata: metadataField.optional(),
    /** Sent with the typed detail fields, so an unticked box or emptied field removes its key. */
    detailsForm: checkbox(),
    ...productDetailsFields,
    /** Sent beside the offer's date input, so an emptied date (which the form leaves out) removes the date. */
    hasValidUntil: checkbox(),
    validUntil: z.string().trim().pipe(z.iso.date("Enter a valid date.")).optional(),
    ...subscribeFields,
  })
  .superRefine(stockNeedsReason, { when: () => true })
  .superRefine(savingIsValid, { when: () => true })
  .transform((f) => ({
    kind: f.kind,
    id: f.id,
    update: {
      ...itemUpdate(f),
      ...stockUpdate(f),
      ...subscribeUpdate(f),
      tags: f.tags,
      ...(f.detailsForm
        ? { metadata: detailsFromForm(f) }
        : {
            ...(f.metadata !== undefined ? { metadata: f.metadata } : {}),
            ...(f.hasValidUntil ? { validUntil: f.validUntil ?? null } : {}),
          }),
    } satisfies CatalogueUpdate,
  }));

/** A bundle has no stock of its own: it is what its products make (their stock is edited instead). */
const BundleForm = z.object({ kind: z.literal("bundle"), ...itemFields }).transform((f) => ({
  kind: f.kind,
  id: f.id,
  update: itemUpdate(f) satisfies CatalogueUpdate,
}));

/** One catalogue item's form (products and bundles post different fields) → the owner's edit. */
export const CatalogueFormSchema = withHiddenFields(z.discriminatedUnion("kind", [ProductForm, BundleForm]), [
  "id",
  "kind",
  "currentQuantity",
  "hasValidUntil",
  "detailsForm",
  "subscribeForm",
]);

/** The intent a catalogue item's form posts, so only that item shows the answer. */
export const catalogueIntent = (item: { kind: "product" | "bundle"; id: string }) => `${item.kind}:${item.id}`;
