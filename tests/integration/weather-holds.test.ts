import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_WEATHER_THRESHOLDS } from "#app/domain/weather";
import { formData } from "#app/forms/test-form";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { packingSlip } from "#app/models/orders/packing-slip.server";
import { orderWeather, saveWeatherThresholds } from "#app/models/shipping/weather-holds.server";
import * as adminOrder from "#app/routes/admin/order";
import * as shipping from "#app/routes/admin/shipping";
import { smtpTransport } from "#app/services/mail/sender.server";
import { startWorker } from "#server/worker";
import { authClient } from "../helpers/auth-client";
import { ADDRESS, card, checkoutRequest, CUSTOMER } from "../helpers/checkout-client";
import { startNwsPeer } from "../helpers/nws-peer";
import { plainBody, startSmtpPeer } from "../helpers/smtp-peer";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";
import type { FormResult } from "#app/domain/forms";

/**
 * The morning weather check of a ship day, against a stand-in for an outside service (the US
 * National Weather Service's forecast API) on loopback. Each test has a week of its own (no
 * holiday in it, New York on UTC−5): the order is placed on the Thursday before and, Tampa being
 * two business days away, leaves Monday and arrives Wednesday.
 */
let nws: Awaited<ReturnType<typeof startNwsPeer>>;
beforeAll(async () => {
  nws = await startNwsPeer();
});
afterAll(async () => {
  await nws.close();
});

let now = new Date("2027-01-21T14:00:00Z");
const app = useTestServer(() => ({
  clock: () => new Date(now.getTime()),
  env: { WEATHER: "nws", WEATHER_API_URL: nws.url },
}));

const CHAETO = [{ kind: "product", id: "premium-chaeto", quantity: 1 }];
const DAY_MS = 24 * 60 * 60 * 1000;
const dateAfter = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** 09:00 in New York (UTC−5 in winter) on a date. */
const nineAm = (iso: string) => new Date(`${iso}T14:00:00Z`);

/** Places a paid live order on the Thursday before `monday`, then sets the clock to that Monday morning. */
async function orderLeavingOn(monday: string, items: unknown[] = CHAETO, shippingAddress = ADDRESS) {
  now = nineAm(dateAfter(monday, -4));
  const res = await checkoutRequest(app.url, {
    items,
    customer: CUSTOMER,
    shippingAddress,
    payment: { card: card() },
  });
  expect(res.status).toBe(201);
  const { order } = (await res.json()) as {
    order: { id: string; number: string; status: string; shipOn: string; arriveOn: string };
  };
  expect(order).toMatchObject({ status: "paid", shipOn: monday });
  if (shippingAddress === ADDRESS) expect(order.arriveOn).toBe(dateAfter(monday, 2));
  now = nineAm(monday);
  nws.state.from = monday;
  return order;
}

const stored = (id: string) =>
  app.services.database.db
    .selectFrom("orders")
    .select(["ship_on", "arrive_on", "status"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const holdMails = (id: string) =>
  app.services.database.db
    .selectFrom("outbox")
    .selectAll()
    .where("order_id", "=", id)
    .where("kind", "=", "weather-hold")
    .execute();

describe(`weather holds on ${testDatabaseKind()}`, () => {
  const worker = () => startWorker(app.services, { autoStart: false, transport: null });
  /** One worker pass while the weather service never answers; how long it took, in ms. */
  async function tickWhileHanging() {
    nws.state.hang = true;
    const w = worker();
    const started = Date.now();
    try {
      await w.tick();
    } finally {
      nws.state.hang = false;
      await w.stop();
    }
    return Date.now() - started;
  }

  it("holds an order whose arrival is forecast at 20 °F to the next safe ship day, and mails the buyer once", async () => {
    const order = await orderLeavingOn("2027-01-25");
    // Freezing on Wednesday the 27th (the night before Thursday's arrival too); 50 °F otherwise.
    nws.state.temperatureF = (date) => (date === "2027-01-27" ? 20 : 50);
    // Mail goes out through a real SMTP peer: the buyer's inbox, not only the outbox, has one.
    const smtp = await startSmtpPeer();
    const w = startWorker(app.services, {
      autoStart: false,
      transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}?tls=off`),
    });
    const inbox = () =>
      smtp.received.filter(
        (m) => m.to.includes(CUSTOMER.email) && /^Subject: Held for the weather: .* order (\S+)\r?$/m.test(m.raw),
      );
    try {
      await w.tick();
      // Tuesday's box would arrive Thursday after the freezing night: the next safe day is Wednesday.
      expect(await stored(order.id)).toEqual({ ship_on: "2027-01-27", arrive_on: "2027-01-29", status: "paid" });
      const mails = await holdMails(order.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to_address: CUSTOMER.email, status: "sent" });
      expect(inbox()).toHaveLength(1);
      expect(plainBody(inbox()[0]!.raw)).toContain(order.number);
      expect(mails[0]!.subject).toContain("Held for the weather");
      expect(mails[0]!.text).toContain("20 °F");
      expect(mails[0]!.text).toContain("Ships Wed, Jan 27 · arrives Fri, Jan 29");
      const weather = await orderWeather(app.services.database.db, order.id);
      // The low of the night before arrival (Tuesday night, 50 °F) and of Wednesday; the high of the day.
      expect(weather).toMatchObject({ outcome: "hold", shipOn: "2027-01-27", forecast: { lowF: 20, highF: 50 } });

      // Idempotent: a second pass the same morning neither moves the date again nor mails again.
      now = new Date(now.getTime() + 30 * 60 * 1000);
      await w.tick();
      expect((await stored(order.id)).ship_on).toBe("2027-01-27");
      expect(await holdMails(order.id)).toHaveLength(1);
      expect(inbox()).toHaveLength(1);
    } finally {
      await w.stop();
      await smtp.close();
    }
    // The stand-in was asked with a User-Agent naming the shop and a contact, as the NWS asks.
    expect(nws.requests.length).toBeGreaterThan(0);
    expect(nws.requests.every((r) => r.userAgent?.includes(app.services.config.shopEmail))).toBe(true);
    expect(nws.requests.some((r) => /^\/points\/27\.9\d*,-82\.4\d*$/.test(r.path))).toBe(true);
  });

  it("changes nothing at 70 °F", async () => {
    const order = await orderLeavingOn("2027-02-01");
    nws.state.temperatureF = () => 70;
    const w = worker();
    await w.tick();
    await w.stop();
    expect(await stored(order.id)).toEqual({ ship_on: "2027-02-01", arrive_on: "2027-02-03", status: "paid" });
    expect(await holdMails(order.id)).toHaveLength(0);
    expect(await orderWeather(app.services.database.db, order.id)).toMatchObject({ outcome: "none", pack: null });
    expect((await packingSlip(app.services.database.db, order.id))!.pack).toBeNull();
  });

  it("puts a cold pack on the slip at 85 °F and a heat pack at 60 °F", async () => {
    const hot = await orderLeavingOn("2027-02-08");
    nws.state.temperatureF = () => 85;
    let w = worker();
    await w.tick();
    await w.stop();
    expect((await stored(hot.id)).ship_on).toBe("2027-02-08");
    expect((await packingSlip(app.services.database.db, hot.id))!.pack).toBe("cold");

    const cool = await orderLeavingOn("2027-02-22");
    nws.state.temperatureF = () => 60;
    w = worker();
    await w.tick();
    await w.stop();
    expect((await stored(cool.id)).ship_on).toBe("2027-02-22");
    expect((await packingSlip(app.services.database.db, cool.id))!.pack).toBe("heat");
    expect(await holdMails(cool.id)).toHaveLength(0);
  });

  it("follows the owner's thresholds", async () => {
    await saveWeatherThresholds(
      app.services.database.db,
      { holdBelowF: 40, heatPackAtOrBelowF: 55, coldPackAtOrAboveF: 75 },
      now,
    );
    try {
      const order = await orderLeavingOn("2027-03-01");
      nws.state.temperatureF = () => 60;
      const w = worker();
      await w.tick();
      await w.stop();
      expect(await orderWeather(app.services.database.db, order.id)).toMatchObject({ outcome: "none", pack: null });
    } finally {
      await saveWeatherThresholds(app.services.database.db, DEFAULT_WEATHER_THRESHOLDS, now);
    }
  });

  it("ships by the calendar when the forecast cannot be had, tells the owner why, and asks again later", async () => {
    const order = await orderLeavingOn("2027-03-08");
    nws.state.temperatureF = () => 20;
    nws.state.down = true;
    const w = worker();
    try {
      await w.tick();
      expect(await stored(order.id)).toEqual({ ship_on: "2027-03-08", arrive_on: "2027-03-10", status: "paid" });
      const weather = await orderWeather(app.services.database.db, order.id);
      expect(weather).toMatchObject({ outcome: "unavailable", pack: null, forecast: null });
      expect(weather!.note).toMatch(/^Forecast unavailable at 09:00: .+\. Ships by the calendar\.$/);
      expect((await packingSlip(app.services.database.db, order.id))!.pack).toBeNull();

      // Back a while later, before the cut-off: the check is made again, and holds.
      nws.state.down = false;
      now = new Date(now.getTime() + 20 * 60 * 1000);
      await w.tick();
      expect((await orderWeather(app.services.database.db, order.id))!.outcome).toBe("hold");
      expect((await stored(order.id)).ship_on).not.toBe("2027-03-08");
      expect(await holdMails(order.id)).toHaveLength(1);
    } finally {
      nws.state.down = false;
      await w.stop();
    }
  });

  it("gives up on a forecast that does not come within a few seconds, and ships by the calendar", async () => {
    const order = await orderLeavingOn("2027-03-29");
    expect(await tickWhileHanging()).toBeLessThan(10_000);
    expect((await stored(order.id)).ship_on).toBe("2027-03-29");
    expect((await orderWeather(app.services.database.db, order.id))!.note).toMatch(
      /^Forecast unavailable at \d\d:\d\d: the weather service did not answer in time\. Ships by the calendar\.$/,
    );
  });

  it("asks for the destinations' forecasts at once, so forecasts that never come hold the pass up once, not per box", async () => {
    // Three boxes to three cities (Tampa, Atlanta, Charlotte), none of whose forecasts ever come.
    const orders = [
      await orderLeavingOn("2027-05-03"),
      await orderLeavingOn("2027-05-03", CHAETO, { ...ADDRESS, city: "Atlanta", state: "GA", postalCode: "30303" }),
      await orderLeavingOn("2027-05-03", CHAETO, { ...ADDRESS, city: "Charlotte", state: "NC", postalCode: "28202" }),
    ];
    const asked = nws.requests.length;
    // One wait of the 4-second timeout, where asking in turn waits it three times.
    expect(await tickWhileHanging()).toBeLessThan(8_000);
    expect(nws.requests.length - asked).toBe(3);
    for (const order of orders)
      expect((await orderWeather(app.services.database.db, order.id))!.outcome).toBe("unavailable");
  });

  it("checks nothing after the cut-off, and leaves goods that are not alive alone", async () => {
    const late = await orderLeavingOn("2027-03-15");
    nws.state.temperatureF = () => 20;
    now = new Date("2027-03-15T16:30:00Z"); // 12:30 in New York (UTC−4 since 14 March): past the cut-off
    let w = worker();
    await w.tick();
    await w.stop();
    expect((await stored(late.id)).ship_on).toBe("2027-03-15");
    expect(await orderWeather(app.services.database.db, late.id)).toBeNull();

    // An order whose goods are (now) marked not alive: no forecast matters to it.
    const plain = await orderLeavingOn("2027-03-22");
    now = new Date("2027-03-22T13:00:00Z"); // 09:00, UTC−4
    const db = app.services.database.db;
    const row = await db
      .selectFrom("products")
      .select("metadata")
      .where("id", "=", "premium-chaeto")
      .executeTakeFirstOrThrow();
    const metadata = typeof row.metadata === "string" ? JSON.parse(row.metadata) : row.metadata;
    const setMetadata = (m: unknown) =>
      db
        .updateTable("products")
        .set({ metadata: JSON.stringify(m) })
        .where("id", "=", "premium-chaeto")
        .execute();
    await setMetadata({ ...metadata, livePlant: false });
    try {
      w = worker();
      await w.tick();
      await w.stop();
      expect((await stored(plain.id)).ship_on).toBe("2027-03-22");
      expect(await orderWeather(db, plain.id)).toBeNull();
    } finally {
      await setMetadata(metadata);
    }
  });
});

describe(`the weather thresholds on the Shipping screen on ${testDatabaseKind()}`, () => {
  let cookie = "";
  const args = (path: string, init: RequestInit = {}) => ({
    request: new Request(`http://localhost:3000${path}`, { ...init, headers: { cookie } }),
    context: { services: app.services, nonce: "", clientIp: "127.0.0.1" },
    params: {},
  });
  const post = async (fields: Record<string, string>) => {
    const answer = (await shipping.action(
      args("/admin/shipping", { method: "POST", body: formData({ intent: "weather", ...fields }) }) as never,
    )) as { data: FormResult; init: { status?: number } | null };
    return { status: answer.init?.status ?? 200, result: answer.data };
  };
  const screen = () => shipping.loader(args("/admin/shipping") as never);

  beforeAll(async () => {
    await promoteToAdmin(app.services, { email: "weather-owner@example.com", password: "owner123" });
    const admin = authClient(app.url, "198.51.100.91");
    await admin.call("/sign-in/email", { email: "weather-owner@example.com", password: "owner123" });
    cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  });

  it("shows the defaults, saves the owner's temperatures, and refuses nonsense next to its field", async () => {
    now = new Date("2027-04-05T13:00:00Z");
    expect((await screen()).weather).toMatchObject({ enabled: true, thresholds: DEFAULT_WEATHER_THRESHOLDS });
    const saved = await post({ holdBelowF: "32", heatPackAtOrBelowF: "60", coldPackAtOrAboveF: "85" });
    expect(saved).toMatchObject({ status: 200, result: { status: "success", intent: "weather" } });
    expect((await screen()).weather.thresholds).toEqual({
      holdBelowF: 32,
      heatPackAtOrBelowF: 60,
      coldPackAtOrAboveF: 85,
    });

    for (const [fields, field] of [
      [{ holdBelowF: "cold", heatPackAtOrBelowF: "60", coldPackAtOrAboveF: "85" }, "holdBelowF"],
      [{ holdBelowF: "32", heatPackAtOrBelowF: "999", coldPackAtOrAboveF: "85" }, "heatPackAtOrBelowF"],
      [{ holdBelowF: "32", heatPackAtOrBelowF: "60", coldPackAtOrAboveF: "50" }, "coldPackAtOrAboveF"],
      [{ holdBelowF: "32", heatPackAtOrBelowF: "60" }, "coldPackAtOrAboveF"],
    ] as const) {
      const refused = await post(fields);
      expect(refused.status).toBe(400);
      expect(refused.result.fieldErrors?.[field]).toMatch(/^[A-Z].+\.$/);
      expect(JSON.stringify(refused.result)).not.toMatch(/expected (string|number)|invalid_|Zod/);
    }
    expect((await screen()).weather.thresholds.coldPackAtOrAboveF).toBe(85);
    await saveWeatherThresholds(app.services.database.db, DEFAULT_WEATHER_THRESHOLDS, now);
  });

  it("lists today's checks, with why a forecast could not be had", async () => {
    const order = await orderLeavingOn("2027-04-05");
    nws.state.down = true;
    const w = startWorker(app.services, { autoStart: false, transport: null });
    try {
      await w.tick();
    } finally {
      nws.state.down = false;
      await w.stop();
    }
    // 14:00 UTC is 10:00 in New York in April (UTC−4): the owner reads the shop's time.
    const checks = (await screen()).weather.checks;
    expect(checks).toEqual([
      expect.objectContaining({
        orderId: order.id,
        outcome: "unavailable",
        note: expect.stringMatching(/^Forecast unavailable at 10:00/),
      }),
    ]);
    // The order's own page says so too, and puts no pack in the box.
    const page = await adminOrder.loader({
      ...args(`/admin/orders/${order.id}`),
      params: { orderId: order.id },
    } as never);
    expect(page.weather).toMatchObject({ outcome: "unavailable", note: checks[0]!.note });
    expect(page.pack).toBeNull();
  });

  it("checks the next ship day's orders when the owner asks, at any hour, and holds them once", async () => {
    const order = await orderLeavingOn("2027-04-12");
    now = new Date("2027-04-12T02:00:00Z"); // Sunday 22:00 in New York: Monday's boxes are next
    nws.state.temperatureF = (date) => (date === "2027-04-14" ? 20 : 50);
    const checkNow = async () => {
      const answer = (await shipping.action(
        args("/admin/shipping", { method: "POST", body: formData({ intent: "check-weather" }) }) as never,
      )) as { data: FormResult; init: { status?: number } | null };
      return { status: answer.init?.status ?? 200, result: answer.data };
    };
    const first = await checkNow();
    expect(first).toMatchObject({ status: 200, result: { status: "success", intent: "check-weather" } });
    expect(first.result.message).toMatch(/^Checked \d+ live orders?: 1 held/);
    // Tuesday's box would arrive after the freezing night of the 14th too: Wednesday is safe.
    expect(await stored(order.id)).toMatchObject({ ship_on: "2027-04-14", arrive_on: "2027-04-16" });
    const again = await checkNow();
    expect(again.result.message).not.toMatch(/[1-9] held/);
    expect((await stored(order.id)).ship_on).toBe("2027-04-14");
    expect(await holdMails(order.id)).toHaveLength(1);
  });
});
