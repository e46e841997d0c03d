import { isPurchasable, needsShipping } from "#app/domain/availability";
import { deliveryChoices, formatShipDay } from "#app/domain/ship-calendar";
import { peopleToNotify, waitingKey, waitlistExpiry, WAITLIST_DAYS, type WaitlistItemKind } from "#app/domain/waitlist";
import { enqueueMail } from "#app/services/mail/outbox.server";
import { renderBackInStock, renderWaitlistJoined, type WaitlistLinks } from "#app/services/mail/waitlist-emails";
import { sign, verify } from "#app/services/signed-links.server";
import { loadShipCalendar } from "../shipping/ship-calendar.server";
import { listBundles, listProducts } from "./catalogue.server";
import type { Config } from "#app/config.server";
import type { Bundle, Product } from "#app/domain/catalogue";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

/**
 * The back-in-stock waitlist (issue 36, decision 042): joining answers the same whatever the
 * address; the worker tells the oldest entries, no more of them than units, when an item's stock
 * rises; each entry is told once, in the transaction that queues its mail.
 */

interface Deps {
  db: Kysely<Database>;
  config: Config;
  secret: string;
  now: Date;
}

export interface WaitlistItem {
  kind: WaitlistItemKind;
  id: string;
}

/** A waited-for item as the waitlist sees it: its name, units buyable now and whether it ships live. */
interface Stocked {
  kind: WaitlistItemKind;
  id: string;
  title: string;
  units: number;
  live: boolean;
  ships: boolean;
}

const isLive = (p: Product) => p.metadata.livePlant === true && needsShipping(p);

function stockedItems(products: Product[], bundles: Bundle[], now: Date): Map<string, Stocked> {
  const byId = new Map(products.map((p) => [p.id, p]));
  const items = new Map<string, Stocked>();
  for (const p of products)
    items.set(`product:${p.id}`, {
      kind: "product",
      id: p.id,
      title: p.title,
      units: isPurchasable(p, now) ? p.quantity : 0,
      live: isLive(p),
      ships: needsShipping(p),
    });
  for (const b of bundles) {
    const contents = b.components.map((c) => byId.get(c.productId)).filter((p): p is Product => Boolean(p));
    items.set(`bundle:${b.id}`, {
      kind: "bundle",
      id: b.id,
      title: b.name,
      // A kit is back only when every product in it is: its units are the scarcest product's kits.
      units: isPurchasable(b, now) ? b.quantity : 0,
      live: contents.some(isLive),
      ships: contents.some(needsShipping),
    });
  }
  return items;
}

async function readStock(db: Kysely<Database>, now: Date): Promise<Map<string, Stocked>> {
  const products = await listProducts(db);
  return stockedItems(products, await listBundles(db, products), now);
}

const itemUrl = (config: Config, id: string) => `${config.publicUrl}/product/${encodeURIComponent(id)}`;

export function waitlistUnsubscribeUrl(config: Config, secret: string, email: string): string {
  return `${config.publicUrl}/api/waitlist/unsubscribe?email=${encodeURIComponent(email)}&sig=${sign(secret, "waitlist-unsubscribe", email)}`;
}

export function waitlistRemoveUrl(config: Config, secret: string, entryId: number): string {
  return `${config.publicUrl}/api/waitlist/remove?entry=${entryId}&sig=${sign(secret, "waitlist-remove", String(entryId))}`;
}

function mailHeaders(config: Config, secret: string, email: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${waitlistUnsubscribeUrl(config, secret, email)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

const brandOf = (config: Config) => ({
  shopName: config.shopName,
  publicUrl: config.publicUrl,
  shopEmail: config.shopEmail,
});

export type JoinOutcome = { kind: "accepted" } | { kind: "not-found" };

/**
 * Puts an address on an item's waitlist. New, known and already-waiting addresses all come out
 * "accepted" (the caller answers each the same); only a new entry gets the "you're on the list"
 * mail, with the link that removes it.
 */
export async function joinWaitlist(
  { db, config, secret, now }: Deps,
  input: { email: string; item: WaitlistItem },
): Promise<JoinOutcome> {
  const email = input.email.trim().toLowerCase();
  const { kind, id } = input.item;
  const item = (await readStock(db, now)).get(`${kind}:${id}`);
  const exists =
    kind === "product"
      ? await db.selectFrom("products").select("id").where("id", "=", id).where("is_active", "=", 1).executeTakeFirst()
      : await db.selectFrom("bundles").select("id").where("id", "=", id).where("is_active", "=", 1).executeTakeFirst();
  if (!item || !exists) return { kind: "not-found" };
  const iso = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // The stock the worker compares with starts at today's: a later rise is the restock.
    await trx
      .insertInto("waitlist_items")
      .values({ item_kind: kind, item_id: id, seen_units: item.units, updated_at: iso })
      .onConflict((oc) => oc.columns(["item_kind", "item_id"]).doNothing())
      .execute();
    const entry = await trx
      .insertInto("waitlist_entries")
      .values({
        item_kind: kind,
        item_id: id,
        email,
        status: "waiting",
        waiting_key: waitingKey(kind, id, email),
        created_at: iso,
        expires_at: waitlistExpiry(now).toISOString(),
      })
      .onConflict((oc) => oc.column("waiting_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!entry) return;
    const links: WaitlistLinks = {
      removeUrl: waitlistRemoveUrl(config, secret, entry.id),
      unsubscribeUrl: waitlistUnsubscribeUrl(config, secret, email),
    };
    const rendered = await renderWaitlistJoined(
      brandOf(config),
      { title: item.title, url: itemUrl(config, id) },
      links,
      WAITLIST_DAYS,
    );
    await enqueueMail(
      trx,
      {
        kind: "waitlist-joined",
        to: email,
        dedupeKey: `waitlist-joined:${entry.id}`,
        headers: mailHeaders(config, secret, email),
        ...rendered,
      },
      now,
    );
  });
  return { kind: "accepted" };
}

/** "Remove me": ends one waiting entry. False for a forged link; true (and nothing to do) for an entry no longer waiting. */
export async function removeWaitlistEntry(
  { db, secret, now }: Pick<Deps, "db" | "secret" | "now">,
  entryId: string,
  signature: string,
): Promise<boolean> {
  if (!/^\d{1,12}$/.test(entryId) || !verify(secret, signature, "waitlist-remove", entryId)) return false;
  await db
    .updateTable("waitlist_entries")
    .set({ status: "removed", waiting_key: null, ended_at: now.toISOString() })
    .where("id", "=", Number(entryId))
    .where("status", "=", "waiting")
    .execute();
  return true;
}

/** "Stop all back-in-stock emails": ends every entry the address has waiting. */
export async function unsubscribeFromWaitlists(
  { db, secret, now }: Pick<Deps, "db" | "secret" | "now">,
  email: string,
  signature: string,
): Promise<boolean> {
  if (!verify(secret, signature, "waitlist-unsubscribe", email)) return false;
  await db
    .updateTable("waitlist_entries")
    .set({ status: "removed", waiting_key: null, ended_at: now.toISOString() })
    .where("email", "=", email)
    .where("status", "=", "waiting")
    .execute();
  return true;
}

/** Entries older than WAITLIST_DAYS lapse; returns how many did. */
export async function expireWaitlistEntries(db: Kysely<Database>, now: Date): Promise<number> {
  const iso = now.toISOString();
  const result = await db
    .updateTable("waitlist_entries")
    .set({ status: "expired", waiting_key: null, ended_at: iso })
    .where("status", "=", "waiting")
    .where("expires_at", "<=", iso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The worker's pass: lapse old entries, then for each waited-for item whose units rose since the
 * last look, tell the oldest waiting entries — no more of them than units — and queue one mail
 * each. The last look is moved with a compare-and-set in the same transaction as the mails, so
 * two workers (or a pass after a crash) never tell anyone twice nor tell more for one rise.
 */
export async function notifyRestocked({
  db,
  config,
  secret,
  now,
}: Deps): Promise<{ expired: number; notified: number }> {
  const expired = await expireWaitlistEntries(db, now);
  const watched = await db.selectFrom("waitlist_items").selectAll().execute();
  if (watched.length === 0) return { expired, notified: 0 };
  const stock = await readStock(db, now);
  const iso = now.toISOString();
  let shipDay: Promise<{ live: string | null; other: string | null }> | null = null;
  const nextShipDay = () =>
    (shipDay ??= loadShipCalendar(db, config.shopTimeZone, now).then((calendar) => {
      const first = (live: boolean) => deliveryChoices(calendar, { now, live, state: null, count: 1 })[0]?.shipOn;
      const live = first(true);
      const other = first(false);
      return { live: live ? formatShipDay(live) : null, other: other ? formatShipDay(other) : null };
    }));
  let notified = 0;
  for (const watch of watched) {
    const item = stock.get(`${watch.item_kind}:${watch.item_id}`);
    const units = item?.units ?? 0;
    if (units === watch.seen_units) continue;
    const day = item && units > watch.seen_units ? await nextShipDay() : null;
    notified += await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("waitlist_items")
        .set({ seen_units: units, updated_at: iso })
        .where("item_kind", "=", watch.item_kind)
        .where("item_id", "=", watch.item_id)
        .where("seen_units", "=", watch.seen_units)
        .executeTakeFirst();
      // Another worker moved it first: that one tells the queue.
      if (Number(moved.numUpdatedRows) !== 1 || !item) return 0;
      const queue = await trx
        .selectFrom("waitlist_entries")
        .select(["id", "email"])
        .where("status", "=", "waiting")
        .where("item_kind", "=", watch.item_kind)
        .where("item_id", "=", watch.item_id)
        .where("expires_at", ">", iso)
        .orderBy("id")
        .limit(Math.max(units, 0))
        .execute();
      const count = peopleToNotify({ seen: watch.seen_units, available: units, waiting: queue.length });
      let told = 0;
      for (const entry of queue.slice(0, count)) {
        const marked = await trx
          .updateTable("waitlist_entries")
          .set({ status: "notified", waiting_key: null, notified_at: iso, notified_units: units })
          .where("id", "=", entry.id)
          .where("status", "=", "waiting")
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) continue;
        const rendered = await renderBackInStock(
          brandOf(config),
          { title: item.title, url: itemUrl(config, item.id) },
          units,
          item.ships ? ((item.live ? day?.live : day?.other) ?? null) : null,
          { unsubscribeUrl: waitlistUnsubscribeUrl(config, secret, entry.email) },
        );
        await enqueueMail(
          trx,
          {
            kind: "waitlist-back-in-stock",
            to: entry.email,
            dedupeKey: `waitlist-back:${entry.id}`,
            headers: mailHeaders(config, secret, entry.email),
            ...rendered,
          },
          now,
        );
        told++;
      }
      return told;
    });
  }
  return { expired, notified };
}

export interface WaitlistCount {
  kind: WaitlistItemKind;
  id: string;
  waiting: number;
  notified: number;
}

export interface WaitlistNotice {
  kind: WaitlistItemKind;
  id: string;
  email: string;
  notifiedAt: string;
  units: number;
}

const isoOf = (value: Date | string | null) => (value instanceof Date ? value.toISOString() : (value ?? ""));

/** The back office's view: waiting and told per item (to size the next harvest), and the latest mails sent. */
export async function waitlistOverview(
  db: Kysely<Database>,
  { limit = 50 }: { limit?: number } = {},
): Promise<{ items: WaitlistCount[]; notices: WaitlistNotice[] }> {
  const [counts, notices] = await Promise.all([
    db
      .selectFrom("waitlist_entries")
      .select(["item_kind", "item_id", "status", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("status", "in", ["waiting", "notified"])
      .groupBy(["item_kind", "item_id", "status"])
      .execute(),
    db
      .selectFrom("waitlist_entries")
      .select(["item_kind", "item_id", "email", "notified_at", "notified_units"])
      .where("status", "=", "notified")
      .orderBy("notified_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
  ]);
  const items = new Map<string, WaitlistCount>();
  for (const row of counts) {
    const key = `${row.item_kind}:${row.item_id}`;
    const entry = items.get(key) ?? { kind: row.item_kind, id: row.item_id, waiting: 0, notified: 0 };
    entry[row.status === "waiting" ? "waiting" : "notified"] = Number(row.n);
    items.set(key, entry);
  }
  return {
    items: [...items.values()].sort((a, b) => b.waiting - a.waiting || a.id.localeCompare(b.id)),
    notices: notices.map((n) => ({
      kind: n.item_kind,
      id: n.item_id,
      email: n.email,
      notifiedAt: isoOf(n.notified_at),
      units: n.notified_units ?? 0,
    })),
  };
}
