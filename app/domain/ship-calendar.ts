/**
 * When a box leaves and when it arrives. Live goods leave only on the shop's live ship days
 * (default Monday–Wednesday), never on a closed date, not after the day's cut-off, and only when
 * they arrive without a weekend or closed day in transit; Alaska and Hawaii get live goods on
 * Mondays only. A cart
 * without live goods leaves on the next business day. Dates are the shop's local calendar dates
 * ("YYYY-MM-DD"), so "today" is the shop's today whatever the server's time zone.
 */

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface ShipCalendar {
  /** IANA zone the shop works in (`SHOP_TIMEZONE`). */
  timeZone: string;
  /** Days live goods may leave. */
  liveShipDays: Weekday[];
  /** Orders placed at or after this local time ("HH:MM") leave on a later day. */
  cutoff: string;
  /** Dates nothing leaves: federal holidays and the owner's own. */
  closedDates: ReadonlySet<string>;
  /** Business days in transit by destination state; `default` for a state not listed. */
  transitDays: Readonly<Record<string, number>>;
  /** States that receive live goods on Mondays only (the longest, least certain routes). */
  mondayOnlyStates: readonly string[];
}

export interface DeliveryChoice {
  shipOn: string;
  arriveOn: string;
}

export const DEFAULT_LIVE_SHIP_DAYS: Weekday[] = [1, 2, 3];
export const DEFAULT_CUTOFF = "12:00";
export const DEFAULT_MONDAY_ONLY_STATES = ["AK", "HI"];

/**
 * Business days from a shop on the US East Coast (overnight or 2-day services): one day to the
 * Northeast, Mid-Atlantic and Southeast, two to the Midwest and South, three to the Mountain and
 * Pacific states and beyond. The owner sets their own per state.
 */
export const DEFAULT_TRANSIT_DAYS: Readonly<Record<string, number>> = {
  default: 2,
  ...Object.fromEntries("CT DE DC GA MA MD ME NC NH NJ NY PA RI SC VA VT WV".split(" ").map((state) => [state, 1])),
  ...Object.fromEntries(
    "AZ CA CO ID MT NM NV OR UT WA WY AK HI PR GU VI AS MP AA AE AP".split(" ").map((state) => [state, 3]),
  ),
};

/** What the owner sets on the back office's Shipping screen; the time zone and holidays are not theirs to change. */
export type ShipSettings = Pick<ShipCalendar, "liveShipDays" | "cutoff" | "transitDays" | "mondayOnlyStates">;

/** Days live goods may be set to leave: carriers move no boxes at weekends (see `isBusinessDay`). */
export const SHIPPABLE_WEEKDAYS: ReadonlyArray<{ day: Weekday; name: string }> = [
  { day: 1, name: "Monday" },
  { day: 2, name: "Tuesday" },
  { day: 3, name: "Wednesday" },
  { day: 4, name: "Thursday" },
  { day: 5, name: "Friday" },
];

/** The longest transit the owner may set: a living box longer on the road than this arrives dead. */
export const MAX_TRANSIT_DAYS = 5;

/** How many ship days a buyer may choose among (the default first). */
export const SHIP_DAY_CHOICES = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/** "YYYY-MM-DD" of a plain date (counted in UTC, so no time zone or daylight saving moves it). */
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const fromIso = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** The date `days` after `iso` (both "YYYY-MM-DD"). */
export const addDays = (iso: string, days: number) => isoDate(new Date(fromIso(iso).getTime() + days * DAY_MS));
export const weekdayOf = (iso: string): Weekday => (((fromIso(iso).getUTCDay() + 6) % 7) + 1) as Weekday;

/** The shop's local date and minutes past midnight at `now`. */
export function shopClock(now: Date, timeZone: string): { today: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    today: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
};

/** A weekday that is not a closed date: carriers move boxes and the shop is open. */
function isBusinessDay(calendar: ShipCalendar, iso: string): boolean {
  return weekdayOf(iso) <= 5 && !calendar.closedDates.has(iso);
}

function mayShip(calendar: ShipCalendar, iso: string, live: boolean, state: string | null): boolean {
  if (!isBusinessDay(calendar, iso)) return false;
  if (!live) return true;
  const weekday = weekdayOf(iso);
  if (state && calendar.mondayOnlyStates.includes(state)) return weekday === 1;
  if (!calendar.liveShipDays.includes(weekday)) return false;
  // A living box never waits in a depot: no weekend or closed day between leaving and arriving.
  const arriveOn = arrivalDate(calendar, iso, state);
  for (let day = addDays(iso, 1); day < arriveOn; day = addDays(day, 1))
    if (!isBusinessDay(calendar, day)) return false;
  return true;
}

/** The day a box that leaves on `shipOn` arrives: `transit` business days later. */
export function arrivalDate(calendar: ShipCalendar, shipOn: string, state: string | null): string {
  let transit = calendar.transitDays[state ?? ""] ?? calendar.transitDays.default ?? 2;
  let day = shipOn;
  while (transit > 0) {
    day = addDays(day, 1);
    if (isBusinessDay(calendar, day)) transit--;
  }
  return day;
}

/**
 * The next `count` days a box may leave, each with its arrival; the first is the default. `state`
 * is the destination's two-letter code when known. Looks at most a year ahead: a calendar with no
 * ship day at all (every day closed) gives no choice rather than looping.
 */
export function deliveryChoices(
  calendar: ShipCalendar,
  { now, live, state, count = SHIP_DAY_CHOICES }: { now: Date; live: boolean; state: string | null; count?: number },
): DeliveryChoice[] {
  const { today, minutes } = shopClock(now, calendar.timeZone);
  let day = minutes >= minutesOf(calendar.cutoff) ? addDays(today, 1) : today;
  const choices: DeliveryChoice[] = [];
  for (let looked = 0; choices.length < count && looked < 366; looked++, day = addDays(day, 1)) {
    if (mayShip(calendar, day, live, state)) choices.push({ shipOn: day, arriveOn: arrivalDate(calendar, day, state) });
  }
  return choices;
}

/** How far ahead the owner may close a date: two years, past which a date is more likely a typo. */
const CLOSED_DATE_HORIZON_DAYS = 731;

/** Why a date cannot be one of the owner's closed dates; null when it can. */
export function closedDateProblem(date: string, today: string): "past" | "too-far" | null {
  if (date < today) return "past";
  if (date > addDays(today, CLOSED_DATE_HORIZON_DAYS)) return "too-far";
  return null;
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

const dayWithYearFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Mon, Dec 7", or "Mon, Dec 7, 2026" `withYear`: a shop-local date as a plain calendar day. */
export function formatShipDay(iso: string, { withYear = false } = {}): string {
  return (withYear ? dayWithYearFormat : dayFormat).format(fromIso(iso));
}

/** "Ships Mon, Dec 7 · arrives Wed, Dec 9": the shop's local dates, read as plain calendar days. */
export function describeDelivery({ shipOn, arriveOn }: DeliveryChoice): string {
  return `Ships ${dayFormat.format(fromIso(shipOn))} · arrives ${dayFormat.format(fromIso(arriveOn))}`;
}
