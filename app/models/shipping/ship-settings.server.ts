import {
  addDays,
  closedDateProblem,
  deliveryChoices,
  shopClock,
  type DeliveryChoice,
  type ShipSettings,
} from "#app/domain/ship-calendar";
import { federalHolidays, forgetShipCalendar, readShipCalendar } from "./ship-calendar.server";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

/** How many of the next live ship days the Shipping screen shows. */
const PREVIEW_DAYS = 6;

export interface ShippingScreen {
  timeZone: string;
  /** The shop's local date. */
  today: string;
  settings: ShipSettings;
  /** Federal holidays of the coming year: closed by the calendar itself, not by the owner. */
  holidays: Array<{ date: string; name: string }>;
  /** The owner's own closed dates from today on. */
  closedDates: Array<{ date: string; reason: string }>;
  /** The next days live goods leave for a state without its own transit, with their arrival. */
  preview: DeliveryChoice[];
}

/** The Shipping screen as stored now (never a cached calendar: the owner checks what they just saved). */
export async function readShippingScreen(db: Kysely<Database>, timeZone: string, now: Date): Promise<ShippingScreen> {
  const { today } = shopClock(now, timeZone);
  const year = Number(today.slice(0, 4));
  const [calendar, own] = await Promise.all([
    readShipCalendar(db, timeZone, now),
    db.selectFrom("closed_dates").select(["date", "reason"]).where("date", ">=", today).orderBy("date").execute(),
  ]);
  const yearAhead = addDays(today, 365);
  return {
    timeZone,
    today,
    settings: {
      liveShipDays: calendar.liveShipDays,
      cutoff: calendar.cutoff,
      transitDays: calendar.transitDays,
      mondayOnlyStates: calendar.mondayOnlyStates,
    },
    holidays: [...federalHolidays(year), ...federalHolidays(year + 1)].filter(
      (h) => h.date >= today && h.date <= yearAhead,
    ),
    closedDates: own,
    preview: deliveryChoices(calendar, { now, live: true, state: null, count: PREVIEW_DAYS }),
  };
}

/** Stores the owner's settings; checkout in this process reads them from its next quote on. */
export async function saveShipSettings(db: Kysely<Database>, settings: ShipSettings, now: Date): Promise<void> {
  const row = {
    live_ship_days: settings.liveShipDays.join(","),
    cutoff: settings.cutoff,
    transit_days: JSON.stringify(settings.transitDays),
    monday_only_states: settings.mondayOnlyStates.join(","),
    updated_at: now.toISOString(),
  };
  await db
    .insertInto("ship_settings")
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
  forgetShipCalendar(db);
}

export type AddClosedDateOutcome =
  { ok: true } | { ok: false; problem: "past" | "too-far" } | { ok: false; problem: "holiday"; holiday: string };

/**
 * Closes a date to shipping. The same date again replaces its note (a form sent twice closes it
 * once); a federal holiday is closed already, and a past date is nothing to close.
 */
export async function addClosedDate(
  db: Kysely<Database>,
  { date, reason }: { date: string; reason: string },
  timeZone: string,
  now: Date,
): Promise<AddClosedDateOutcome> {
  const { today } = shopClock(now, timeZone);
  const problem = closedDateProblem(date, today);
  if (problem) return { ok: false, problem };
  const holiday = federalHolidays(Number(date.slice(0, 4))).find((h) => h.date === date);
  if (holiday) return { ok: false, problem: "holiday", holiday: holiday.name };
  await db
    .insertInto("closed_dates")
    .values({ date, reason, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("date").doUpdateSet({ reason }))
    .execute();
  forgetShipCalendar(db);
  return { ok: true };
}

/** Opens a closed date again; `false` when it was not closed (removed already, in another tab). */
export async function removeClosedDate(db: Kysely<Database>, date: string): Promise<boolean> {
  const result = await db.deleteFrom("closed_dates").where("date", "=", date).executeTakeFirst();
  forgetShipCalendar(db);
  return Number(result.numDeletedRows) > 0;
}
