import crypto from "node:crypto";
import { sql } from "kysely";
import {
  applyCode,
  codeFromCookie,
  codeStanding,
  describeCode,
  normaliseCode,
  type CodeResult,
  type CodeTarget,
  type DiscountCodeInput,
  type DiscountCodeRule,
} from "#app/domain/discount-codes";
import { centsToDollars } from "#app/domain/money";
import { CODE_GUESSES, type RateLimiter } from "#app/services/rate-limit.server";
import { parseJson, toIso } from "#database/values";
import type { CartQuote } from "#app/domain/cart";
import type { Database } from "#database/schema";
import type { Kysely, Selectable, Transaction } from "kysely";

/**
 * Discount codes (decision 043): the owner's codes, what one takes off a priced cart, and its
 * uses. A use is taken in the order's own transaction by a conditional update of the code's
 * count, so a code with one use left is spent once however many checkouts race for it; an
 * unpaid order that ends, or a cancelled one, gives its use back in the transition that gives
 * its stock back.
 */

type Db = Kysely<Database> | Transaction<Database>;
type CodeRow = Selectable<Database["discount_codes"]>;

export interface StoredCode extends DiscountCodeRule {
  id: number;
}

function ruleOf(row: CodeRow): StoredCode {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percent_off,
    amountOffCents: row.amount_off_cents,
    minSubtotalCents: Number(row.min_subtotal_cents),
    startsAt: toIso(row.starts_at),
    endsAt: toIso(row.ends_at),
    maxUses: row.max_uses,
    uses: Number(row.uses),
    maxUsesPerCustomer: row.max_uses_per_customer,
    appliesTo: parseJson<CodeTarget[] | null>(row.applies_to, null),
    combines: Boolean(row.combines),
  };
}

async function findDiscountCode(db: Db, typed: string): Promise<StoredCode | null> {
  const row = await db
    .selectFrom("discount_codes")
    .selectAll()
    .where("code", "=", normaliseCode(typed))
    .executeTakeFirst();
  return row ? ruleOf(row) : null;
}

/** Earlier uses of a code by a buyer's address, not counting uses given back. */
async function usesBy(db: Db, codeId: number, email: string): Promise<number> {
  const row = await db
    .selectFrom("discount_code_uses")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("code_id", "=", codeId)
    .where("email_key", "=", email.trim().toLowerCase())
    .where("released_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

type CodeForCart = CodeResult & { rule: StoredCode | null };

/**
 * What a typed code does to a priced cart now: its discount, or why it is refused. `email`: the
 * buyer, when known, for the per-customer cap (the checkout knows it, a quote does not).
 */
export async function codeForCart(
  db: Db,
  typed: string,
  quote: Pick<CartQuote, "lines" | "subtotal">,
  now: Date,
  email?: string | null,
): Promise<CodeForCart> {
  const rule = await findDiscountCode(db, typed);
  const uses = rule && email && rule.maxUsesPerCustomer !== null ? await usesBy(db, rule.id, email) : 0;
  return { ...applyCode(rule, typed, quote, now, uses), rule };
}

/** A code whose use could not be taken as the order was placed (spent meanwhile, or it ended). */
export class CodeUseRefused extends Error {
  constructor(
    readonly reason: "code-used-up" | "code-expired",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Takes one use of a code for an order, in the order's transaction. The conditional update is
 * also the lock: concurrent checkouts with the same code queue on its row (PostgreSQL) or on the
 * one writer (SQLite), so the count of the buyer's uses read after it is up to date too.
 */
export async function claimCodeUse(
  trx: Transaction<Database>,
  use: {
    codeId: number;
    code: string;
    orderId: string;
    email: string;
    cents: number;
    maxUsesPerCustomer: number | null;
    now: Date;
  },
): Promise<void> {
  const at = use.now.toISOString();
  const taken = await trx
    .updateTable("discount_codes")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("id", "=", use.codeId)
    .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", at)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1)
    throw new CodeUseRefused("code-used-up", `Code ${use.code} was used up while you checked out.`);
  if (use.maxUsesPerCustomer !== null && (await usesBy(trx, use.codeId, use.email)) >= use.maxUsesPerCustomer)
    throw new CodeUseRefused("code-used-up", `You have already used code ${use.code}.`);
  await trx
    .insertInto("discount_code_uses")
    .values({
      code_id: use.codeId,
      order_id: use.orderId,
      email_key: use.email.trim().toLowerCase(),
      discount_cents: use.cents,
      created_at: at,
    })
    .execute();
}

/**
 * Gives an order's use of its code back, once, in the caller's transaction: the transition that
 * gives its stock back (unpaid and ended, declined, cancelled). A refunded order keeps its use.
 */
export async function releaseCodeUse(trx: Transaction<Database>, orderId: string, now: Date): Promise<void> {
  const released = await trx
    .updateTable("discount_code_uses")
    .set({ released_at: now.toISOString() })
    .where("order_id", "=", orderId)
    .where("released_at", "is", null)
    .returning("code_id")
    .executeTakeFirst();
  if (!released) return;
  await trx
    .updateTable("discount_codes")
    .set((eb) => ({ uses: eb("uses", "-", 1) }))
    .where("id", "=", released.code_id)
    .where("uses", ">", 0)
    .execute();
}

// ---- guessing ------------------------------------------------------------------------------

/** Said when an address has tried too many codes that do not exist. */
export const TOO_MANY_GUESSES =
  "Too many codes that don't exist were tried from your connection. Please wait a few minutes, then try again.";

/**
 * Codes are short words the owner picks: an address that tries too many unknown ones is stopped
 * for a while (CODE_GUESSES), so the owner's codes cannot be found by walking a word list. Only
 * unknown codes count; a buyer whose known code does not fit the cart is never held up.
 */
export function codeGuesses(rateLimiter: RateLimiter, address: string | null | undefined) {
  const key = `code-guess:${address ?? "unknown"}`;
  return {
    blocked: () => rateLimiter.isBlocked(key, CODE_GUESSES),
    /** Counts the answer when it refused an unknown code. */
    count: async (reason: string | undefined) => {
      if (reason === "code-unknown") await rateLimiter.hit(key, CODE_GUESSES);
    },
  };
}

// ---- the newsletter's welcome code --------------------------------------------------------

/**
 * A single-use code for a new newsletter subscriber, made once per address ever (its maker is
 * `newsletter:<address>`), so unsubscribing and confirming again does not mint another. Null
 * when the address had one already.
 */
export async function welcomeCodeFor(
  db: Kysely<Database>,
  email: string,
  offer: { percentOff: number; days: number },
  now: Date,
): Promise<{ code: string; percentOff: number; endsAt: string } | null> {
  const maker = `newsletter:${email.trim().toLowerCase()}`;
  const had = await db.selectFrom("discount_codes").select("id").where("created_by", "=", maker).executeTakeFirst();
  if (had) return null;
  const endsAt = new Date(now.getTime() + offer.days * 86_400_000).toISOString();
  for (let attempt = 0; attempt < 3; attempt++) {
    const code = `WELCOME-${randomCodePart()}`;
    const created = await createDiscountCode(
      db,
      {
        code,
        percentOff: offer.percentOff,
        amountOffCents: null,
        minSubtotalCents: 0,
        startsAt: null,
        endsAt,
        maxUses: 1,
        maxUsesPerCustomer: 1,
        appliesTo: null,
        combines: false,
      },
      maker,
      now,
    );
    if (created.kind === "created") return { code, percentOff: offer.percentOff, endsAt };
  }
  return null;
}

/** Eight letters and digits nobody confuses (no 0/O, 1/I/L), from a CSPRNG: not guessable. */
function randomCodePart(): string {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  return [...crypto.randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join("");
}

// ---- the checkout page's form ------------------------------------------------------------

/**
 * The code the checkout page's form kept (its cookie), as the form shows it: what it does, or
 * why it can no longer be used. Whether it fits the cart is the quote's to say.
 */
export async function keptCodeView(db: Db, cookieHeader: string | null, now: Date) {
  const typed = codeFromCookie(cookieHeader);
  if (!typed) return { applied: null };
  const rule = await findDiscountCode(db, typed);
  const refused = codeStanding(rule, typed, now);
  // Kept, but it has ended or been used up since: say so, and offer to remove it.
  if (refused || !rule) return { applied: null, kept: typed, error: refused?.message, typed };
  return { applied: { code: rule.code, summary: describeCode(rule) }, kept: rule.code };
}

/** A code typed into the checkout page's form: kept when it can be used now, else why not. */
export async function checkTypedCode(
  db: Db,
  typed: string,
  now: Date,
): Promise<{ ok: true; code: string; summary: string } | { ok: false; reason: string; message: string }> {
  const rule = await findDiscountCode(db, typed);
  const refused = codeStanding(rule, typed, now);
  if (refused || !rule)
    return { ok: false, reason: refused?.reason ?? "code-unknown", message: refused?.message ?? "" };
  return { ok: true, code: rule.code, summary: describeCode(rule) };
}

// ---- the back office -----------------------------------------------------------------------

export type CreateCodeOutcome = { kind: "created"; code: DiscountCodeView } | { kind: "exists"; code: string };

export interface DiscountCodeView {
  id: number;
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  minSubtotalCents: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  appliesTo: CodeTarget[] | null;
  combines: boolean;
  /** Uses held by unpaid orders and kept by paid ones. */
  uses: number;
  /** Paid orders with the code, and what they brought in (after the code, less refunds). */
  paidOrders: number;
  revenueCents: number;
  discountGivenCents: number;
  summary: string;
  createdAt: string;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === "23505" || (typeof e?.code === "string" && e.code.startsWith("SQLITE_CONSTRAINT_UNIQUE"));
}

export async function createDiscountCode(
  db: Kysely<Database>,
  input: DiscountCodeInput,
  actor: string,
  now: Date,
): Promise<CreateCodeOutcome> {
  const at = now.toISOString();
  try {
    const row = await db
      .insertInto("discount_codes")
      .values({
        code: input.code,
        percent_off: input.percentOff,
        amount_off_cents: input.amountOffCents,
        min_subtotal_cents: input.minSubtotalCents,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
        max_uses: input.maxUses,
        max_uses_per_customer: input.maxUsesPerCustomer,
        applies_to: input.appliesTo ? JSON.stringify(input.appliesTo) : null,
        combines: input.combines ? 1 : 0,
        created_by: actor,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: "created", code: viewOf(row, { paidOrders: 0, revenueCents: 0, discountGivenCents: 0 }) };
  } catch (err) {
    if (isUniqueViolation(err)) return { kind: "exists", code: input.code };
    throw err;
  }
}

function viewOf(
  row: CodeRow,
  totals: { paidOrders: number; revenueCents: number; discountGivenCents: number },
): DiscountCodeView {
  const rule = ruleOf(row);
  return {
    id: rule.id,
    code: rule.code,
    percentOff: rule.percentOff,
    amountOffCents: rule.amountOffCents,
    minSubtotalCents: rule.minSubtotalCents,
    startsAt: rule.startsAt,
    endsAt: rule.endsAt,
    maxUses: rule.maxUses,
    maxUsesPerCustomer: rule.maxUsesPerCustomer,
    appliesTo: rule.appliesTo,
    combines: rule.combines,
    uses: rule.uses,
    ...totals,
    summary: describeCode(rule),
    createdAt: toIso(row.created_at)!,
  };
}

/** A code in the admin API's shape: money in decimal dollars, like the other admin endpoints. */
export function discountCodeJson(view: DiscountCodeView) {
  return {
    id: view.id,
    code: view.code,
    percentOff: view.percentOff,
    amountOff: view.amountOffCents === null ? null : centsToDollars(view.amountOffCents),
    minSubtotal: centsToDollars(view.minSubtotalCents),
    startsAt: view.startsAt,
    endsAt: view.endsAt,
    maxUses: view.maxUses,
    maxUsesPerCustomer: view.maxUsesPerCustomer,
    appliesTo: view.appliesTo,
    combines: view.combines,
    uses: view.uses,
    paidOrders: view.paidOrders,
    revenue: centsToDollars(view.revenueCents),
    discountGiven: centsToDollars(view.discountGivenCents),
    summary: view.summary,
    createdAt: view.createdAt,
  };
}

/** Orders that count as sales of a code: paid, and on from there (a refund is taken off). */
const SOLD = ["paid", "shipped", "delivered", "refunded"] as const;

/** Every code, newest first, with its uses and the revenue of the paid orders that used it. */
export async function listDiscountCodes(db: Db): Promise<DiscountCodeView[]> {
  const [rows, totals] = await Promise.all([
    db.selectFrom("discount_codes").selectAll().orderBy("id", "desc").limit(500).execute(),
    db
      .selectFrom("discount_code_uses as u")
      .innerJoin("orders as o", "o.id", "u.order_id")
      .select((eb) => [
        "u.code_id",
        eb.fn.countAll<number | string>().as("orders"),
        eb.fn.sum<number | string>(sql`o.total_cents + o.store_credit_cents - o.refunded_cents`).as("revenue"),
        eb.fn.sum<number | string>("u.discount_cents").as("given"),
      ])
      .where("o.status", "in", [...SOLD])
      .groupBy("u.code_id")
      .execute(),
  ]);
  const byCode = new Map(totals.map((t) => [t.code_id, t]));
  return rows.map((row) => {
    const t = byCode.get(row.id);
    return viewOf(row, {
      paidOrders: Number(t?.orders ?? 0),
      revenueCents: Number(t?.revenue ?? 0),
      discountGivenCents: Number(t?.given ?? 0),
    });
  });
}

/** Ends a code now (a code that has ended already keeps its end). False when there is no such code. */
export async function endDiscountCode(db: Kysely<Database>, id: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("discount_codes")
    .set({ ends_at: at, updated_at: at })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", at)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  return (await db.selectFrom("discount_codes").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}
