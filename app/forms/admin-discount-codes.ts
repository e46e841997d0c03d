import "#app/domain/zod-setup";
import { z } from "zod";
import { DiscountCodeInputSchema } from "#app/domain/discount-codes";
import { withHiddenFields } from "./hidden-fields";

/** A typed number, or nothing when the field was left empty; "abc" stays a string so it is refused in words. */
const typedNumber = (value: unknown) => {
  if (typeof value !== "string") return value;
  const cleaned = value.trim().replace(/[$,\s]/g, "");
  return cleaned === "" ? undefined : Number.isFinite(Number(cleaned)) ? Number(cleaned) : value;
};

/** The back office's "New code" form: the same rules as POST /api/admin/discount-codes. */
const CreateSchema = z
  .object({
    intent: z.literal("create"),
    code: z.unknown().optional(),
    kind: z.enum(["percent", "amount"], "Choose a percentage or an amount off."),
    value: z.unknown().optional(),
    minSubtotal: z.unknown().optional(),
    startsAt: z.unknown().optional(),
    endsAt: z.unknown().optional(),
    maxUses: z.unknown().optional(),
    maxUsesPerCustomer: z.unknown().optional(),
    appliesTo: z.union([z.string(), z.array(z.string())]).optional(),
    combines: z.literal("on").optional(),
  })
  .transform((form, ctx) => {
    const value = typedNumber(form.value);
    if (value === undefined) {
      ctx.addIssue({ code: "custom", message: "Enter how much the code takes off.", path: ["value"] });
      return z.NEVER;
    }
    const picked =
      form.appliesTo === undefined ? [] : Array.isArray(form.appliesTo) ? form.appliesTo : [form.appliesTo];
    const appliesTo = picked.map((item) => {
      const [kind, ...id] = item.split(":");
      return { kind, id: id.join(":") };
    });
    const input = {
      code: form.code,
      ...(form.kind === "percent" ? { percentOff: value } : { amountOff: value }),
      minSubtotal: typedNumber(form.minSubtotal),
      startsAt: form.startsAt,
      endsAt: form.endsAt,
      maxUses: typedNumber(form.maxUses),
      maxUsesPerCustomer: typedNumber(form.maxUsesPerCustomer),
      ...(appliesTo.length > 0 ? { appliesTo } : {}),
      combines: form.combines === "on",
    };
    const parsed = DiscountCodeInputSchema.safeParse(
      Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    );
    if (parsed.success) return { intent: "create" as const, input: parsed.data };
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      // The API's two amounts are one field here.
      const path = field === "percentOff" || field === "amountOff" ? ["value"] : field ? [field] : [];
      ctx.addIssue({ code: "custom", message: issue.message, path });
    }
    return z.NEVER;
  });

const EndSchema = z.object({ intent: z.literal("end"), id: z.coerce.number().int().positive() });

/** The page's two forms, told apart by their intent, so each one's messages name its own fields. */
const ByIntent = z.unknown().transform((form, ctx): z.output<typeof CreateSchema> | z.output<typeof EndSchema> => {
  const intent = (form as { intent?: unknown } | null)?.intent;
  const parsed = (intent === "end" ? EndSchema : CreateSchema).safeParse(form);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
});

export const DiscountCodeFormSchema = withHiddenFields(ByIntent, ["intent", "id"]);
