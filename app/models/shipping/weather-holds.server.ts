import pLimit from "p-limit";
import { addDays, deliveryChoices, shopClock } from "#app/domain/ship-calendar";
import {
  arrivalDayForecast,
  DEFAULT_WEATHER_THRESHOLDS,
  describeForecast,
  nextSafeChoice,
  packOf,
  weatherVerdict,
  type DayForecast,
  type Pack,
  type WeatherThresholds,
} from "#app/domain/weather";
import { orderUrl } from "#app/models/orders/order-mails.server";
import { getOrder } from "#app/models/orders/orders.server";
import { enqueueMail } from "#app/services/mail/outbox.server";
import { renderWeatherHold } from "#app/services/mail/weather-emails";
import { nwsForecast, type ForecastOutcome } from "#app/services/weather/nws.server";
import { parseJson } from "#database/values";
import { loadShipCalendar } from "./ship-calendar.server";
import type { Config } from "#app/config.server";
import type { ProductMetadata } from "#app/domain/catalogue";
import type { Order } from "#app/domain/order-types";
import type { AppServices } from "#app/services/container";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

/** The owner's thresholds as stored (the defaults where never set). */
export async function readWeatherThresholds(db: Kysely<Database>): Promise<WeatherThresholds> {
  const row = await db.selectFrom("weather_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  return row
    ? {
        holdBelowF: row.hold_below_f,
        heatPackAtOrBelowF: row.heat_pack_at_or_below_f,
        coldPackAtOrAboveF: row.cold_pack_at_or_above_f,
      }
    : DEFAULT_WEATHER_THRESHOLDS;
}

export async function saveWeatherThresholds(db: Kysely<Database>, t: WeatherThresholds, now: Date): Promise<void> {
  const row = {
    hold_below_f: t.holdBelowF,
    heat_pack_at_or_below_f: t.heatPackAtOrBelowF,
    cold_pack_at_or_above_f: t.coldPackAtOrAboveF,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto("weather_settings")
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
}

export type WeatherOutcome = "hold" | "heat" | "cold" | "none" | "unavailable";

export interface OrderWeather {
  orderId: string;
  /** The shop's local date of the check. */
  checkedOn: string;
  checkedAt: string;
  /** The ship and arrival days the check decided (after a hold: the new ones). */
  shipOn: string;
  arriveOn: string;
  outcome: WeatherOutcome;
  forecast: DayForecast | null;
  pack: Pack | null;
  /** What the owner reads: the forecast and what was done, or why there was none. */
  note: string;
}

type OrderWeatherRow = Database["order_weather"];

const toOrderWeather = (r: OrderWeatherRow): OrderWeather => ({
  orderId: r.order_id,
  checkedOn: r.checked_on,
  checkedAt: r.checked_at,
  shipOn: r.ship_on,
  arriveOn: r.arrive_on,
  outcome: r.outcome as WeatherOutcome,
  forecast: r.low_f !== null && r.high_f !== null ? { lowF: r.low_f, highF: r.high_f } : null,
  pack: r.pack === "heat" || r.pack === "cold" ? r.pack : null,
  note: r.note,
});

/** An order's latest weather check; null when it never had one. */
export async function orderWeather(db: Kysely<Database>, orderId: string): Promise<OrderWeather | null> {
  const row = await db.selectFrom("order_weather").selectAll().where("order_id", "=", orderId).executeTakeFirst();
  return row ? toOrderWeather(row) : null;
}

/**
 * An order's latest weather check, and the pack that goes in its box: the check's, when it was
 * made for the day the box leaves now (a hold's new day is checked again that morning).
 */
export async function weatherOf(
  db: Kysely<Database>,
  order: Pick<Order, "id" | "shipOn">,
): Promise<{ weather: OrderWeather | null; pack: Pack | null }> {
  const weather = await orderWeather(db, order.id);
  return { weather, pack: weather && weather.shipOn === order.shipOn ? weather.pack : null };
}

/** The checks of the shop's `today`, with their order numbers: the Shipping screen's "today" list. */
async function weatherChecksOn(db: Kysely<Database>, today: string) {
  const rows = await db
    .selectFrom("order_weather")
    .innerJoin("orders", "orders.id", "order_weather.order_id")
    .selectAll("order_weather")
    .select("orders.number")
    .where("order_weather.checked_on", "=", today)
    .orderBy("orders.number")
    .execute();
  return rows.map((r) => ({ ...toOrderWeather(r), number: r.number }));
}

export interface WeatherScreen {
  /** WEATHER=nws: the morning check runs. */
  enabled: boolean;
  thresholds: WeatherThresholds;
  checks: Array<OrderWeather & { number: string }>;
}

/** The Shipping screen's weather part: whether the check runs, the thresholds, and today's checks. */
export async function readWeatherScreen(db: Kysely<Database>, config: Config, now: Date): Promise<WeatherScreen> {
  const { today } = shopClock(now, config.shopTimeZone);
  const [thresholds, checks] = await Promise.all([readWeatherThresholds(db), weatherChecksOn(db, today)]);
  return { enabled: config.weather !== null, thresholds, checks };
}

/** The check starts at this local time on a ship day (forecasts of the night are out by then). */
const CHECK_FROM_MINUTES = 5 * 60;
/** A forecast that could not be had is asked for again after this long, until the cut-off. */
const RETRY_UNAVAILABLE_MS = 15 * 60 * 1000;
/** Forecast requests in flight at once in a pass (the weather service asks callers to be gentle). */
const FORECASTS_AT_ONCE = 4;

const notLive = new WeakMap<object, { day: string; ids: Set<string> }>();

/** How many days ahead the owner's "check now" looks: a forecast covers about a week. */
const OWNER_CHECK_DAYS = 6;
/** How many later ship days a hold looks among for a safe one. */
const HOLD_LOOKAHEAD = 10;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Products alive in a box: marked `livePlant`, alone or inside a kit or combo. */
async function liveOrderIds(db: Kysely<Database>, orders: Order[]): Promise<Set<string>> {
  const live = new Set(
    (await db.selectFrom("products").select(["id", "metadata"]).execute())
      .filter((p) => parseJson<ProductMetadata>(p.metadata, {}).livePlant === true)
      .map((p) => p.id),
  );
  const bundleIds = [
    ...new Set(orders.flatMap((o) => o.lines.flatMap((l) => (l.kind === "bundle" && l.id ? [l.id] : [])))),
  ];
  const liveBundles = new Set(
    bundleIds.length === 0
      ? []
      : (
          await db
            .selectFrom("bundle_products")
            .select(["bundle_id", "product_id"])
            .where("bundle_id", "in", bundleIds)
            .execute()
        )
          .filter((c) => live.has(c.product_id))
          .map((c) => c.bundle_id),
  );
  return new Set(
    orders
      .filter((o) =>
        o.lines.some(
          (l) =>
            (l.kind === "product" && l.id !== null && live.has(l.id)) ||
            (l.kind === "bundle" && l.id !== null && liveBundles.has(l.id)) ||
            (l.productIds ?? []).some((id) => live.has(id)),
        ),
      )
      .map((o) => o.id),
  );
}

async function coordinatesOf(postalCode: string): Promise<{ latitude: number; longitude: number } | null> {
  // Loaded on the first look-up only (about 30 MB of ZIP codes).
  const zipcodes = await import("zipcodes");
  const zip = zipcodes.lookup(postalCode.slice(0, 5));
  return zip ? { latitude: zip.latitude, longitude: zip.longitude } : null;
}

export interface WeatherPassReport {
  checked: number;
  held: number;
  packed: number;
  unavailable: number;
}

/**
 * The morning weather check of a ship day (the worker runs it on every pass; it does its work
 * between 05:00 and the cut-off, shop time). For every paid live order leaving today it reads the
 * forecast at the destination for the arrival day: below the hold threshold the order moves to
 * the next ship day whose arrival is not forecast too cold (or past the forecast), and the buyer
 * gets one mail; otherwise a heat or cold pack, or nothing, is recorded for the slip. No forecast
 * never blocks shipping: the order leaves by the calendar and the note says why, and the forecast
 * is asked for again later in the morning. Idempotent: an order decided today is not checked
 * again today, a hold moves only an order still leaving on the day checked, and its mail's dedupe
 * key names that day: one mail per hold.
 */
export async function checkShipDayWeather(
  services: AppServices,
  now: Date,
  { now: byOwner = false }: { now?: boolean } = {},
): Promise<WeatherPassReport> {
  const report: WeatherPassReport = { checked: 0, held: 0, packed: 0, unavailable: 0 };
  const { config } = services;
  const weather = config.weather;
  if (!weather) return report;
  const db = services.database.db;
  const calendar = await loadShipCalendar(db, config.shopTimeZone, now);
  const { today, minutes } = shopClock(now, config.shopTimeZone);
  const beforeCutoff = minutes < minutesOf(calendar.cutoff);
  // The owner's "check now" looks at the boxes leaving within the forecast's week (from today
  // before the cut-off, else from tomorrow), at any hour, and checks again what was checked already.
  const [first, last] = byOwner
    ? [beforeCutoff ? today : addDays(today, 1), addDays(today, OWNER_CHECK_DAYS)]
    : minutes >= CHECK_FROM_MINUTES && beforeCutoff
      ? [today, today]
      : [null, null];
  if (!first || !last) return report;

  const due = await db
    .selectFrom("orders")
    .leftJoin("order_weather", "order_weather.order_id", "orders.id")
    .select(["orders.id", "order_weather.checked_on", "order_weather.outcome", "order_weather.checked_at"])
    .where("orders.status", "=", "paid")
    .where("orders.ship_on", ">=", first)
    .where("orders.ship_on", "<=", last)
    .where("orders.requires_shipping", "=", 1)
    .execute();
  // Orders this process found without live goods today: the worker passes every few seconds.
  let skip = notLive.get(db);
  if (skip?.day !== today) notLive.set(db, (skip = { day: today, ids: new Set() }));
  const toCheck = due
    .filter(
      (r) =>
        !skip.ids.has(r.id) &&
        (byOwner ||
          r.checked_on !== today ||
          (r.outcome === "unavailable" && now.getTime() - Date.parse(r.checked_at!) >= RETRY_UNAVAILABLE_MS)),
    )
    .map((r) => r.id);
  if (toCheck.length === 0) return report;

  const orders = (await Promise.all(toCheck.map((id) => getOrder(db, id)))).filter((o): o is Order => o !== null);
  const live = await liveOrderIds(db, orders);
  for (const o of orders) if (!live.has(o.id)) skip.ids.add(o.id);
  const thresholds = await readWeatherThresholds(db);
  const at = hhmm(minutes);
  const brand = { shopName: config.shopName, publicUrl: config.publicUrl, shopEmail: config.shopEmail };
  // Every destination's forecast is asked for up front, once per pass and a few at a time: a
  // morning of many boxes waits about as long as its slowest answers, not for each in turn.
  const limit = pLimit(FORECASTS_AT_ONCE);
  const forecasts = new Map<string, Promise<ForecastOutcome>>();
  const points = new Map<string, { latitude: number; longitude: number } | null>();
  for (const order of orders) {
    if (!live.has(order.id) || !order.shipOn || !order.arriveOn) continue;
    const postalCode = order.shippingAddress?.postalCode ?? "";
    const point = postalCode ? await coordinatesOf(postalCode) : null;
    points.set(order.id, point);
    const key = point && `${point.latitude},${point.longitude}`;
    if (point && key && !forecasts.has(key))
      forecasts.set(
        key,
        limit(() =>
          nwsForecast(point.latitude, point.longitude, {
            baseUrl: weather.url,
            timeoutMs: weather.timeoutMs,
            userAgent: `(${config.shopName} shop, ${config.shopEmail})`,
          }),
        ),
      );
  }

  for (const order of orders) {
    const shipDay = order.shipOn;
    if (!live.has(order.id) || !shipDay || !order.arriveOn) continue;
    report.checked++;
    const base = {
      order_id: order.id,
      checked_on: today,
      checked_at: now.toISOString(),
      ship_on: shipDay,
      arrive_on: order.arriveOn,
    };
    const record = (row: Omit<OrderWeatherRow, keyof typeof base>) =>
      db
        .insertInto("order_weather")
        .values({ ...base, ...row })
        .onConflict((oc) => oc.column("order_id").doUpdateSet({ ...base, ...row }))
        .execute();
    const unavailable = async (reason: string) => {
      report.unavailable++;
      await record({
        outcome: "unavailable",
        low_f: null,
        high_f: null,
        pack: null,
        note: `Forecast unavailable at ${at}: ${reason}. Ships by the calendar.`,
      });
    };

    const point = points.get(order.id);
    if (!point) {
      await unavailable(`ZIP ${order.shippingAddress?.postalCode || "(none)"} is not in the ZIP table`);
      continue;
    }
    const outcome = await forecasts.get(`${point.latitude},${point.longitude}`)!;
    if (!outcome.ok) {
      await unavailable(outcome.reason);
      continue;
    }
    const forecast = arrivalDayForecast(outcome.periods, order.arriveOn);
    if (!forecast) {
      await unavailable(`the forecast does not reach ${order.arriveOn}`);
      continue;
    }
    const verdict = weatherVerdict(forecast, thresholds);
    const temps = { low_f: forecast.lowF, high_f: forecast.highF };
    if (verdict !== "hold") {
      const pack = packOf(verdict);
      if (pack) report.packed++;
      await record({
        outcome: verdict,
        ...temps,
        pack,
        note: `Forecast at arrival ${describeForecast(forecast)}: ${pack ? `${pack} pack in the box` : "no pack needed"}.`,
      });
      continue;
    }

    const state = order.shippingAddress?.state ?? null;
    const later = deliveryChoices(calendar, { now, live: true, state, count: HOLD_LOOKAHEAD }).filter(
      (c) => c.shipOn > shipDay,
    );
    const safe = nextSafeChoice(later, outcome.periods, thresholds);
    if (!safe) {
      await record({
        outcome: "hold",
        ...temps,
        pack: null,
        note: `Forecast at arrival ${describeForecast(forecast)}, below ${thresholds.holdBelowF} °F, and no later ship day is open: not moved, decide by hand.`,
      });
      continue;
    }
    const next = safe.choice;
    const mail = await renderWeatherHold(
      order,
      { arriveOn: order.arriveOn, forecast, holdBelowF: thresholds.holdBelowF, next },
      brand,
      orderUrl(config, services.secret, order.id),
    );
    const moved = await db.transaction().execute(async (trx) => {
      // Only an order still leaving that day moves: a second pass, or another process, finds it moved.
      const result = await trx
        .updateTable("orders")
        .set({ ship_on: next.shipOn, arrive_on: next.arriveOn, updated_at: now.toISOString() })
        .where("id", "=", order.id)
        .where("status", "=", "paid")
        .where("ship_on", "=", shipDay)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const row = {
        ...base,
        ship_on: next.shipOn,
        arrive_on: next.arriveOn,
        outcome: "hold",
        ...temps,
        pack: null,
        note: `Held: forecast at arrival ${order.arriveOn} ${describeForecast(forecast)}, below ${thresholds.holdBelowF} °F. Moved from ${shipDay} to ${next.shipOn}.`,
      };
      await trx
        .insertInto("order_weather")
        .values(row)
        .onConflict((oc) => oc.column("order_id").doUpdateSet(row))
        .execute();
      await enqueueMail(
        trx,
        {
          kind: "weather-hold",
          to: order.email,
          dedupeKey: `weather-hold:${order.id}:${shipDay}`,
          orderId: order.id,
          ...mail,
        },
        now,
      );
      return true;
    });
    if (moved) report.held++;
  }
  return report;
}
