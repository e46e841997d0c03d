import { sql, type Kysely } from "kysely";
import { kindLabel, OUTBOX_STATUSES, type OutboxStatus } from "#app/domain/outbox";
import { renderQueuedMail } from "#app/models/orders/order-mails.server";
import { orderMailSubject, type OrderMailKind } from "#app/services/mail/order-emails";
import { toIso } from "#database/values";
import type { AppServices } from "#app/services/container";
import type { Database } from "#database/schema";

const ORDER_MAIL_KINDS: readonly string[] = [
  "order-confirmation",
  "new-order-alert",
  "order-shipped",
  "order-delivered",
  "order-cancelled",
  "order-refunded",
] satisfies OrderMailKind[];

export interface OutboxFilters {
  status?: string;
  kind?: string;
}

/** Filters from a query string; anything unknown means "any" (a hand-edited URL is not an error). */
export function outboxFilters(params: URLSearchParams): { status: OutboxStatus | ""; kind: string } {
  const status = params.get("status") ?? "";
  const kind = params.get("kind") ?? "";
  return {
    status: (OUTBOX_STATUSES as readonly string[]).includes(status) ? (status as OutboxStatus) : "",
    kind: /^[a-z][a-z-]{0,40}$/.test(kind) ? kind : "",
  };
}

/**
 * The outbox, newest first. Order mail is queued without content and rendered when sent (see
 * renderQueuedMail), so until then its subject comes from the same function the renderer uses.
 */
export async function listOutbox(
  db: Kysely<Database>,
  filters: OutboxFilters,
  shop: { shopName: string },
  limit = 100,
) {
  let query = db
    .selectFrom("outbox")
    .leftJoin("orders", "orders.id", "outbox.order_id")
    .select([
      "outbox.id",
      "outbox.kind",
      "outbox.to_address",
      "outbox.subject",
      "outbox.status",
      "outbox.attempts",
      "outbox.last_error",
      "outbox.created_at",
      "outbox.sent_at",
      "outbox.next_attempt_at",
      "outbox.order_id",
      "outbox.dedupe_key",
      "orders.number as order_number",
      "orders.total_cents as order_total_cents",
    ]);
  if (filters.status && (OUTBOX_STATUSES as readonly string[]).includes(filters.status))
    query = query.where("outbox.status", "=", filters.status);
  if (filters.kind) query = query.where("outbox.kind", "=", filters.kind);
  const rows = await query.orderBy("outbox.id", "desc").limit(limit).execute();

  // A refund mail's subject says whether it was full: from the refund its dedupe key names.
  const refundIds = rows
    .filter((r) => !r.subject && r.kind === "order-refunded" && r.dedupe_key?.startsWith("order-refunded:"))
    .map((r) => r.dedupe_key!.slice("order-refunded:".length));
  const refunds = new Map(
    refundIds.length === 0
      ? []
      : (
          await db.selectFrom("refunds").select(["id", "refunded_total_cents"]).where("id", "in", refundIds).execute()
        ).map((r) => [r.id, r.refunded_total_cents]),
  );

  return rows.map(({ dedupe_key, order_number, order_total_cents, ...r }) => {
    let subject = r.subject;
    if (!subject && order_number !== null && order_total_cents !== null && ORDER_MAIL_KINDS.includes(r.kind)) {
      const refunded = refunds.get(dedupe_key?.slice("order-refunded:".length) ?? "");
      subject = orderMailSubject(
        r.kind as OrderMailKind,
        { number: order_number, totalCents: order_total_cents },
        shop,
        refunded === undefined ? undefined : { full: refunded >= order_total_cents },
      );
    }
    return {
      ...r,
      subject: subject || `(${kindLabel(r.kind)}, no subject)`,
      orderNumber: order_number,
      created_at: toIso(r.created_at)!,
      sent_at: toIso(r.sent_at),
      next_attempt_at: toIso(r.next_attempt_at),
    };
  });
}

/**
 * The kinds present, for the filter: one index probe per kind (each step asks for the next kind
 * after the last one, on the outbox_kind index), not a pass over every mail ever queued.
 */
export async function outboxKinds(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ kind: string }>`
    with recursive kinds (kind) as (
      select min(kind) from outbox
      union all
      select (select min(o.kind) from outbox o where o.kind > kinds.kind) from kinds where kinds.kind is not null
    )
    select kind from kinds where kind is not null order by kind`.execute(db);
  return rows.map((r) => r.kind);
}

/**
 * One message as it was sent, or as the worker will send it: stored content when there is some
 * (the worker keeps what it rendered), else rendered now by the worker's own function (not stored).
 */
export async function outboxMessage(services: AppServices, id: number) {
  const row = await services.database.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const stored = Boolean(row.html);
  const content = stored
    ? { subject: row.subject, html: row.html, text: row.text }
    : await renderQueuedMail(services.database.db, row, services.config, services.secret);
  const order = row.order_id
    ? await services.database.db
        .selectFrom("orders")
        .select(["id", "number"])
        .where("id", "=", row.order_id)
        .executeTakeFirst()
    : undefined;
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: toIso(row.created_at)!,
    sentAt: toIso(row.sent_at),
    nextAttemptAt: toIso(row.next_attempt_at),
    order: order ?? null,
    /** "stored": exactly what was (or will be) sent; "preview": rendered now, as the worker will. */
    source: stored ? ("stored" as const) : ("preview" as const),
    subject: content?.subject ?? `(${kindLabel(row.kind)}, no subject)`,
    html: content?.html ?? "",
    text: content?.text ?? "",
  };
}

export type RetryOutcome = "queued" | "already-queued" | "sent" | "missing";

/**
 * Puts a failed mail back in the queue with a fresh set of attempts. Idempotent: a second click
 * (or a retry of a mail already back in the queue) finds it pending and changes nothing.
 */
export async function retryMail(db: Kysely<Database>, id: number, now: Date): Promise<RetryOutcome> {
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), last_error: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return "queued";
  const row = await db.selectFrom("outbox").select("status").where("id", "=", id).executeTakeFirst();
  if (!row) return "missing";
  return row.status === "sent" ? "sent" : "already-queued";
}
