import { z } from "zod";
import "./zod-setup";
import { applyDiscount, type CartQuote, type PricedLine } from "./cart";
import { dollarsToCents, formatCents, type Cents } from "./money";

/**
 * Discount codes (decision 043): which lines of a priced cart a code takes money off, and how
 * much, in whole cents. Pure: the quote and the checkout both price the cart with `priceCart`
 * and then ask this module, so the two agree to the cent.
 */

/** An item a code is limited to: a product or a kit (bundle). */
export interface CodeTarget {
  kind: "product" | "bundle";
  id: string;
}

export interface DiscountCodeRule {
  code: string;
  /** Exactly one of the two is set. */
  percentOff: number | null;
  amountOffCents: Cents | null;
  minSubtotalCents: Cents;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  /** Uses held or kept so far. */
  uses: number;
  maxUsesPerCustomer: number | null;
  /** null: every item in the shop. */
  appliesTo: CodeTarget[] | null;
  /** Also takes money off bundles, combos and lowered products (else full-price goods only). */
  combines: boolean;
}

export type CodeRefusalReason =
  | "code-unknown"
  | "code-not-started"
  | "code-expired"
  | "code-used-up"
  | "code-minimum-not-met"
  | "code-nothing-applies";

export type CodeResult =
  | {
      ok: true;
      code: string;
      /** What the code takes off the order. */
      cents: Cents;
      /** The goods it applies to, before the code. */
      eligibleCents: Cents;
      /** The code's result in plain words. */
      message: string;
    }
  | { ok: false; code: string; reason: CodeRefusalReason; message: string };

/** Codes are case-insensitive: this is the one spelling stored and compared. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** A code as a shopper types it (the quote, the checkout, the checkout page's form). */
export const DiscountCodeEntrySchema = z
  .string("Enter a discount code")
  .trim()
  .toUpperCase()
  .regex(CODE_PATTERN, "A code is 3–32 letters, digits, - or _");

/**
 * The checkout page's "Add a code" form (a plain post, so it works before JavaScript) keeps the
 * code in this cookie; the quote and the checkout read it when their body names no code.
 */
export const DISCOUNT_CODE_COOKIE = "lr_code";

/** The code in a Cookie header, if there is a well-formed one. */
export function codeFromCookie(header: string | null | undefined): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name !== DISCOUNT_CODE_COOKIE) continue;
    const parsed = DiscountCodeEntrySchema.safeParse(decodeURIComponent(value.join("=")));
    return parsed.success ? parsed.data : undefined;
  }
  return undefined;
}

/** The Set-Cookie value that keeps a code for the checkout (a week), or forgets it (`null`). */
export function discountCodeCookie(code: string | null, secure: boolean): string {
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return code
    ? `${DISCOUNT_CODE_COOKIE}=${encodeURIComponent(code)}; Max-Age=${7 * 86_400}; ${attributes}`
    : `${DISCOUNT_CODE_COOKIE}=; Max-Age=0; ${attributes}`;
}

/** Whether a line already carries a saving: a bundle or combo price, or a product sold below its earlier price. */
function alreadyDiscounted(line: PricedLine): boolean {
  return line.unitPrice < line.unitOriginalPrice;
}

function targets(rule: Pick<DiscountCodeRule, "appliesTo">, line: PricedLine): boolean {
  if (rule.appliesTo === null) return true;
  const listed = (kind: CodeTarget["kind"], id: string) => rule.appliesTo!.some((t) => t.kind === kind && t.id === id);
  if (line.kind === "combo") return (line.productIds ?? []).every((id) => listed("product", id));
  return listed(line.kind, line.id);
}

/** The lines of a priced cart a code takes money off. */
export function eligibleLines(rule: Pick<DiscountCodeRule, "appliesTo" | "combines">, quote: Pick<CartQuote, "lines">) {
  return quote.lines.filter((line) => targets(rule, line) && (rule.combines || !alreadyDiscounted(line)));
}

/** What a code does, in words a shopper reads ("20 % off full-price goods"). */
export function describeCode(rule: Pick<DiscountCodeRule, "percentOff" | "amountOffCents" | "appliesTo" | "combines">) {
  const amount = rule.percentOff !== null ? `${rule.percentOff} % off` : `${formatCents(rule.amountOffCents ?? 0)} off`;
  const what = rule.appliesTo === null ? "" : " selected items";
  return rule.combines
    ? `${amount}${what || " your goods"}`
    : `${amount}${what ? `${what} at full price` : " full-price goods"}`;
}

/**
 * Whether a code can be used at all at `now`, whatever the cart: it exists, has started, has not
 * ended, has uses left (in all, and for this buyer when `customerUses` is known).
 */
export function codeStanding(
  rule: DiscountCodeRule | null,
  typed: string,
  now: Date,
  customerUses = 0,
): Extract<CodeResult, { ok: false }> | null {
  const code = rule?.code ?? normaliseCode(typed);
  const refuse = (reason: CodeRefusalReason, message: string) => ({ ok: false as const, code, reason, message });
  if (!rule) return refuse("code-unknown", `There is no code ${code}: check the spelling.`);
  if (rule.startsAt && Date.parse(rule.startsAt) > now.getTime())
    return refuse("code-not-started", `Code ${code} can be used from ${shortDate(rule.startsAt)}.`);
  if (rule.endsAt && Date.parse(rule.endsAt) <= now.getTime())
    return refuse("code-expired", `Code ${code} ended on ${shortDate(rule.endsAt)}.`);
  if (rule.maxUses !== null && rule.uses >= rule.maxUses)
    return refuse("code-used-up", `Code ${code} has been used as many times as it can be.`);
  if (rule.maxUsesPerCustomer !== null && customerUses >= rule.maxUsesPerCustomer)
    return refuse(
      "code-used-up",
      rule.maxUsesPerCustomer === 1
        ? `You have already used code ${code}.`
        : `You have already used code ${code} ${customerUses} times, as many as it allows.`,
    );
  return null;
}

/**
 * Checks a code against a priced cart at `now` and works out what it takes off. `customerUses`:
 * the buyer's earlier uses, when the buyer is known (the checkout; a quote has no address yet).
 * The discount is never more than the goods it applies to, so no total goes below zero.
 */
export function applyCode(
  rule: DiscountCodeRule | null,
  typed: string,
  quote: Pick<CartQuote, "lines" | "subtotal">,
  now: Date,
  customerUses = 0,
): CodeResult {
  const standing = codeStanding(rule, typed, now, customerUses);
  if (standing) return standing;
  // codeStanding refuses a missing code: this narrows the type.
  if (!rule) throw new Error("a missing code always has a standing");
  const code = rule.code;
  const refuse = (reason: CodeRefusalReason, message: string): CodeResult => ({ ok: false, code, reason, message });
  if (quote.subtotal < rule.minSubtotalCents)
    return refuse(
      "code-minimum-not-met",
      `Code ${code} needs an order of at least ${formatCents(rule.minSubtotalCents)}; this one is ${formatCents(quote.subtotal)}.`,
    );
  const eligibleCents = eligibleLines(rule, quote).reduce((sum, line) => sum + line.total, 0);
  if (eligibleCents <= 0)
    return refuse(
      "code-nothing-applies",
      rule.combines || quote.lines.every((l) => !alreadyDiscounted(l))
        ? `Code ${code} does not apply to anything in this cart.`
        : `Code ${code} applies to full-price goods only, and everything in this cart is already discounted.`,
    );
  const cents =
    rule.percentOff !== null
      ? eligibleCents - applyDiscount(eligibleCents, rule.percentOff)
      : Math.min(rule.amountOffCents ?? 0, eligibleCents);
  return {
    ok: true,
    code,
    cents,
    eligibleCents,
    message: `Code ${code}: ${describeCode(rule)}, you save ${formatCents(cents)}.`,
  };
}

/** What a placed order's code took off, in plain words. */
export function codeSavedMessage(code: string, cents: Cents): string {
  return `Code ${code}: you save ${formatCents(cents)}.`;
}

/** The quote with a code's discount taken off its total (never below zero). */
export function withCodeDiscount<Q extends CartQuote>(quote: Q, cents: Cents): Q & { codeDiscount: Cents } {
  const taken = Math.max(0, Math.min(cents, quote.subtotal));
  return { ...quote, codeDiscount: taken, total: quote.total - taken };
}

function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

// ---- the owner's input ---------------------------------------------------------------------

const Money = z
  .number("Enter an amount in dollars, like 10 or 24.99.")
  .min(0.01, "Enter more than 0.")
  .max(100_000, "Enter at most $100,000.")
  .multipleOf(0.01, "Use whole cents, like 24.99.");

const Count = z.number().int("Enter a whole number.").min(1, "Enter 1 or more.").max(1_000_000);

/** An end given as a date holds through that day in UTC, like an offer's `validUntil`. */
function endOf(value: string): string {
  const at = new Date(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString();
}

/**
 * POST /api/admin/discount-codes: money in decimal dollars like the other admin endpoints,
 * dates as ISO date-times or dates (a start date begins at 00:00 UTC, an end date holds through
 * that day), items by their ids.
 */
export const DiscountCodeInputSchema = z
  .object({
    code: z
      .string("Enter the code")
      .trim()
      .toUpperCase()
      .regex(CODE_PATTERN, "A code is 3–32 letters, digits, - or _, starting with a letter or digit"),
    percentOff: z.number().int("Enter a whole percentage.").min(1, "Enter 1–100.").max(100, "Enter 1–100.").optional(),
    amountOff: Money.optional(),
    minSubtotal: z
      .number("Enter an amount in dollars.")
      .min(0, "Enter 0 or more.")
      .max(100_000, "Enter at most $100,000.")
      .multipleOf(0.01, "Use whole cents.")
      .optional(),
    startsAt: z.union([z.iso.datetime({ offset: true }), z.iso.date()], "Enter a date like 2026-12-01").optional(),
    endsAt: z.union([z.iso.datetime({ offset: true }), z.iso.date()], "Enter a date like 2026-12-31").optional(),
    maxUses: Count.optional(),
    maxUsesPerCustomer: Count.optional(),
    appliesTo: z
      .array(z.object({ kind: z.enum(["product", "bundle"]), id: z.string().trim().min(1).max(100) }).strict())
      .min(1, "Name at least one item, or leave it out for every item.")
      .max(200)
      .optional(),
    combines: z.boolean().optional(),
  })
  .strict()
  .refine((v) => (v.percentOff === undefined) !== (v.amountOff === undefined), {
    message: "Give either a percentage off or an amount off, not both.",
    path: ["percentOff"],
  })
  .refine((v) => !v.startsAt || !v.endsAt || Date.parse(v.startsAt) < Date.parse(v.endsAt), {
    message: "The end must come after the start.",
    path: ["endsAt"],
  })
  .transform((v) => ({
    code: v.code,
    percentOff: v.percentOff ?? null,
    amountOffCents: v.amountOff === undefined ? null : dollarsToCents(v.amountOff),
    minSubtotalCents: dollarsToCents(v.minSubtotal ?? 0),
    startsAt: v.startsAt ? new Date(v.startsAt).toISOString() : null,
    endsAt: v.endsAt ? endOf(v.endsAt) : null,
    maxUses: v.maxUses ?? null,
    maxUsesPerCustomer: v.maxUsesPerCustomer ?? null,
    appliesTo: v.appliesTo ?? null,
    combines: v.combines ?? false,
  }));
export type DiscountCodeInput = z.output<typeof DiscountCodeInputSchema>;
