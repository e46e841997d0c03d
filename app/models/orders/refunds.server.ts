import { isPaidElsewhere } from "#app/domain/paid-elsewhere";
import { toIso } from "#database/values";
import type { AppServices } from "#app/services/container";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

type Db = Kysely<Database>;

/** Provider errors are retried by the worker this many times before the refund is marked failed. */
export const MAX_REFUND_ATTEMPTS = 8;
/**
 * A pending refund younger than this is left to the request that recorded it (it is calling the
 * provider right now); an older one belongs to a process that died and the worker settles it.
 * Calling twice would still refund once (same idempotency key), only wastefully.
 */
export const REFUND_SETTLE_GRACE_MS = 10_000;

export interface RefundRow {
  id: string;
  orderId: string;
  amountCents: number;
  status: string;
  reason: string | null;
  providerRefundId: string | null;
  lastError: string | null;
  createdAt: string;
}

/**
 * Asks the provider for a refund recorded as pending, with the refund's own idempotency key,
 * outside any transaction, and records the answer. Never throws for a provider failure: the
 * refund stays pending (the worker tries again) and the error is kept for the back office.
 */
export async function settleRefund(services: AppServices, refundId: string): Promise<string> {
  const { db } = services.database;
  const row = await db
    .selectFrom("refunds")
    .innerJoin("orders", "orders.id", "refunds.order_id")
    .select([
      "refunds.id",
      "refunds.order_id",
      "refunds.amount_cents",
      "refunds.status",
      "refunds.idempotency_key",
      "refunds.attempts",
      "orders.payment_reference",
      "orders.payment_provider",
    ])
    .where("refunds.id", "=", refundId)
    .executeTakeFirst();
  if (!row || row.status !== "pending") return row?.status ?? "missing";
  const now = () => services.clock().toISOString();
  const reference = row.payment_reference;

  // Payments recorded from elsewhere (phone, marketplace) are refunded there: nothing to call.
  if (!reference || isPaidElsewhere({ paymentProvider: row.payment_provider })) {
    await record(db, row.id, "succeeded", { provider_refund_id: "external", updated_at: now() });
    return "succeeded";
  }
  await db
    .updateTable("refunds")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), updated_at: now() }))
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .execute();
  try {
    const answer = await services.payments.refund({
      reference,
      amountCents: row.amount_cents,
      idempotencyKey: row.idempotency_key,
    });
    // Stripe may answer "pending" and confirm by webhook (refund.updated); the test provider settles at once.
    const status = answer.status === "pending" ? "submitted" : answer.status === "failed" ? "failed" : "succeeded";
    // No history line: the transition that asked for the refund wrote its one line, with the
    // amount; how it settled is the refund's status, listed beside the history (a line here
    // too showed every refund twice).
    await record(db, row.id, status, { provider_refund_id: answer.refundId, last_error: null, updated_at: now() });
    return status;
  } catch (err) {
    const message = String((err as Error)?.message ?? err).slice(0, 500);
    const failed = row.attempts + 1 >= MAX_REFUND_ATTEMPTS;
    await record(db, row.id, failed ? "failed" : "pending", { last_error: message, updated_at: now() });
    services.logger.warn({ refundId: row.id, err: message }, failed ? "refund failed" : "refund will be retried");
    return failed ? "failed" : "pending";
  }
}

/** Records a refund's outcome once: only a refund still pending or submitted changes. */
async function record(
  db: Db,
  id: string,
  status: string,
  fields: { provider_refund_id?: string; last_error?: string | null; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("refunds")
    .set({ status, ...fields })
    .where("id", "=", id)
    .where("status", "in", ["pending", "submitted"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A Stripe refund confirmed or refused by its webhook (refund.updated and friends). */
export async function recordProviderRefund(
  db: Db,
  providerRefundId: string,
  status: string,
  now: Date,
): Promise<boolean> {
  if (status !== "succeeded" && status !== "failed" && status !== "canceled") return false;
  return record(db, await refundIdFor(db, providerRefundId), status === "succeeded" ? "succeeded" : "failed", {
    updated_at: now.toISOString(),
  });
}

async function refundIdFor(db: Db, providerRefundId: string): Promise<string> {
  const row = await db
    .selectFrom("refunds")
    .select("id")
    .where("provider_refund_id", "=", providerRefundId)
    .executeTakeFirst();
  return row?.id ?? "";
}

/**
 * The worker's reconciliation: refunds left pending by a process that died between recording
 * and settling them (or whose provider call failed) are settled now, with the same key.
 */
export async function settleDueRefunds(services: AppServices, now: Date): Promise<number> {
  const due = await services.database.db
    .selectFrom("refunds")
    .select("id")
    .where("status", "=", "pending")
    .where("updated_at", "<=", new Date(now.getTime() - REFUND_SETTLE_GRACE_MS).toISOString())
    .orderBy("created_at")
    .limit(50)
    .execute();
  let settled = 0;
  for (const { id } of due) if ((await settleRefund(services, id)) !== "pending") settled++;
  return settled;
}

export async function listRefunds(db: Db, orderId: string): Promise<RefundRow[]> {
  const rows = await db
    .selectFrom("refunds")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    amountCents: r.amount_cents,
    status: r.status,
    reason: r.reason,
    providerRefundId: r.provider_refund_id,
    lastError: r.last_error,
    createdAt: toIso(r.created_at)!,
  }));
}

export async function listPaymentAttempts(db: Db, orderId: string) {
  const rows = await db
    .selectFrom("payment_attempts")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, outcome: r.outcome, reason: r.reason, createdAt: toIso(r.created_at)! }));
}
