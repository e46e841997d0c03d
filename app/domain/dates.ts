/**
 * Dates as the shop shows them: US English, in UTC, so the server's render and the browser's
 * hydration print the same text whatever the visitor's time zone. One formatter per style,
 * built once.
 */
type Style = "short" | "medium" | "long";

const dateFormats = new Map<Style, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<Style, Intl.DateTimeFormat>();

function formatter(cache: Map<Style, Intl.DateTimeFormat>, style: Style, withTime: boolean): Intl.DateTimeFormat {
  let f = cache.get(style);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      dateStyle: style,
      ...(withTime ? { timeStyle: "short" } : {}),
      timeZone: "UTC",
    });
    cache.set(style, f);
  }
  return f;
}

/** A calendar day ("2026-11-21") is taken at noon UTC, so no time zone moves it to another day. */
function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
}

/** "Nov 21, 2026" (medium), "11/21/26" (short), "November 21, 2026" (long). */
export function formatDate(value: string | Date, style: Style = "medium"): string {
  return formatter(dateFormats, style, false).format(toDate(value));
}

/** "Nov 21, 2026, 12:00 PM" (medium), "11/21/26, 12:00 PM" (short); UTC. */
export function formatDateTime(value: string | Date, style: Style = "medium"): string {
  return formatter(dateTimeFormats, style, true).format(toDate(value));
}

/**
 * `date` to the minute: enough for offer validity in the cart, and every render within a minute is
 * byte-identical, so cached pages keep their ETag across processes.
 */
export function toTheMinute(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 60_000) * 60_000);
}
