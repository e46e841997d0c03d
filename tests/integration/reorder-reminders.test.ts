import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueReorderReminders } from "#app/models/orders/reorder-reminders.server";
import { action as consentAction } from "#app/routes/account-reorder-reminders";
import { loader as restorePage } from "#app/routes/cart-restore";
import { parseJson } from "#database/values";
import { startWorker, type Worker } from "#server/worker";
import { authClient } from "../helpers/auth-client";
import { setProductRow } from "../helpers/catalogue-rows";
import { ADDRESS, card } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * The coral-food reorder reminder (issue 37, decision 048) through the tank API, the consent form,
 * the checkout and the worker with the clock moved forward: one mail a week before the predicted
 * run-out, none before, none after a re-buy or without consent, one however many workers race;
 * its link fills the cart at today's price.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;
// Bought on 2 Oct; one 40 g jar of Kings Feast (2.5 g per 100 gal a feeding, 3 a week) in 75 gal
// lasts 21 feedings = 49 days: empty 20 Nov, reminder due 13 Nov, at the time of day it was paid.
const BOUGHT = Date.parse("2026-10-02T15:00:00Z");
const DUE = Date.parse("2026-11-13T15:00:00Z");
const RUN_OUT = Date.parse("2026-11-20T15:00:00Z");
let now = BOUGHT;

describe(`coral-food reorder reminder on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: () => new Date(now) });
  const db = () => t.services.database.db;
  let worker: Worker;
  let other: Worker;
  let ip = 0;

  async function reefer(name: string) {
    const client = authClient(t.url, `198.51.100.${++ip}`);
    const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await client.signUp({ email, password: "reef12345", name });
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const headers = { cookie, "X-Forwarded-For": `198.51.100.${ip}`, Origin: "http://localhost:3000" };
    const tankRes = await fetch(`${t.url}/api/tanks`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Living room 75", displayVolume: 75, volumeUnit: "gal" }),
    });
    expect(tankRes.status).toBe(201);
    const { tank } = (await tankRes.json()) as { tank: { id: string } };
    /** The consent form posted as a browser without JavaScript would: the page's action answers its status. */
    async function consent(form: Record<string, string>): Promise<{ status: number }> {
      const request = new Request(`${t.url}/account/reorder-reminders`, {
        method: "POST",
        headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      });
      try {
        const result = await consentAction({ request, context: { services: t.services }, params: {} } as never);
        return { status: (result as { init?: { status?: number } }).init?.status ?? 200 };
      } catch (thrown) {
        if (thrown instanceof Response) return { status: thrown.status };
        throw thrown;
      }
    }
    async function buy(quantity = 1, signedIn = true) {
      const res = await fetch(`${t.url}/api/checkout`, {
        method: "POST",
        headers: {
          ...(signedIn ? headers : { "X-Forwarded-For": headers["X-Forwarded-For"] }),
          "Content-Type": "application/json",
          "Idempotency-Key": crypto.randomUUID(),
        },
        body: JSON.stringify({
          items: [{ kind: "product", id: "chaeto-coral-food-combo", quantity }],
          customer: { email, name },
          shippingAddress: ADDRESS,
          payment: { card: card() },
        }),
      });
      const body = (await res.json()) as { order?: { id: string; status: string } };
      expect(body.order?.status).toBe("paid");
      return body.order!.id;
    }
    return { email, tank, consent, buy, optIn: () => consent({ tankId: tank.id, remind: "on" }) };
  }
  const mails = (to: string) =>
    db().selectFrom("outbox").selectAll().where("kind", "=", "reorder-reminder").where("to_address", "=", to).execute();
  async function passAt(ms: number) {
    now = ms;
    await worker.tick();
  }
  const linkIn = (html: string) => {
    const href = /href="([^"]*\/cart\/restore\?reorder=[^"]*)"/.exec(html)?.[1];
    if (!href) throw new Error("no reorder link in the mail");
    return new URL(href.replaceAll("&amp;", "&"));
  };

  beforeAll(() => {
    worker = startWorker(t.services, { autoStart: false, transport: null });
    other = startWorker(t.services, { autoStart: false, transport: null });
  });
  afterAll(async () => {
    await worker?.stop();
    await other?.stop();
  });

  it("sends exactly one reminder at the predicted time: none before, one at it, none after", async () => {
    now = BOUGHT;
    const rae = await reefer("rae");
    expect((await rae.optIn()).status).toBe(302);
    const orderId = await rae.buy();
    await passAt(BOUGHT + DAY);
    await passAt(DUE - MINUTE);
    expect(await mails(rae.email)).toHaveLength(0);
    await passAt(DUE);
    const sent = await mails(rae.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ order_id: orderId, subject: "Your Kings Feast runs out about Nov 20" });
    expect(sent[0]!.text).toContain(
      "At the label dose (2.5 g per 100 gal a feeding) for a 75 gal tank, 3 feeds a week, your 40 g of Kings Feast received on Oct 2 runs out about Nov 20.",
    );
    expect(sent[0]!.html).toContain("/api/reminders/reorder-unsubscribe?user=");
    expect(parseJson(sent[0]!.headers, {})).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const row = await db().selectFrom("reorder_reminders").selectAll().where("order_id", "=", orderId).execute();
    expect(row).toHaveLength(1);
    expect(new Date(String(row[0]!.run_out_at)).getTime()).toBe(RUN_OUT);
    // Later passes, up to and past the empty day: still one.
    await passAt(DUE + MINUTE);
    await passAt(DUE + 3 * DAY);
    await passAt(RUN_OUT + DAY);
    expect(await mails(rae.email)).toHaveLength(1);
  });

  it("sends one when two workers and direct passes race for the same reminder", async () => {
    now = BOUGHT;
    const sam = await reefer("sam");
    await sam.optIn();
    await sam.buy();
    now = DUE + MINUTE;
    const deps = { db: db(), config: t.services.config, secret: t.services.secret, now: new Date(now) };
    await Promise.all([
      worker.tick(),
      other.tick(),
      sendDueReorderReminders(deps),
      sendDueReorderReminders(deps),
      sendDueReorderReminders(deps),
    ]);
    expect(await mails(sam.email)).toHaveLength(1);
    // A restart is a new worker reading the same tables: nothing more.
    const restarted = startWorker(t.services, { autoStart: false, transport: null });
    await restarted.tick();
    await restarted.stop();
    expect(await mails(sam.email)).toHaveLength(1);
  });

  it("sends none without consent, after consent is withdrawn, or for a guest order", async () => {
    now = BOUGHT;
    const silent = await reefer("silent");
    await silent.buy();
    const changed = await reefer("changed");
    await changed.optIn();
    await changed.buy();
    expect((await changed.consent({ tankId: changed.tank.id })).status).toBe(302);
    const guest = await reefer("guest");
    await guest.optIn();
    // Paid signed out, and the address's account is not verified: the order is not the account's.
    await guest.buy(1, false);
    await passAt(DUE + MINUTE);
    await passAt(DUE + 2 * DAY);
    expect(await mails(silent.email)).toHaveLength(0);
    expect(await mails(changed.email)).toHaveLength(0);
    expect(await mails(guest.email)).toHaveLength(0);
  });

  it("sends none for food already re-bought, and one for the new jar at its own time", async () => {
    now = BOUGHT;
    const kai = await reefer("kai");
    await kai.optIn();
    await kai.buy();
    now = BOUGHT + 30 * DAY;
    const second = await kai.buy();
    await passAt(DUE + MINUTE);
    expect(await mails(kai.email)).toHaveLength(0);
    await passAt(DUE + 30 * DAY + MINUTE);
    const sent = await mails(kai.email);
    expect(sent.map((m) => m.order_id)).toEqual([second]);
  });

  it("refuses another customer's tank with a 404 and a malformed post with a 400, changing nothing", async () => {
    const owner = await reefer("owner");
    const stranger = await reefer("stranger");
    expect((await stranger.consent({ tankId: owner.tank.id, remind: "on" })).status).toBe(404);
    expect((await owner.consent({ tankId: "not-a-tank", remind: "on" })).status).toBe(400);
    expect((await owner.consent({ tankId: owner.tank.id, remind: "yes" })).status).toBe(400);
    expect(
      await db().selectFrom("reorder_consents").selectAll().where("tank_id", "=", owner.tank.id).execute(),
    ).toEqual([]);
  });

  it("its link fills the cart with the same food at today's price; a changed or expired link is a 404", async () => {
    await setProductRow(db(), "chaeto-coral-food-combo", { price_cents: 3499, original_price_cents: null });
    now = BOUGHT;
    const lee = await reefer("lee");
    await lee.optIn();
    await lee.buy(2);
    // Two jars last twice as long: 42 feedings, 98 days.
    await passAt(BOUGHT + 91 * DAY);
    const [mail] = await mails(lee.email);
    expect(mail).toBeDefined();
    await setProductRow(db(), "chaeto-coral-food-combo", { price_cents: 2999, original_price_cents: null });
    const link = linkIn(mail!.html);
    const res = await fetch(`${t.url}/api/cart/restore${link.search}`);
    expect(res.status).toBe(200);
    const restored = (await res.json()) as {
      items: unknown[];
      quote: { lines: { id: string; quantity: number; unitPrice: number }[]; subtotal: number };
    };
    expect(restored.items).toEqual([{ kind: "product", id: "chaeto-coral-food-combo", quantity: 2 }]);
    expect(restored.quote.lines).toEqual([
      expect.objectContaining({ id: "chaeto-coral-food-combo", quantity: 2, unitPrice: 29.99 }),
    ]);
    const page = await restorePage({
      request: new Request(`${t.url}/cart/restore${link.search}`),
      context: { services: t.services },
    } as never);
    expect(page).toMatchObject({ restored: { lines: [expect.objectContaining({ unitPrice: 2999, quantity: 2 })] } });

    const tampered = new URL(link);
    tampered.searchParams.set("until", String(Number(link.searchParams.get("until")) + DAY));
    expect((await fetch(`${t.url}/api/cart/restore${tampered.search}`)).status).toBe(404);
    now += 31 * DAY;
    expect((await fetch(`${t.url}/api/cart/restore${link.search}`)).status).toBe(404);
  });

  it("the mail's unsubscribe turns the reminders off; a forged one changes nothing", async () => {
    now = BOUGHT;
    const max = await reefer("max");
    await max.optIn();
    await max.buy();
    await passAt(DUE + MINUTE);
    const [mail] = await mails(max.email);
    const href = /href="([^"]*\/api\/reminders\/reorder-unsubscribe\?[^"]*)"/
      .exec(mail!.html)![1]!
      .replaceAll("&amp;", "&");
    const url = new URL(href);
    const forged = new URL(url);
    forged.searchParams.set("sig", "a".repeat(43));
    const bad = await fetch(`${t.url}${forged.pathname}${forged.search}`, {
      method: "POST",
      headers: { Origin: "http://localhost:3000" },
    });
    expect(bad.status).toBe(404);
    expect(
      await db().selectFrom("reorder_consents").selectAll().where("tank_id", "=", max.tank.id).execute(),
    ).toHaveLength(1);
    const ok = await fetch(`${t.url}${url.pathname}${url.search}`, { redirect: "manual" });
    expect(ok.status).toBe(303);
    expect(await db().selectFrom("reorder_consents").selectAll().where("tank_id", "=", max.tank.id).execute()).toEqual(
      [],
    );
  });
});
