/**
 * Weather holds for live goods (issue 35). A box of living chaeto must not freeze on a doorstep
 * nor cook in a truck: on its ship day the forecast at the destination for the arrival day
 * decides whether it leaves (with a heat or cold pack, or none) or waits for a safe ship day.
 * Temperatures are whole degrees Fahrenheit, as the US National Weather Service gives them.
 */
import type { DeliveryChoice } from "./ship-calendar";

export interface WeatherThresholds {
  /** Hold the box when the arrival day's low is below this. */
  holdBelowF: number;
  /** A heat pack when the low is at or below this. */
  heatPackAtOrBelowF: number;
  /** A cold pack when the high is at or above this. */
  coldPackAtOrAboveF: number;
}

export const DEFAULT_WEATHER_THRESHOLDS: WeatherThresholds = {
  holdBelowF: 35,
  heatPackAtOrBelowF: 65,
  coldPackAtOrAboveF: 80,
};

/** The temperatures an owner may set: anything outside is a typo, not a climate. */
export const THRESHOLD_RANGE_F = { min: -40, max: 130 } as const;

export interface DayForecast {
  lowF: number;
  highF: number;
}

export type WeatherVerdict = "hold" | "heat" | "cold" | "none";
export type Pack = "heat" | "cold";

/**
 * What a day's forecast means for a box arriving that day. Cold is checked first: a hold beats a
 * pack, and a heat pack beats a cold one (a chilly night does more harm than a warm afternoon).
 */
export function weatherVerdict(day: DayForecast, t: WeatherThresholds): WeatherVerdict {
  if (day.lowF < t.holdBelowF) return "hold";
  if (day.lowF <= t.heatPackAtOrBelowF) return "heat";
  if (day.highF >= t.coldPackAtOrAboveF) return "cold";
  return "none";
}

export const packOf = (verdict: WeatherVerdict): Pack | null =>
  verdict === "heat" || verdict === "cold" ? verdict : null;

/** Why a set of thresholds makes no sense, per field; empty when it does. */
export function thresholdProblems(t: WeatherThresholds): Partial<Record<keyof WeatherThresholds, string>> {
  const problems: Partial<Record<keyof WeatherThresholds, string>> = {};
  if (t.heatPackAtOrBelowF < t.holdBelowF - 1)
    problems.heatPackAtOrBelowF = `Set the heat pack at ${t.holdBelowF - 1} °F or warmer: colder boxes are held anyway.`;
  if (t.coldPackAtOrAboveF <= t.heatPackAtOrBelowF)
    problems.coldPackAtOrAboveF = `Set the cold pack above the heat pack (${t.heatPackAtOrBelowF} °F): a box gets one pack.`;
  return problems;
}

/** One forecast period as a forecaster gives it: a day or a night, starting at a local time. */
export interface ForecastPeriod {
  /** ISO time with the destination's offset ("2026-12-07T18:00:00-05:00"): its date is local. */
  startTime: string;
  isDaytime: boolean;
  temperatureF: number;
}

const previousDate = (iso: string) =>
  new Date(new Date(`${iso}T00:00:00Z`).getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * The arrival day's low and high at the destination: the low of the night before (the box travels
 * through it) or of that evening, the high of that day. Null when the forecast does not reach the
 * date (forecasts cover about a week).
 */
export function arrivalDayForecast(periods: readonly ForecastPeriod[], date: string): DayForecast | null {
  const localDate = (p: ForecastPeriod) => p.startTime.slice(0, 10);
  const day = periods.filter((p) => p.isDaytime && localDate(p) === date);
  const nights = periods.filter((p) => !p.isDaytime && (localDate(p) === date || localDate(p) === previousDate(date)));
  const temps = [...day, ...nights].map((p) => p.temperatureF);
  if (temps.length === 0) return null;
  return {
    lowF: Math.min(...(nights.length > 0 ? nights : day).map((p) => p.temperatureF)),
    highF: Math.max(...temps),
  };
}

export interface SafeChoice {
  choice: DeliveryChoice;
  /** The arrival day's forecast; null beyond the forecast (the calendar alone decides). */
  forecast: DayForecast | null;
  verdict: WeatherVerdict;
}

/**
 * The first of `choices` (later ship days, in order) whose arrival day is not forecast below the
 * hold threshold; a day past the forecast counts as safe, as the calendar alone decides it.
 * Null when every choice is held.
 */
export function nextSafeChoice(
  choices: readonly DeliveryChoice[],
  periods: readonly ForecastPeriod[],
  t: WeatherThresholds,
): SafeChoice | null {
  for (const choice of choices) {
    const forecast = arrivalDayForecast(periods, choice.arriveOn);
    const verdict = forecast ? weatherVerdict(forecast, t) : "none";
    if (verdict !== "hold") return { choice, forecast, verdict };
  }
  return null;
}

/** "low 20 °F, high 28 °F", or "20 °F" when the two are the same. */
export function describeForecast({ lowF, highF }: DayForecast): string {
  return lowF === highF ? `${lowF} °F` : `low ${lowF} °F, high ${highF} °F`;
}
