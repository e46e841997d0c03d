import { allForYear } from "@18f/us-federal-holidays";
import { quoteHasLiveGoods, type CartQuote } from "#app/domain/cart";
import {
  DEFAULT_CUTOFF,
  DEFAULT_LIVE_SHIP_DAYS,
  DEFAULT_MONDAY_ONLY_STATES,
  DEFAULT_TRANSIT_DAYS,
  deliveryChoices,
  shopClock,
  type DeliveryChoice,
  type ShipCalendar,
  type Weekday,
} from "#app/domain/ship-calendar";
import type { CatalogueSnapshot } from "#app/domain/cart-state";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

/** Observed federal holidays ("YYYY-MM-DD") of `year`: a weekend holiday moves to Friday or Monday. */
export function federalHolidays(year: number): Array<{ date: string; name: string }> {
  return allForYear(year).map((h) => {
    const [y, m, d] = h.dateString.split("-");
    return { date: `${y}-${m!.padStart(2, "0")}-${d!.padStart(2, "0")}`, name: h.name };
  });
}

/**
 * How long a process reuses the calendar it read: checkout reads it on every order, and the
 * owner changes it a few times a year. An owner's change shows within this time everywhere.
 */
const CALENDAR_MAX_AGE_MS = 5000;
const cache = new WeakMap<object, { key: string; loadedAt: number; calendar: Promise<ShipCalendar> }>();

/** The ship calendar as the owner set it (the defaults where not), with this year's and next year's holidays closed. */
export async function loadShipCalendar(db: Kysely<Database>, timeZone: string, now: Date): Promise<ShipCalendar> {
  const key = `${timeZone} ${shopClock(now, timeZone).today.slice(0, 4)}`;
  const hit = cache.get(db);
  if (hit && hit.key === key && Date.now() - hit.loadedAt < CALENDAR_MAX_AGE_MS) return hit.calendar;
  const entry = { key, loadedAt: Date.now(), calendar: readShipCalendar(db, timeZone, now) };
  cache.set(db, entry);
  entry.calendar.catch(() => {
    if (cache.get(db) === entry) cache.delete(db);
  });
  return entry.calendar;
}

/** Forgets the calendar this process read (after the owner changes it here). */
export function forgetShipCalendar(db: Kysely<Database>): void {
  cache.delete(db);
}

/** The calendar as stored now, past any cache: what the owner's own screen shows. */
export async function readShipCalendar(db: Kysely<Database>, timeZone: string, now: Date): Promise<ShipCalendar> {
  const [settings, closed] = await Promise.all([
    db.selectFrom("ship_settings").selectAll().where("id", "=", 1).executeTakeFirst(),
    db.selectFrom("closed_dates").select("date").execute(),
  ]);
  const year = Number(shopClock(now, timeZone).today.slice(0, 4));
  return {
    timeZone,
    liveShipDays: settings ? (settings.live_ship_days.split(",").map(Number) as Weekday[]) : DEFAULT_LIVE_SHIP_DAYS,
    cutoff: settings?.cutoff ?? DEFAULT_CUTOFF,
    closedDates: new Set([
      ...[...federalHolidays(year), ...federalHolidays(year + 1)].map((h) => h.date),
      ...closed.map((c) => c.date),
    ]),
    transitDays: settings ? (JSON.parse(settings.transit_days) as Record<string, number>) : DEFAULT_TRANSIT_DAYS,
    mondayOnlyStates: settings ? settings.monday_only_states.split(",").filter(Boolean) : DEFAULT_MONDAY_ONLY_STATES,
  };
}

/** Where a box goes: a full address names its state; a ZIP alone is looked up in a kept ZIP table. */
export async function destinationState(to: { state?: string; postalCode?: string }): Promise<string | null> {
  if (to.state) return to.state.toUpperCase();
  if (!to.postalCode) return null;
  // Loaded on the first look-up only (about 30 MB of ZIP codes).
  const zipcodes = await import("zipcodes");
  return zipcodes.lookup(to.postalCode.slice(0, 5))?.state ?? null;
}

export interface Delivery {
  shipOn: string;
  arriveOn: string;
  choices: DeliveryChoice[];
}

/** When a priced cart can leave and arrive; null when nothing ships or no day is open. */
export async function deliveryFor(
  db: Kysely<Database>,
  {
    quote,
    catalogue,
    state,
    timeZone,
    now,
  }: {
    quote: CartQuote;
    catalogue: CatalogueSnapshot;
    state: string | null;
    timeZone: string;
    now: Date;
  },
): Promise<Delivery | null> {
  if (!quote.requiresShipping) return null;
  const calendar = await loadShipCalendar(db, timeZone, now);
  const choices = deliveryChoices(calendar, { now, live: quoteHasLiveGoods(quote, catalogue), state });
  const first = choices[0];
  return first ? { shipOn: first.shipOn, arriveOn: first.arriveOn, choices } : null;
}
