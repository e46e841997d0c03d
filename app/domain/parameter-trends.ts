/**
 * A tank's readings of one parameter as the charts show them: the window of days, where each
 * reading sits against the guides' target band, the swings (a change between consecutive
 * readings faster than the guide's safe daily step), the one-sentence summary, and the scales
 * and coordinates the SVG is drawn from. Pure: "now" is handed in, nothing is read from a clock.
 */

/** A stored reading, in the parameter's canonical unit (alkalinity dKH, calcium ppm, temperature °F…). */
export interface Reading {
  parameter: string;
  canonicalValue: number;
  takenAt: string;
}

/** The guides' target range for a parameter, in the same unit as the readings. */
export interface TargetBand {
  low: number;
  high: number;
  source?: { title: string; url: string };
}

export const TREND_WINDOWS = [30, 90, 365] as const;
export type TrendWindow = (typeof TREND_WINDOWS)[number];

/** The sparkline's window: the last month tells the direction; a year would hide a fresh fall. */
export const SPARKLINE_DAYS: TrendWindow = 30;

const DAY_MS = 86_400_000;
/** Float noise in a difference (8.1 − 7.1 ≠ 1 exactly) must not make a step of exactly the limit a swing. */
const EPSILON = 1e-9;

/** `?window=` as the chart's links write it; anything else is the 30-day default. */
export function parseWindow(value: string | null | undefined): TrendWindow {
  const n = Number(value);
  return (TREND_WINDOWS as readonly number[]).includes(n) ? (n as TrendWindow) : 30;
}

const LABELS: Record<string, string> = { ph: "pH" };

/** "Alkalinity", "pH". */
export function parameterLabel(parameter: string): string {
  return LABELS[parameter] ?? parameter.charAt(0).toUpperCase() + parameter.slice(1);
}

/** Decimals a reefer's test kit reports: 0.03 ppm phosphate, 420 ppm calcium, 1.025 SG, 35.0 ppt. */
export function valueDecimals(parameter: string, value: number): number {
  switch (parameter) {
    case "calcium":
    case "magnesium":
      return 0;
    case "phosphate":
    case "ph":
      return 2;
    case "salinity":
      return Math.abs(value) < 2 ? 3 : 1;
    default:
      return 1;
  }
}

/** A value as the kit reads it, without trailing noise ("7.2", "0.03", "420"). */
export function formatValue(parameter: string, value: number): string {
  const fixed = value.toFixed(valueDecimals(parameter, value));
  return fixed === "-0" || /^-0\.0*$/.test(fixed) ? fixed.slice(1) : fixed;
}

/** A guide's figure as the guide writes it, trailing zeros off: "8", "9.5", "0.03". */
export function formatLimit(parameter: string, value: number): string {
  return String(Number(formatValue(parameter, value)));
}

/** A band as "8–9.5". */
export function formatBand(parameter: string, band: TargetBand): string {
  return `${formatLimit(parameter, band.low)}–${formatLimit(parameter, band.high)}`;
}

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dayAndTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
});
const monthOnly = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });

/** "Nov 12" (UTC, like every date the shop prints). */
export function formatShortDay(time: number | string): string {
  return shortDay.format(new Date(time));
}

/** "Nov 12, 2026, 8:30 AM" (UTC): a table row's time. */
export function formatReadingTime(time: number | string): string {
  return dayAndTime.format(new Date(time));
}

export type BandPosition = "below" | "in" | "above";

export function bandPosition(value: number, band: TargetBand): BandPosition {
  if (value < band.low) return "below";
  if (value > band.high) return "above";
  return "in";
}

/** The readings of `parameter` taken in the `days` days up to and including `now`, oldest first. */
export function readingsInWindow(
  readings: readonly Reading[],
  parameter: string,
  days: number,
  now: Date | string,
): Reading[] {
  const end = new Date(now).getTime();
  const start = end - days * DAY_MS;
  return readings
    .filter((r) => {
      if (r.parameter !== parameter || !Number.isFinite(r.canonicalValue)) return false;
      const t = Date.parse(r.takenAt);
      return t > start && t <= end;
    })
    .sort((a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt));
}

/** A change between two consecutive readings faster than the safe daily step. */
export interface Swing {
  fromTime: number;
  toTime: number;
  /** Signed: negative is a fall. */
  change: number;
  elapsedDays: number;
}

/**
 * Is the move from `a` to `b` a swing? The change is compared with `maxStepPerDay` × the days
 * between them, but never less than one day's allowance: two readings an hour apart that differ
 * by 0.5 dKH are one day's worth of change (or a test kit's error), not "12 dKH a day", and
 * the guides' rule is about a day's move. Over several days the allowance grows with them, so a
 * steady 0.5 dKH a day for a week is not flagged. A change of exactly the allowance is allowed.
 */
export function isSwing(a: { time: number; value: number }, b: { time: number; value: number }, maxStepPerDay: number) {
  const elapsedDays = Math.max(0, b.time - a.time) / DAY_MS;
  return Math.abs(b.value - a.value) > maxStepPerDay * Math.max(elapsedDays, 1) + EPSILON;
}

/** One reading as the chart draws it. */
export interface TrendPoint {
  takenAt: string;
  time: number;
  value: number;
  band: BandPosition;
  /** The swing that ends at this reading (from the one before), if any. */
  swing: Swing | null;
}

/** Readings (oldest first) as points, each with its band position and the swing that led to it. */
export function trendPoints(readings: readonly Reading[], band: TargetBand, maxStepPerDay?: number): TrendPoint[] {
  const points: TrendPoint[] = [];
  for (const r of readings) {
    const time = Date.parse(r.takenAt);
    const value = r.canonicalValue;
    const previous = points[points.length - 1];
    const swing =
      previous && maxStepPerDay !== undefined && maxStepPerDay > 0 && isSwing(previous, { time, value }, maxStepPerDay)
        ? {
            fromTime: previous.time,
            toTime: time,
            change: value - previous.value,
            elapsedDays: (time - previous.time) / DAY_MS,
          }
        : null;
    points.push({ takenAt: r.takenAt, time, value, band: bandPosition(value, band), swing });
  }
  return points;
}

/** "fell 1.4 dKH in a day on Nov 12", "rose 2.1 dKH in 3 days on Nov 20" (the day it ended). */
export function describeSwing(parameter: string, unit: string, swing: Swing, withDay = true): string {
  const days = Math.round(swing.elapsedDays);
  const span = days <= 1 ? "in a day" : `in ${days} days`;
  const verb = swing.change < 0 ? "fell" : "rose";
  const moved = `${verb} ${formatValue(parameter, Math.abs(swing.change))} ${unit} ${span}`;
  return withDay ? `${moved} on ${formatShortDay(swing.toTime)}` : moved;
}

/**
 * The sentence a reefer reads instead of the chart: the latest reading against the band, then
 * the latest swing. "Alkalinity 7.2 dKH, below the 8–9.5 target; fell 1.4 dKH in a day on Nov 12."
 */
export function trendSummary(input: {
  parameter: string;
  unit: string;
  band: TargetBand;
  points: readonly TrendPoint[];
  days: number;
}): string {
  const { parameter, unit, band, points, days } = input;
  const label = parameterLabel(parameter);
  const latest = points[points.length - 1];
  if (!latest) return `No ${label === "pH" ? "pH" : label.toLowerCase()} readings in the last ${days} days.`;
  const where = { below: "below the", in: "within the", above: "above the" }[latest.band];
  let sentence = `${label} ${formatValue(parameter, latest.value)} ${unit}, ${where} ${formatBand(parameter, band)} target`;
  const swings = points.flatMap((p) => (p.swing ? [p.swing] : []));
  const last = swings[swings.length - 1];
  if (last) {
    sentence += `; ${describeSwing(parameter, unit, last)}`;
    if (swings.length > 1) sentence += ` (${swings.length} swings in ${days} days)`;
  }
  return `${sentence}.`;
}

export type TrendDirection = "rising" | "falling" | "steady";

/**
 * Which way a parameter is going: the least-squares line through the readings, compared from the
 * first reading's time to the last's. A move of less than a tenth of the band's width over that
 * span is "steady" (without a band: a twentieth of the mean), so test-kit noise does not read as
 * a trend. One reading, or readings all at the same moment, are steady.
 */
export function trendDirection(points: readonly { time: number; value: number }[], band?: TargetBand): TrendDirection {
  if (points.length < 2) return "steady";
  const n = points.length;
  const meanT = points.reduce((s, p) => s + p.time, 0) / n;
  const meanV = points.reduce((s, p) => s + p.value, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.time - meanT) * (p.value - meanV);
    sxx += (p.time - meanT) ** 2;
  }
  if (sxx === 0) return "steady";
  const first = points[0]?.time ?? 0;
  const lastTime = points[n - 1]?.time ?? 0;
  const move = (sxy / sxx) * (lastTime - first);
  const width = band ? band.high - band.low : 0;
  const threshold = width > 0 ? width / 10 : Math.max(Math.abs(meanV) / 20, EPSILON);
  if (Math.abs(move) < threshold) return "steady";
  return move > 0 ? "rising" : "falling";
}

/** A step of 1, 2, 2.5 or 5 × 10ⁿ at least `rough`. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Rounds away binary noise (0.30000000000000004) so tick labels print as written. */
const clean = (v: number) => Number(v.toPrecision(12));

export interface ValueScale {
  min: number;
  max: number;
  ticks: number[];
}

/**
 * The y range: every value and the whole band, padded by a tenth of their span on each side,
 * widened to round ticks (about five). It never dips below zero when nothing measured does:
 * nitrate near zero is drawn on an axis that starts at 0, not at −0.5.
 */
export function valueScale(values: readonly number[], band: TargetBand, targetTicks = 5): ValueScale {
  const all = [...values, band.low, band.high];
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const span = hi - lo;
  // A span no test kit could measure (1000 and 1000 + 1e-12, or 0 and 5e-324) is drawn as no span
  // at all: ticks that fine could not be told apart, nor printed.
  const measurable = span > 1e-9 && span > Math.max(Math.abs(lo), Math.abs(hi)) * 1e-6;
  const pad = measurable ? span / 10 : Math.max(Math.abs(hi) / 10, 0.1);
  let min = lo - pad;
  const max = hi + pad;
  if (min < 0 && lo >= 0) min = 0;
  const step = niceStep((max - min) / Math.max(targetTicks - 1, 1));
  const first = clean(Math.floor(min / step + EPSILON) * step);
  const last = clean(Math.ceil(max / step - EPSILON) * step);
  const ticks: number[] = [];
  for (let i = 0; i <= 50; i++) {
    const t = clean(first + i * step);
    if (t > last + step * EPSILON) break;
    ticks.push(t);
  }
  return { min: first, max: last, ticks };
}

export interface TimeTick {
  time: number;
  label: string;
}

/**
 * Date ticks for a window ending at `now`: weekly (Mondays) over 30 days, the 1st and 15th of
 * each month over 90 days, every other month over a year — at most six, so they fit side by side
 * at 390 px. A tick too near either end of the window is left out: its label would run past the
 * plot into the value axis. January is labelled with its year ("Jan ’26") so a year's chart
 * says where one year ends.
 */
export function timeTicks(days: number, now: Date | string): TimeTick[] {
  const end = new Date(now).getTime();
  const start = end - days * DAY_MS;
  const margin = days * DAY_MS * 0.06;
  const ticks: TimeTick[] = [];
  const add = (t: number, label: string) => {
    if (t - start >= margin && end - t >= margin) ticks.push({ time: t, label });
  };
  const first = new Date(start);
  if (days <= 45) {
    first.setUTCHours(0, 0, 0, 0);
    // The first Monday after the start.
    first.setUTCDate(first.getUTCDate() + ((8 - first.getUTCDay()) % 7 || 7));
    for (let t = first.getTime(); t <= end; t += 7 * DAY_MS) add(t, formatShortDay(t));
    return ticks;
  }
  if (days <= 120) {
    for (let m = 0; m <= Math.ceil(days / 28); m++)
      for (const day of [1, 15]) {
        const t = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + m, day);
        if (t > start && t <= end) add(t, formatShortDay(t));
      }
    return ticks;
  }
  const cursor = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1));
  if (cursor.getUTCMonth() % 2 === 1) cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  while (cursor.getTime() <= end) {
    const t = cursor.getTime();
    add(t, cursor.getUTCMonth() === 0 ? `Jan ’${String(cursor.getUTCFullYear()).slice(2)}` : monthOnly.format(t));
    cursor.setUTCMonth(cursor.getUTCMonth() + 2);
  }
  return ticks;
}

/** The drawing area inside the SVG's viewBox, in its user units. */
export interface ChartFrame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface ChartLayout {
  frame: ChartFrame;
  band: { y: number; height: number };
  yTicks: { value: number; y: number; label: string }[];
  xTicks: { time: number; x: number; label: string }[];
  points: (TrendPoint & { x: number; y: number })[];
  /** The line through every reading (SVG path data), empty under two readings. */
  line: string;
  /** Each swing as a segment, with the middle where its marker goes. */
  swings: { x1: number; y1: number; x2: number; y2: number; mx: number; my: number; swing: Swing }[];
}

/** Where everything goes in the chart's viewBox: the component only draws what this returns. */
export function chartLayout(input: {
  points: readonly TrendPoint[];
  band: TargetBand;
  days: number;
  now: Date | string;
  frame: ChartFrame;
}): ChartLayout {
  const { points, band, days, frame } = input;
  const end = new Date(input.now).getTime();
  const start = end - days * DAY_MS;
  const scale = valueScale(
    points.map((p) => p.value),
    band,
  );
  const plotW = frame.width - frame.left - frame.right;
  const plotH = frame.height - frame.top - frame.bottom;
  const x = (t: number) => frame.left + ((t - start) / (end - start)) * plotW;
  const y = (v: number) => frame.top + (1 - (v - scale.min) / (scale.max - scale.min)) * plotH;
  const round = (n: number) => Math.round(n * 10) / 10;
  const tickDecimals = Math.max(0, ...scale.ticks.map((t) => (String(t).split(".")[1] ?? "").length));
  const placed = points.map((p) => ({ ...p, x: round(x(p.time)), y: round(y(p.value)) }));
  const swings = placed.flatMap((p, i) => {
    const from = placed[i - 1];
    if (!p.swing || !from) return [];
    return [
      {
        x1: from.x,
        y1: from.y,
        x2: p.x,
        y2: p.y,
        mx: round((from.x + p.x) / 2),
        my: round((from.y + p.y) / 2),
        swing: p.swing,
      },
    ];
  });
  const bandTop = y(Math.min(band.high, scale.max));
  const bandBottom = y(Math.max(band.low, scale.min));
  return {
    frame,
    band: { y: round(bandTop), height: round(bandBottom - bandTop) },
    yTicks: scale.ticks.map((value) => ({
      value,
      y: round(y(value)),
      // Every tick with as many decimals as the finest one: "7.5, 8.0, 8.5", never "7.5, 8, 8.5".
      label: value.toFixed(tickDecimals),
    })),
    xTicks: timeTicks(days, input.now).map((t) => ({ ...t, x: round(x(t.time)) })),
    points: placed,
    line: placed.length > 1 ? placed.map((p, i) => `${i === 0 ? "M" : "L"}${p.x} ${p.y}`).join(" ") : "",
    swings,
  };
}
