import { z } from "zod";
import { dollarsToCents } from "#app/domain/money";
import { REFERENCE_DAYS, referencePriceAfterChange, reductionsShownSince } from "#app/domain/reference-price";
import { SavingPercentSchema } from "#app/domain/subscriptions";
import { retiredDetail } from "#app/forms/admin-product-details";
import { invalidateCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { getBundle, getProduct } from "#app/models/catalogue/catalogue.server";
import { toIso } from "#database/values";
import type { CatalogueUpdate } from "#app/domain/catalogue";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

const Money = z
  .number("Enter an amount in dollars, like 24.99.")
  .min(0, "Enter 0 or more.")
  .max(100_000, "Enter at most $100,000.")
  .multipleOf(0.01, "Use whole cents, like 24.99.");

/** The stock moved between the page being loaded and the save: the owner must look again. */
export class StockChangedMeanwhile extends Error {
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(
      `Nothing was saved: the stock changed from ${expected} to ${actual} since this page was loaded (an order or another edit). Enter the new level again.`,
    );
  }
}

/** The JSON edit of /api/admin (prices in decimal dollars there); everything optional, nothing else accepted. */
export const CatalogueUpdateSchema = z
  .object({
    title: z.string().trim().min(2).max(120).optional(),
    description: z.string().trim().min(10).max(4000).optional(),
    price: Money.optional(),
    quantity: z.number().int().min(0).max(1_000_000).optional(),
    stockReason: z.string().trim().min(3).max(200).optional(),
    active: z.boolean().optional(),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
    validUntil: z.iso.date().nullable().optional(),
    metadata: z
      .record(
        z
          .string()
          .regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, "Name each detail with letters and digits, starting with a letter."),
        z.union([z.string().max(200), z.number(), z.boolean()], "Give each detail a text, a number, true or false."),
      )
      .superRefine((details, ctx) => {
        for (const key of Object.keys(details)) {
          const refused = retiredDetail(key, `"${key}"`);
          if (refused) ctx.addIssue({ code: "custom", message: refused, path: [key] });
        }
      })
      .optional(),
    /** Offered on subscription at this saving (whole percent, 1–50); null stops offering it. */
    subscribeSavingPercent: SavingPercentSchema.nullable().optional(),
  })
  .strict()
  .refine((u) => u.quantity === undefined || u.stockReason, {
    message: "Say why the stock changes.",
    path: ["stockReason"],
  })
  .transform(({ price, ...rest }): CatalogueUpdate => ({
    ...rest,
    ...(price !== undefined ? { priceCents: dollarsToCents(price) } : {}),
  }));

/**
 * Applies an owner's edit. A stock change is written as the new level plus a stock_movements
 * row with its reason and who made it, in the same transaction.
 */
export async function updateCatalogueItem(
  db: Kysely<Database>,
  kind: "product" | "bundle",
  id: string,
  update: CatalogueUpdate,
  actor: string,
  now: Date,
) {
  const current = kind === "product" ? await getProduct(db, id) : await getBundle(db, id);
  if (!current) return null;
  const iso = now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (kind === "product") {
      const product = current as NonNullable<Awaited<ReturnType<typeof getProduct>>>;
      const metadata: Record<string, unknown> = { ...(update.metadata ?? product.metadata) };
      if (update.validUntil !== undefined) {
        if (update.validUntil === null) delete metadata["validUntil"];
        else metadata["validUntil"] = update.validUntil;
      }
      const stockEdit = update.quantity !== undefined && update.expectedQuantity !== undefined;
      const priceChange = update.priceCents !== undefined && update.priceCents !== product.priceCents;
      let reference: { original_price_cents: number | null; price_since: string } | null = null;
      if (priceChange) {
        const history = await trx
          .selectFrom("price_changes")
          .select(["from_cents", "to_cents", "changed_at"])
          .where("product_id", "=", id)
          .where("changed_at", ">=", new Date(now.getTime() - REFERENCE_DAYS * 86_400_000).toISOString())
          .execute();
        const changes = history.map((c) => ({
          fromCents: c.from_cents,
          toCents: c.to_cents,
          changedAt: toIso(c.changed_at)!,
        }));
        reference = {
          original_price_cents: referencePriceAfterChange(product.priceCents, update.priceCents!, changes, now),
          price_since: iso,
        };
        await trx
          .insertInto("price_changes")
          .values({
            product_id: id,
            from_cents: product.priceCents,
            to_cents: update.priceCents!,
            actor,
            changed_at: iso,
          })
          .execute();
      }
      const updated = await trx
        .updateTable("products")
        .set({
          ...(update.title !== undefined ? { title: update.title } : {}),
          ...(update.description !== undefined ? { description: update.description } : {}),
          ...(update.priceCents !== undefined ? { price_cents: update.priceCents } : {}),
          ...(reference ?? {}),
          ...(update.quantity !== undefined ? { quantity: update.quantity } : {}),
          ...(update.active !== undefined ? { is_active: update.active ? 1 : 0 } : {}),
          ...(update.tags !== undefined ? { tags: JSON.stringify(update.tags) } : {}),
          ...(update.validUntil !== undefined || update.metadata !== undefined
            ? { metadata: JSON.stringify(metadata) }
            : {}),
          // The snapshot other processes keep notices the stamp (and this one is dropped below).
          ...(update.subscribeSavingPercent !== undefined
            ? { subscribe_saving_percent: update.subscribeSavingPercent }
            : {}),
          updated_at: iso,
        })
        .where("id", "=", id)
        // Compare and set in one statement: an order placed meanwhile is never overwritten.
        .$if(stockEdit, (qb) => qb.where("quantity", "=", update.expectedQuantity!))
        .executeTakeFirst();
      if (stockEdit && Number(updated.numUpdatedRows) === 0) {
        const now = await trx.selectFrom("products").select("quantity").where("id", "=", id).executeTakeFirst();
        throw new StockChangedMeanwhile(update.expectedQuantity!, now?.quantity ?? 0);
      }
    } else {
      await trx
        .updateTable("bundles")
        .set({
          ...(update.title !== undefined ? { name: update.title } : {}),
          ...(update.description !== undefined ? { description: update.description } : {}),
          ...(update.priceCents !== undefined ? { price_cents: update.priceCents } : {}),
          ...(update.active !== undefined ? { is_active: update.active ? 1 : 0 } : {}),
          updated_at: iso,
        })
        .where("id", "=", id)
        .execute();
    }
    // A bundle has no stock of its own (its contents' stock is its stock): nothing to log.
    if (kind === "product" && update.quantity !== undefined && update.quantity !== current.quantity) {
      await trx
        .insertInto("stock_movements")
        .values({
          item_kind: kind,
          item_id: id,
          delta: update.quantity - current.quantity,
          reason: `admin: ${update.stockReason}`,
          actor,
          created_at: iso,
        })
        .execute();
    }
  });
  invalidateCatalogueSnapshot(db);
  return kind === "product" ? getProduct(db, id) : getBundle(db, id);
}

/** Who made a stock change, as the owner reads it. */
export type MovementActor =
  | { kind: "order"; orderId: string; number: string | null }
  | { kind: "admin"; email: string; name: string | null }
  | { kind: "system"; label: string };

const SYSTEM_ACTORS: Record<string, string> = {
  checkout: "Checkout",
  system: "The shop",
  worker: "The shop",
  payments: "Payments",
};

/** A stock movement's reason as the owner reads it (the ledger keeps the machine's words). */
function reasonInWords(reason: string): string {
  if (reason.startsWith("admin: ")) return reason.slice("admin: ".length);
  if (reason === "order-reserved") return "Reserved for the order";
  const back = /^order-(\w+)$/.exec(reason);
  if (back) return `Back in stock: order ${back[1]!.replaceAll("_", " ")}`;
  return reason;
}

/**
 * The latest stock changes with who made them: an order (`order:<id>`) by its number, an admin
 * (their email) by name, the shop's own jobs in words.
 */
/**
 * Ends the "Was" price of every cut older than REDUCTION_SHOWN_DAYS: the lowered price has become
 * the price. Stamps `updated_at` so that other server processes see the change too. Returns how
 * many products it changed.
 */
export async function endOldReductions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable("products")
    .set({ original_price_cents: null, updated_at: now.toISOString() })
    .where("original_price_cents", "is not", null)
    .where((eb) =>
      eb.or([eb("price_since", "is", null), eb("price_since", "<", reductionsShownSince(now).toISOString())]),
    )
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows);
  if (changed > 0) invalidateCatalogueSnapshot(db);
  return changed;
}

export async function listStockMovements(db: Kysely<Database>, limit = 30) {
  const rows = await db.selectFrom("stock_movements").selectAll().orderBy("id", "desc").limit(limit).execute();
  const orderIds = [
    ...new Set(rows.flatMap((r) => (r.actor?.startsWith("order:") ? [r.actor.slice("order:".length)] : []))),
  ];
  const emails = [...new Set(rows.flatMap((r) => (r.actor?.includes("@") ? [r.actor] : [])))];
  const [orders, users] = await Promise.all([
    orderIds.length === 0 ? [] : db.selectFrom("orders").select(["id", "number"]).where("id", "in", orderIds).execute(),
    emails.length === 0 ? [] : db.selectFrom("user").select(["email", "name"]).where("email", "in", emails).execute(),
  ]);
  const numbers = new Map(orders.map((o) => [o.id, o.number]));
  const names = new Map(users.map((u) => [u.email, u.name.trim() || null]));
  return rows.map((r) => {
    const actor = r.actor ?? "";
    const by: MovementActor = actor.startsWith("order:")
      ? { kind: "order", orderId: actor.slice(6), number: numbers.get(actor.slice(6)) ?? null }
      : actor.includes("@")
        ? { kind: "admin", email: actor, name: names.get(actor) ?? null }
        : { kind: "system", label: SYSTEM_ACTORS[actor] ?? (actor || "The shop") };
    return {
      id: r.id,
      itemKind: r.item_kind,
      itemId: r.item_id,
      delta: r.delta,
      reason: reasonInWords(r.reason),
      createdAt: r.created_at,
      by,
    };
  });
}
