import {
  isRecovered,
  parseRestoreLink,
  reminderDecision,
  REMINDER_UNSUBSCRIBE_PURPOSE,
  RESTORE_PURPOSE,
} from "#app/domain/checkout-reminder";
import { enqueueMail } from "#app/services/mail/outbox.server";
import { renderCheckoutReminder } from "#app/services/mail/reminder-emails";
import { sign, verify } from "#app/services/signed-links.server";
import { parseJson, toIso } from "#database/values";
import { loadCatalogueSnapshot } from "../catalogue/catalogue-snapshot.server";
import { rebuildCart, type RebuiltCart } from "./cart-rebuild.server";
import type { Config } from "#app/config.server";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

/**
 * The one abandoned-checkout reminder (issue 36, decision 045): a checkout whose buyer ticked
 * "email me if my checkout doesn't go through" gets one mail an hour after it expired, with a
 * signed link that puts the same items back in the cart at today's prices.
 */

interface Deps {
  db: Kysely<Database>;
  config: Config;
  secret: string;
  now: Date;
}

export function restoreUrl(config: Config, secret: string, orderId: string): string {
  return `${config.publicUrl}/cart/restore?order=${orderId}&sig=${sign(secret, RESTORE_PURPOSE, orderId)}`;
}

export function reminderUnsubscribeUrl(config: Config, secret: string, email: string): string {
  return `${config.publicUrl}/api/reminders/unsubscribe?email=${encodeURIComponent(email)}&sig=${sign(secret, REMINDER_UNSUBSCRIBE_PURPOSE, email)}`;
}

const brandOf = (config: Config) => ({
  shopName: config.shopName,
  publicUrl: config.publicUrl,
  shopEmail: config.shopEmail,
});

/**
 * The worker's pass: every waiting reminder is sent, dropped for good (paid, cancelled, the buyer
 * paid another order since, the address unsubscribed) or left for a later pass. Sending moves the
 * row from waiting to sent in the transaction that queues the mail, so two workers or a second
 * pass never send it twice.
 */
export async function sendDueReminders({ db, config, secret, now }: Deps): Promise<{ sent: number; skipped: number }> {
  const iso = now.toISOString();
  const waiting = await db
    .selectFrom("checkout_reminders as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .select(["r.order_id", "r.email", "r.created_at", "o.status"])
    .where("r.status", "=", "waiting")
    // Still payable: not yet due, and not allowed to crowd the due ones out of the batch.
    .where("o.status", "!=", "pending_payment")
    .orderBy("r.created_at")
    .limit(200)
    .execute();
  let sent = 0;
  let skipped = 0;
  for (const row of waiting) {
    const createdAt = toIso(row.created_at)!;
    const [expired, unsubscribed, paidAnother] = await Promise.all([
      db
        .selectFrom("order_events")
        .select("created_at")
        .where("order_id", "=", row.order_id)
        .where("to_status", "=", "expired")
        .orderBy("id", "desc")
        .executeTakeFirst(),
      db.selectFrom("reminder_unsubscribes").select("email").where("email", "=", row.email).executeTakeFirst(),
      db
        .selectFrom("orders")
        .select("id")
        .where("email", "=", row.email)
        .where("id", "!=", row.order_id)
        .where("paid_at", "is not", null)
        .where("created_at", ">=", createdAt)
        .executeTakeFirst(),
    ]);
    const decision = reminderDecision({
      status: row.status,
      expiredAt: expired ? new Date(toIso(expired.created_at)!) : null,
      unsubscribed: Boolean(unsubscribed),
      paidAnotherSince: Boolean(paidAnother),
      now,
      delayMs: config.reminderDelayMinutes * 60_000,
    });
    if (decision.kind === "wait") continue;
    if (decision.kind === "skip") {
      await db
        .updateTable("checkout_reminders")
        .set({ status: "skipped", skipped_reason: decision.reason })
        .where("order_id", "=", row.order_id)
        .where("status", "=", "waiting")
        .execute();
      skipped++;
      continue;
    }
    const lines = await db
      .selectFrom("order_lines")
      .select(["title", "quantity"])
      .where("order_id", "=", row.order_id)
      .orderBy("position")
      .execute();
    const rendered = await renderCheckoutReminder(brandOf(config), {
      titles: lines.map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.title}` : l.title)),
      restoreUrl: restoreUrl(config, secret, row.order_id),
      unsubscribeUrl: reminderUnsubscribeUrl(config, secret, row.email),
    });
    sent += await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("checkout_reminders")
        .set({ status: "sent", sent_at: iso })
        .where("order_id", "=", row.order_id)
        .where("status", "=", "waiting")
        .executeTakeFirst();
      // Another worker sent it first.
      if (Number(moved.numUpdatedRows) !== 1) return 0;
      await enqueueMail(
        trx,
        {
          kind: "checkout-reminder",
          to: row.email,
          dedupeKey: `checkout-reminder:${row.order_id}`,
          orderId: row.order_id,
          headers: {
            "List-Unsubscribe": `<${reminderUnsubscribeUrl(config, secret, row.email)}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
          ...rendered,
        },
        now,
      );
      return 1;
    });
  }
  return { sent, skipped };
}

/** "Never send me checkout reminders": false for a forged link. Reminders still waiting for the address are dropped. */
export async function unsubscribeFromReminders(
  { db, secret, now }: Pick<Deps, "db" | "secret" | "now">,
  email: string,
  signature: string,
): Promise<boolean> {
  if (!email || !verify(secret, signature, REMINDER_UNSUBSCRIBE_PURPOSE, email)) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("reminder_unsubscribes")
      .values({ email, created_at: now.toISOString() })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    await trx
      .updateTable("checkout_reminders")
      .set({ status: "skipped", skipped_reason: "unsubscribed" })
      .where("email", "=", email)
      .where("status", "=", "waiting")
      .execute();
  });
  return true;
}

export type RestoreOutcome = { kind: "invalid-link" } | ({ kind: "restored" } & RebuiltCart);

/**
 * What a reminder's link puts back in the cart: the checkout's items and quantities, each kept
 * only if it can be bought now, priced from today's catalogue (the old order's prices are never
 * read). Items that cannot are named as sold out or no longer sold.
 */
export async function restoreCheckoutCart(
  { db, secret, now }: Pick<Deps, "db" | "secret" | "now">,
  params: { order?: unknown; sig?: unknown },
): Promise<RestoreOutcome> {
  const link = parseRestoreLink(params);
  if (!link || !verify(secret, link.sig, RESTORE_PURPOSE, link.orderId)) return { kind: "invalid-link" };
  const lines = await db
    .selectFrom("order_lines")
    .select(["kind", "item_id", "product_ids", "title", "quantity"])
    .where("order_id", "=", link.orderId)
    .orderBy("position")
    .execute();
  if (lines.length === 0) return { kind: "invalid-link" };
  const catalogue = await loadCatalogueSnapshot(db);
  const rebuilt = rebuildCart(
    lines.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      item:
        line.kind === "combo"
          ? { kind: "combo", productIds: parseJson<string[]>(line.product_ids, []), quantity: line.quantity }
          : line.kind === "product" || line.kind === "bundle"
            ? { kind: line.kind, id: line.item_id ?? "", quantity: line.quantity }
            : null,
    })),
    catalogue,
    now,
  );
  await db
    .updateTable("checkout_reminders")
    .set({ restored_at: now.toISOString() })
    .where("order_id", "=", link.orderId)
    .where("restored_at", "is", null)
    .execute();
  return { kind: "restored", ...rebuilt };
}

export interface ReminderSummary {
  sent: number;
  opened: number;
  recovered: number;
  recoveredCents: number;
  recent: {
    orderId: string;
    email: string;
    sentAt: string;
    restoredAt: string | null;
    recoveredOrder: string | null;
  }[];
}

/**
 * The back office's count. "Recovered": the reminded address paid an order created after the
 * reminder was sent and paid within RECOVERY_DAYS of it — the restored cart leaves no trace in
 * the order, so the address and the window are what tie them.
 */
export async function reminderSummary(db: Kysely<Database>, { limit = 50 } = {}): Promise<ReminderSummary> {
  const sent = await db
    .selectFrom("checkout_reminders")
    .select(["order_id", "email", "sent_at", "restored_at"])
    .where("status", "=", "sent")
    .orderBy("sent_at", "desc")
    .execute();
  const emails = [...new Set(sent.map((r) => r.email))];
  const earliest = sent.reduce<string | null>((min, r) => {
    const at = toIso(r.sent_at);
    return at && (!min || at < min) ? at : min;
  }, null);
  const paid =
    emails.length && earliest
      ? await db
          .selectFrom("orders")
          .select(["number", "email", "created_at", "paid_at", "total_cents"])
          .where("email", "in", emails)
          .where("paid_at", "is not", null)
          .where("created_at", ">=", earliest)
          .orderBy("paid_at")
          .execute()
      : [];
  let recovered = 0;
  let recoveredCents = 0;
  const counted = new Set<string>();
  const recent: ReminderSummary["recent"] = [];
  for (const r of sent) {
    const sentAt = new Date(toIso(r.sent_at)!);
    const order = paid.find(
      (o) =>
        o.email === r.email &&
        !counted.has(o.number) &&
        new Date(toIso(o.created_at)!) >= sentAt &&
        isRecovered(sentAt, new Date(toIso(o.paid_at)!)),
    );
    if (order) {
      counted.add(order.number);
      recovered++;
      recoveredCents += order.total_cents;
    }
    if (recent.length < limit)
      recent.push({
        orderId: r.order_id,
        email: r.email,
        sentAt: sentAt.toISOString(),
        restoredAt: toIso(r.restored_at),
        recoveredOrder: order?.number ?? null,
      });
  }
  return { sent: sent.length, opened: sent.filter((r) => r.restored_at).length, recovered, recoveredCents, recent };
}
