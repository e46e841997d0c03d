import {
  dueReorders,
  parseReorderLink,
  predictionBasis,
  REORDER_LINK_DAYS,
  REORDER_RESTORE_PURPOSE,
  REORDER_UNSUBSCRIBE_PURPOSE,
  reorderItems,
  shortDate,
  type PaidOrder,
  type TankVolume,
} from "#app/domain/reorder-reminder";
import { enqueueMail } from "#app/services/mail/outbox.server";
import { renderReorderReminder } from "#app/services/mail/reorder-emails";
import { sign, verify } from "#app/services/signed-links.server";
import { parseJson, toIso } from "#database/values";
import { loadCatalogueSnapshot } from "../catalogue/catalogue-snapshot.server";
import { rebuildCart } from "./cart-rebuild.server";
import { restoreCheckoutCart, type RestoreOutcome } from "./checkout-reminders.server";
import type { Config } from "#app/config.server";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

/**
 * The coral-food reorder reminder (issue 37, decision 048): a reefer who ticked "Mail me a week
 * before my coral food runs out" on a tank gets one mail per purchase a week before the food
 * bought is predicted to run out, with a signed, expiring link that puts the same food in the
 * cart at today's price.
 */

interface Deps {
  db: Kysely<Database>;
  config: Config;
  secret: string;
  now: Date;
}

const DAY_MS = 86_400_000;
const LIVE_STATUSES = ["paid", "shipped", "delivered"];

export type ConsentOutcome = { kind: "not-found" } | { kind: "saved"; on: boolean };

/** Turns the tank's reminder on or off; another customer's tank (or none) is not found. */
export async function setReorderConsent(
  { db, now }: Pick<Deps, "db" | "now">,
  userId: string,
  tankId: string,
  on: boolean,
): Promise<ConsentOutcome> {
  const tank = await db
    .selectFrom("tanks")
    .select("id")
    .where("id", "=", tankId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!tank) return { kind: "not-found" };
  if (on)
    await db
      .insertInto("reorder_consents")
      .values({ tank_id: tankId, user_id: userId, created_at: now.toISOString() })
      .onConflict((oc) => oc.column("tank_id").doNothing())
      .execute();
  else await db.deleteFrom("reorder_consents").where("tank_id", "=", tankId).execute();
  return { kind: "saved", on };
}

/** The customer's tanks, each with whether its reminder is on. */
export async function reorderConsents(
  db: Kysely<Database>,
  userId: string,
): Promise<{ id: string; name: string; on: boolean }[]> {
  const rows = await db
    .selectFrom("tanks as t")
    .leftJoin("reorder_consents as c", "c.tank_id", "t.id")
    .select(["t.id", "t.name", "c.tank_id as consent"])
    .where("t.user_id", "=", userId)
    .orderBy("t.created_at")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, on: r.consent !== null }));
}

export function reorderUrl(config: Config, secret: string, reminderId: string, until: number): string {
  return `${config.publicUrl}/cart/restore?reorder=${reminderId}&until=${until}&sig=${sign(secret, REORDER_RESTORE_PURPOSE, reminderId, String(until))}`;
}

export function reorderUnsubscribeUrl(config: Config, secret: string, userId: string): string {
  return `${config.publicUrl}/api/reminders/reorder-unsubscribe?user=${encodeURIComponent(userId)}&sig=${sign(secret, REORDER_UNSUBSCRIBE_PURPOSE, userId)}`;
}

/** A customer's paid orders placed while signed in (or matched to their verified account), as the rules read them. */
async function paidOrdersOf(db: Kysely<Database>, userId: string): Promise<PaidOrder[]> {
  const orders = await db
    .selectFrom("orders")
    .select(["id", "paid_at"])
    .where("user_id", "=", userId)
    .where("status", "in", LIVE_STATUSES)
    .where("paid_at", "is not", null)
    .execute();
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [lines, delivered] = await Promise.all([
    db
      .selectFrom("order_lines")
      .select(["order_id", "kind", "item_id", "product_ids", "quantity"])
      .where("order_id", "in", ids)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("order_events")
      .select(["order_id", "created_at"])
      .where("order_id", "in", ids)
      .where("to_status", "=", "delivered")
      .execute(),
  ]);
  return orders.map((o) => {
    const arrived = delivered.find((e) => e.order_id === o.id);
    return {
      id: o.id,
      // The food is opened when it arrives: the delivery when recorded, else the payment.
      receivedAt: new Date(toIso(arrived?.created_at ?? o.paid_at)!),
      lines: lines
        .filter((l) => l.order_id === o.id)
        .map((l) => ({
          kind: l.kind,
          itemId: l.item_id,
          productIds: parseJson<string[]>(l.product_ids, []),
          quantity: l.quantity,
        })),
    };
  });
}

/**
 * The worker's pass: for each customer with a consenting tank, the current purchase of each coral
 * food whose reminder is due is mailed. The reminder row (unique per customer, order and food)
 * and the outbox mail are written in one transaction, so two workers, a second pass or a restart
 * after a crash never send a second one.
 */
export async function sendDueReorderReminders({ db, config, secret, now }: Deps): Promise<{ sent: number }> {
  const consenting = await db
    .selectFrom("reorder_consents as c")
    .innerJoin("tanks as t", "t.id", "c.tank_id")
    .innerJoin("user as u", "u.id", "c.user_id")
    .select(["c.user_id", "u.email", "t.id", "t.display_volume", "t.sump_volume", "t.volume_unit"])
    .whereRef("t.user_id", "=", "c.user_id")
    .execute();
  const byUser = new Map<string, { email: string; tanks: TankVolume[] }>();
  for (const row of consenting) {
    const entry = byUser.get(row.user_id) ?? { email: row.email.toLowerCase(), tanks: [] };
    entry.tanks.push({
      id: row.id,
      displayVolume: Number(row.display_volume),
      sumpVolume: row.sump_volume === null ? null : Number(row.sump_volume),
      volumeUnit: row.volume_unit,
    });
    byUser.set(row.user_id, entry);
  }
  if (byUser.size === 0) return { sent: 0 };
  const catalogue = await loadCatalogueSnapshot(db);
  const brand = { shopName: config.shopName, publicUrl: config.publicUrl, shopEmail: config.shopEmail };
  let sent = 0;
  for (const [userId, { email, tanks }] of byUser) {
    const due = dueReorders(await paidOrdersOf(db, userId), catalogue, tanks, now);
    for (const prediction of due) {
      const { purchase } = prediction;
      const already = await db
        .selectFrom("reorder_reminders")
        .select("id")
        .where("user_id", "=", userId)
        .where("order_id", "=", purchase.orderId)
        .where("food_id", "=", purchase.food.id)
        .executeTakeFirst();
      if (already) continue;
      const id = crypto.randomUUID();
      const until = now.getTime() + REORDER_LINK_DAYS * DAY_MS;
      const unsubscribeUrl = reorderUnsubscribeUrl(config, secret, userId);
      const rendered = await renderReorderReminder(brand, {
        foodName: purchase.food.name,
        runOutOn: shortDate(prediction.runOutOn),
        basis: predictionBasis(prediction),
        reorderUrl: reorderUrl(config, secret, id, until),
        unsubscribeUrl,
      });
      sent += await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("reorder_reminders")
          .values({
            id,
            user_id: userId,
            order_id: purchase.orderId,
            food_id: purchase.food.id,
            tank_id: prediction.tank.id,
            email,
            items: JSON.stringify(purchase.items),
            run_out_at: prediction.runOutOn.toISOString(),
            sent_at: now.toISOString(),
          })
          .onConflict((oc) => oc.columns(["user_id", "order_id", "food_id"]).doNothing())
          .executeTakeFirst();
        // Another worker sent it first.
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return 0;
        await enqueueMail(
          trx,
          {
            kind: "reorder-reminder",
            to: email,
            dedupeKey: `reorder-reminder:${userId}:${purchase.orderId}:${purchase.food.id}`,
            orderId: purchase.orderId,
            headers: {
              "List-Unsubscribe": `<${unsubscribeUrl}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
            ...rendered,
          },
          now,
        );
        return 1;
      });
    }
  }
  return { sent };
}

/** "Stop coral food reminders": every tank of the account is turned off; false for a forged link. */
export async function unsubscribeFromReorderReminders(
  db: Kysely<Database>,
  secret: string,
  userId: string,
  signature: string,
): Promise<boolean> {
  if (!userId || !verify(secret, signature, REORDER_UNSUBSCRIBE_PURPOSE, userId)) return false;
  await db.deleteFrom("reorder_consents").where("user_id", "=", userId).execute();
  return true;
}

/** An account's consents and reminders go with it. */
export async function forgetReorderRemindersOf(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("reorder_consents").where("user_id", "=", userId).execute();
  await db.deleteFrom("reorder_reminders").where("user_id", "=", userId).execute();
}

/**
 * What a reorder link puts in the cart: the same food-holding products and quantities, priced
 * from today's catalogue. A link we did not sign, or one past its date, restores nothing.
 */
async function restoreReorderCart(
  { db, secret, now }: Pick<Deps, "db" | "secret" | "now">,
  params: { reorder?: unknown; until?: unknown; sig?: unknown },
): Promise<RestoreOutcome> {
  const link = parseReorderLink(params);
  if (
    !link ||
    !verify(secret, link.sig, REORDER_RESTORE_PURPOSE, link.reminderId, String(link.until)) ||
    now.getTime() > link.until
  )
    return { kind: "invalid-link" };
  const reminder = await db
    .selectFrom("reorder_reminders")
    .select(["items"])
    .where("id", "=", link.reminderId)
    .executeTakeFirst();
  if (!reminder) return { kind: "invalid-link" };
  const catalogue = await loadCatalogueSnapshot(db);
  const items = reorderItems(parseJson<{ productId: string; quantity: number }[]>(reminder.items, []));
  const titles = new Map(catalogue.products.map((p) => [p.id, p.title]));
  const rebuilt = rebuildCart(
    items.map((item) => ({
      item,
      quantity: item.quantity,
      title: item.kind === "product" ? (titles.get(item.id) ?? "Coral food") : "Coral food",
    })),
    catalogue,
    now,
  );
  await db
    .updateTable("reorder_reminders")
    .set({ restored_at: now.toISOString() })
    .where("id", "=", link.reminderId)
    .where("restored_at", "is", null)
    .execute();
  return { kind: "restored", ...rebuilt };
}

/** `/cart/restore`: a reorder link (`reorder=`) or an abandoned checkout's (`order=`). */
export function restoreLinkedCart(
  deps: Pick<Deps, "db" | "secret" | "now">,
  params: { order?: unknown; reorder?: unknown; until?: unknown; sig?: unknown },
): Promise<RestoreOutcome> {
  return params.reorder !== undefined && params.reorder !== null
    ? restoreReorderCart(deps, params)
    : restoreCheckoutCart(deps, params);
}
