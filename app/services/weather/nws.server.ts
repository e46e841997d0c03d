import type { ForecastPeriod } from "#app/domain/weather";

/**
 * The US National Weather Service's forecast API (https://www.weather.gov/documentation/services-web-api):
 * keyless, but it asks every caller for a User-Agent that names the application and a contact.
 * `GET /points/{lat},{lon}` names the forecast office's grid and its `forecast` URL; that URL
 * answers twelve-hour periods (day, night) for about a week. Any failure, slow answer or odd
 * shape is "no forecast": weather never blocks shipping.
 */
export interface NwsOptions {
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
}

export type ForecastOutcome = { ok: true; periods: ForecastPeriod[] } | { ok: false; reason: string };

/** The NWS's coordinates: at most four decimals (more answers a redirect). */
const coordinate = (n: number) => String(Math.round(n * 10_000) / 10_000);

async function getJson(url: string, options: NwsOptions): Promise<unknown> {
  const res = await fetch(url, {
    headers: { "User-Agent": options.userAgent, Accept: "application/geo+json" },
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!res.ok) throw new Error(`${res.status} from ${new URL(url).pathname}`);
  return res.json();
}

/** A period's temperature in °F: a number with `temperatureUnit`, or a quantity in degC/degF. */
function fahrenheit(period: Record<string, unknown>): number | null {
  const t = period.temperature;
  if (typeof t === "number") return period.temperatureUnit === "C" ? Math.round((t * 9) / 5 + 32) : t;
  if (t && typeof t === "object") {
    const { value, unitCode } = t as { value?: unknown; unitCode?: unknown };
    if (typeof value !== "number") return null;
    return typeof unitCode === "string" && unitCode.endsWith("degC") ? Math.round((value * 9) / 5 + 32) : value;
  }
  return null;
}

function periodsOf(body: unknown): ForecastPeriod[] {
  const raw = (body as { properties?: { periods?: unknown } } | null)?.properties?.periods;
  if (!Array.isArray(raw)) throw new Error("the forecast has no periods");
  return raw.flatMap((p: Record<string, unknown>) => {
    const temperatureF = fahrenheit(p);
    return typeof p.startTime === "string" && typeof p.isDaytime === "boolean" && temperatureF !== null
      ? [{ startTime: p.startTime, isDaytime: p.isDaytime, temperatureF }]
      : [];
  });
}

/** The forecast periods at a point, or why there are none. */
export async function nwsForecast(latitude: number, longitude: number, options: NwsOptions): Promise<ForecastOutcome> {
  try {
    const base = options.baseUrl.replace(/\/$/, "");
    const point = (await getJson(`${base}/points/${coordinate(latitude)},${coordinate(longitude)}`, options)) as {
      properties?: { forecast?: unknown };
    } | null;
    const forecastUrl = point?.properties?.forecast;
    if (typeof forecastUrl !== "string") return { ok: false, reason: "no forecast for this place" };
    return { ok: true, periods: periodsOf(await getJson(forecastUrl, options)) };
  } catch (err) {
    const reason =
      err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")
        ? "the weather service did not answer in time"
        : `the weather service failed (${err instanceof Error ? err.message : String(err)})`;
    return { ok: false, reason };
  }
}
