import { beforeAll, describe, expect, it } from "vitest";
import { formData } from "#app/forms/test-form";
import { SUBSCRIPTIONS_PAGE } from "#app/models/back-office/subscriptions.server";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { subscriptionPass } from "#app/models/subscriptions/renewals.server";
import * as page from "#app/routes/admin/subscriptions";
import { createTestProvider } from "#app/services/payments/test-provider.server";
import { authClient } from "../helpers/auth-client";
import { setProductRow } from "../helpers/catalogue-rows";
import { ADDRESS, card, checkoutRequest } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * The owner's side of subscribe & save (issue 38): marking a product subscribable at a saving
 * (the catalogue API), the subscriptions by status with their counts and keyset pages, the
 * renewals of the eight weeks ahead with the stock they take, renewal revenue once a renewal is
 * paid, and pause / resume / cancel by the owner mailing the buyer; administrators only.
 */

const DAY = 86_400_000;
const COMBO = "chaeto-coral-food-combo";
const CARE = "reef-care-bundle";
const STAFF = "subs-owner@example.com";
let now = Date.parse("2026-12-01T15:00:00Z"); // a Tuesday: this week began Monday 2026-11-30
const at = (iso: string) => (now = Date.parse(iso));

interface ListBody {
  subscriptions: Array<{ id: string; status: string; email: string; everyWeeks: number; nextChargeOn: string }>;
  nextCursor: string | null;
  counts: Record<string, { count: number; more: boolean }>;
}
interface WeeksBody {
  weeks: Array<{
    weekOf: string;
    isoWeek: string;
    renewals: number;
    products: Array<{ productId: string; units: number; unitsSoFar: number; stock: number; short: boolean }>;
  }>;
  shortOf: string[];
}

describe(`the owner's subscriptions on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: () => new Date(now), payments: createTestProvider(() => new Date(now)) });
  const db = () => t.services.database.db;
  let cookie = "";
  let customerCookie = "";
  let n = 0;

  const api = (path: string, body?: unknown, as = cookie) =>
    fetch(`${t.url}/api/admin${path}`, {
      method: body === undefined ? "GET" : path.startsWith("/products") ? "PATCH" : "POST",
      headers: { "Content-Type": "application/json", ...(as ? { cookie: as } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const list = async (query = "") => {
    const res = await api(`/subscriptions${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as ListBody;
  };
  const weeks = async () => (await (await api("/subscriptions/upcoming")).json()) as WeeksBody;
  const mails = (to: string, kind: string) =>
    db().selectFrom("outbox").selectAll().where("to_address", "=", to).where("kind", "=", kind).execute();

  async function subscribe(items: Array<{ id: string; quantity: number }>, everyWeeks: number) {
    const email = `owner-sub-${++n}@example.com`;
    const res = await checkoutRequest(t.url, {
      items: items.map((i) => ({ kind: "product", ...i, subscribeEveryWeeks: everyWeeks })),
      customer: { email, name: `Subscriber ${n}` },
      shippingAddress: ADDRESS,
      payment: { card: card() },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const sub = await db().selectFrom("subscriptions").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    return { id: sub.id, email };
  }

  beforeAll(async () => {
    await promoteToAdmin(t.services, { email: STAFF, password: "owner123" });
    const owner = authClient(t.url, "198.51.100.81");
    await owner.call("/sign-in/email", { email: STAFF, password: "owner123" });
    cookie = [...owner.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const customer = authClient(t.url, "198.51.100.82");
    await customer.signUp({ email: "subs-customer@example.com", password: "cust12345", name: "Cust" });
    customerCookie = [...customer.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  });

  it("marks a product subscribable at a saving, validates it, and the checkout follows at once", async () => {
    const subscribeChaeto = () =>
      checkoutRequest(t.url, {
        items: [{ kind: "product", id: "premium-chaeto", quantity: 1, subscribeEveryWeeks: 4 }],
        customer: { email: "chaeto-sub@example.com", name: "Chaeto Sub" },
        shippingAddress: ADDRESS,
        payment: { card: card() },
      });
    expect((await subscribeChaeto()).status).toBe(400);
    const marked = await api("/products/premium-chaeto", { subscribeSavingPercent: 15 });
    expect(marked.status, await marked.clone().text()).toBe(200);
    expect((await marked.json()).product).toMatchObject({ subscribeSavingPercent: 15 });
    // The catalogue snapshot was refreshed: the very next checkout may subscribe, at 15 % off.
    const started = await subscribeChaeto();
    expect(started.status, await started.clone().text()).toBe(201);
    const { price_cents: priceCents } = await db()
      .selectFrom("products")
      .select("price_cents")
      .where("id", "=", "premium-chaeto")
      .executeTakeFirstOrThrow();
    const firstOrder = (await started.json()) as { order: { lines: Array<{ unitPrice: number }> } };
    expect(firstOrder.order.lines[0]!.unitPrice).toBe((priceCents - Math.floor((priceCents * 15 + 50) / 100)) / 100);

    for (const [bad, message] of [
      [0, "A saving is at least 1 %"],
      [51, "A saving is at most 50 %"],
      [12.5, "Enter a whole percent"],
      ["10", "Enter the saving in percent"],
    ] as const) {
      const res = await api("/products/premium-chaeto", { subscribeSavingPercent: bad });
      expect(res.status, `saving ${bad}`).toBe(400);
      const body = (await res.json()) as { error: { message: string; fields?: Record<string, string> } };
      expect(body.error.message).toBe(message);
      expect(body.error.fields?.subscribeSavingPercent).toBe(message);
    }
    // Not offered any more: the row says so and a new subscription is refused.
    const stopped = await api("/products/premium-chaeto", { subscribeSavingPercent: null });
    expect((await stopped.json()).product).toMatchObject({ subscribeSavingPercent: null });
    expect(
      (
        await db()
          .selectFrom("products")
          .select("subscribe_saving_percent")
          .where("id", "=", "premium-chaeto")
          .executeTakeFirstOrThrow()
      ).subscribe_saving_percent,
    ).toBeNull();
    expect((await subscribeChaeto()).status).toBe(400);
    // Tidy: that subscription is not part of what follows.
    await db().deleteFrom("subscriptions").where("email", "=", "chaeto-sub@example.com").execute();
  });

  it("the bundle edit refuses a saving: a kit is not subscribed", async () => {
    const res = await fetch(`${t.url}/api/admin/bundles/lazy-starter`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", cookie },
      body: JSON.stringify({ subscribeSavingPercent: 10 }),
    });
    expect(res.status).toBe(400);
  });

  let a: { id: string; email: string };
  let b: { id: string; email: string };
  let c: { id: string; email: string };

  it("lists subscriptions by status with counts, and the renewals of the weeks ahead with their stock", async () => {
    at("2026-12-01T15:00:00Z");
    a = await subscribe([{ id: COMBO, quantity: 1 }], 4); // charges Dec 29
    at("2026-12-01T15:01:00Z");
    b = await subscribe(
      [
        { id: COMBO, quantity: 2 },
        { id: CARE, quantity: 1 },
      ],
      2,
    ); // Dec 15, Dec 29, Jan 12
    at("2026-12-01T15:02:00Z");
    c = await subscribe([{ id: CARE, quantity: 3 }], 4); // Dec 29
    const active = await list("?status=active");
    expect(active.subscriptions.map((s) => s.id)).toEqual([c.id, b.id, a.id]);
    expect(active.counts).toMatchObject({
      active: { count: 3, more: false },
      paused: { count: 0 },
      cancelled: { count: 0 },
    });
    expect(active.nextCursor).toBeNull();

    await setProductRow(db(), COMBO, { quantity: 4, updated_at: new Date(now).toISOString() });
    await setProductRow(db(), CARE, { quantity: 50, updated_at: new Date(now).toISOString() });
    const ahead = await weeks();
    expect(ahead.weeks).toHaveLength(8);
    expect(ahead.weeks[0]).toMatchObject({ weekOf: "2026-11-30", isoWeek: "2026-W49", renewals: 0, products: [] });
    const byWeek = new Map(ahead.weeks.map((w) => [w.weekOf, w]));
    expect(byWeek.get("2026-12-14")).toMatchObject({
      renewals: 1,
      products: [
        { productId: COMBO, units: 2, unitsSoFar: 2, stock: 4, short: false },
        { productId: CARE, units: 1, unitsSoFar: 1, stock: 50, short: false },
      ],
    });
    // Dec 29: a, b and c. Combo: 1 + 2 this week, 5 in all against 4 in stock.
    expect(byWeek.get("2026-12-28")).toMatchObject({
      renewals: 3,
      products: [
        { productId: CARE, units: 4, unitsSoFar: 5, stock: 50, short: false },
        { productId: COMBO, units: 3, unitsSoFar: 5, stock: 4, short: true },
      ],
    });
    expect(byWeek.get("2027-01-11")).toMatchObject({ renewals: 1 });
    // Jan 26 (a's and c's second) is in the ninth week: not shown.
    expect(ahead.weeks.reduce((sum, w) => sum + w.renewals, 0)).toBe(5);
    expect(ahead.shortOf).toHaveLength(1);
  });

  it("pages a long list by keyset: every row once, newest first, ties broken by id", async () => {
    const base = Date.parse("2026-06-01T00:00:00Z");
    const rows = Array.from({ length: SUBSCRIPTIONS_PAGE + 13 }, (_, i) => ({
      id: `old-${String(i).padStart(3, "0")}`,
      email: `old-${i}@example.com`,
      name: "Old",
      status: "cancelled" as const,
      every_weeks: 4,
      lines: JSON.stringify([{ productId: COMBO, quantity: 1 }]),
      next_charge_on: "2026-07-01",
      period: 1,
      first_order_id: "none",
      // Pairs share a moment: the id decides their order.
      created_at: new Date(base + Math.floor(i / 2) * 60_000).toISOString(),
      updated_at: new Date(base).toISOString(),
    }));
    await db().insertInto("subscriptions").values(rows).execute();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const got: ListBody = await list(`?status=cancelled${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(got.subscriptions.length).toBeLessThanOrEqual(SUBSCRIPTIONS_PAGE);
      seen.push(...got.subscriptions.map((s) => s.id));
      cursor = got.nextCursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    const expected = [...rows].sort((x, y) => y.created_at.localeCompare(x.created_at) || y.id.localeCompare(x.id));
    expect(seen).toEqual(expected.map((r) => r.id));
    expect((await list("?status=cancelled")).counts.cancelled).toEqual({ count: rows.length, more: false });
    await db().deleteFrom("subscriptions").where("id", "like", "old-%").execute();
  });

  it("the owner pauses, resumes and cancels, mailing the buyer each time; refusals answer 404/409/400", async () => {
    const pause = await api(`/subscriptions/${a.id}`, { action: "pause" });
    expect(pause.status, await pause.clone().text()).toBe(200);
    expect(await pause.json()).toMatchObject({ subscription: { id: a.id, status: "paused" }, changed: true });
    const paused = await mails(a.email, "subscription-changed");
    expect(paused).toHaveLength(1);
    expect(paused[0]!.text).toMatch(/We paused your subscription/);
    expect(
      (await db().selectFrom("subscriptions").select("pause_reason").where("id", "=", a.id).executeTakeFirstOrThrow())
        .pause_reason,
    ).toBe("owner");
    // Pausing again changes nothing and mails nothing.
    expect(await (await api(`/subscriptions/${a.id}`, { action: "pause" })).json()).toMatchObject({ changed: false });
    expect(await mails(a.email, "subscription-changed")).toHaveLength(1);
    const counts = (await list("?status=paused")).counts;
    expect(counts).toMatchObject({ active: { count: 2 }, paused: { count: 1 } });
    expect((await list("?status=paused")).subscriptions.map((s) => s.id)).toEqual([a.id]);
    // A paused one renews nothing: Dec 29 loses a's combo.
    const dec28 = (await weeks()).weeks.find((w) => w.weekOf === "2026-12-28")!;
    expect(dec28.renewals).toBe(2);
    expect(dec28.products.find((p) => p.productId === COMBO)).toMatchObject({ units: 2, unitsSoFar: 4, short: false });

    expect((await api(`/subscriptions/${a.id}`, { action: "resume" })).status).toBe(200);
    expect((await api(`/subscriptions/${c.id}`, { action: "cancel" })).status).toBe(200);
    const cancelled = await mails(c.email, "subscription-changed");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toMatch(/We cancelled your subscription/);
    expect((await api(`/subscriptions/${c.id}`, { action: "resume" })).status).toBe(409);
    expect((await api(`/subscriptions/no-such-subscription`, { action: "pause" })).status).toBe(404);
    for (const bad of [{ action: "skip" }, { action: "explode" }, {}, { action: 1 }])
      expect((await api(`/subscriptions/${a.id}`, bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await api("/subscriptions?status=nope")).status).toBe(400);
    expect((await api("/subscriptions?cursor=%27%20or%201%3D1")).status).toBe(400);
    expect((await list("?status=cancelled")).subscriptions.map((s) => s.id)).toEqual([c.id]);
  });

  it("answers 401 signed out and 403 to a customer, changing nothing", async () => {
    const endpoints: Array<[string, unknown?]> = [
      ["/subscriptions"],
      ["/subscriptions/upcoming"],
      ["/subscriptions/revenue"],
      [`/subscriptions/${b.id}`, { action: "cancel" }],
    ];
    for (const [path, body] of endpoints) {
      expect((await api(path, body, "")).status, `${path} signed out`).toBe(401);
      expect((await api(path, body, customerCookie)).status, `${path} as customer`).toBe(403);
    }
    expect(
      (await db().selectFrom("subscriptions").select("status").where("id", "=", b.id).executeTakeFirstOrThrow()).status,
    ).toBe("active");
  });

  it("counts paid renewals less refunds in the last 30 and 90 days and all time, not first orders", async () => {
    const revenue = async () => (await (await api("/subscriptions/revenue")).json()) as Record<string, unknown>;
    const none = { orders: 0, revenue: 0 };
    expect(await revenue()).toEqual({ last30Days: none, last90Days: none, allTime: none });
    // b renews on Dec 15.
    at("2026-12-15T15:00:00Z");
    await subscriptionPass(t.services);
    const renewal = await db()
      .selectFrom("orders")
      .select(["id", "total_cents", "status", "source"])
      .where("subscription_id", "=", b.id)
      .where("source", "=", "subscription")
      .executeTakeFirstOrThrow();
    expect(renewal.status).toBe("paid");
    const take = { orders: 1, revenue: renewal.total_cents / 100 };
    expect(await revenue()).toEqual({ last30Days: take, last90Days: take, allTime: take });
    await db().updateTable("orders").set({ refunded_cents: 500 }).where("id", "=", renewal.id).execute();
    const refunded = { orders: 1, revenue: (renewal.total_cents - 500) / 100 };
    expect(await revenue()).toEqual({ last30Days: refunded, last90Days: refunded, allTime: refunded });
    // Forty days on (no pass): out of the 30-day window, still in the 90-day one.
    at(new Date(Date.parse("2026-12-15T15:00:00Z") + 40 * DAY).toISOString());
    expect(await revenue()).toEqual({ last30Days: none, last90Days: refunded, allTime: refunded });
  });

  it("the back-office page lists, and its plain forms pause with a mail to the buyer", async () => {
    const context = { services: t.services, nonce: "", clientIp: "127.0.0.1" };
    const loaded = (await page.loader({
      request: new Request("http://localhost:3000/admin/subscriptions?status=active", { headers: { cookie } }),
      context,
      params: {},
    } as never)) as { list: { subscriptions: Array<{ id: string }> }; revenue: { allTime: { orders: number } } };
    expect(loaded.list.subscriptions.map((s) => s.id)).toEqual([b.id, a.id]);
    expect(loaded.revenue.allTime.orders).toBe(1);
    const post = async (fields: Record<string, string>, as = cookie) => {
      const answer = (await page.action({
        request: new Request("http://localhost:3000/admin/subscriptions", {
          method: "POST",
          headers: { cookie: as },
          body: formData(fields),
        }),
        context,
        params: {},
      } as never)) as { data: { status: string; message: string }; init: { status?: number } | null };
      return { status: answer.init?.status ?? 200, result: answer.data };
    };
    const before = (await mails(b.email, "subscription-changed")).length;
    const paused = await post({ intent: `subscription:${b.id}`, id: b.id, do: "pause" });
    expect(paused.result).toMatchObject({ status: "success" });
    expect(paused.result.message).toContain(b.email);
    expect(await mails(b.email, "subscription-changed")).toHaveLength(before + 1);
    expect((await post({ intent: "x", id: b.id, do: "explode" })).status).toBe(400);
    expect((await post({ intent: "x", id: "missing", do: "pause" })).status).toBe(404);
    expect((await post({ intent: "x", id: c.id, do: "resume" })).status).toBe(409);
    // A customer's post is refused before anything is read.
    await expect(post({ intent: "x", id: b.id, do: "cancel" }, customerCookie)).rejects.toMatchObject({
      init: { status: 403 },
    });
  });

  it("counts each renewal period once against free stock: a held order's not again, an unplaced one still", async () => {
    const P = "premium-chaeto";
    const chaeto = async () =>
      (await weeks()).weeks.map((w) => ({ weekOf: w.weekOf, need: w.products.find((p) => p.productId === P) }));
    const stockOf = async () =>
      Number(
        (await db().selectFrom("products").select("quantity").where("id", "=", P).executeTakeFirstOrThrow()).quantity,
      );
    expect((await api(`/products/${P}`, { subscribeSavingPercent: 10 })).status).toBe(200);
    at("2027-02-01T15:00:00Z"); // a Monday
    await setProductRow(db(), P, { quantity: 20, updated_at: new Date(now).toISOString() });
    const y = await subscribe([{ id: P, quantity: 3 }], 2); // renews Feb 15
    at("2027-02-02T15:00:00Z");
    const x = await subscribe([{ id: P, quantity: 2 }], 2); // renews Feb 16
    expect(await stockOf()).toBe(15);
    // y's kept card is gone: its renewal is declined and its order keeps the stock for the retries.
    await db().updateTable("subscriptions").set({ payment_method_ref: null }).where("id", "=", y.id).execute();

    at("2027-02-15T15:00:00Z");
    await subscriptionPass(t.services);
    const held = await db()
      .selectFrom("subscription_renewals as r")
      .innerJoin("orders as o", "o.id", "r.order_id")
      .select(["r.status", "o.status as orderStatus", "o.stock_held"])
      .where("r.subscription_id", "=", y.id)
      .executeTakeFirstOrThrow();
    expect(held).toMatchObject({ status: "retrying", orderStatus: "pending_payment", stock_held: 1 });
    expect(await stockOf()).toBe(12);
    // This week: x's Feb 16 (2). y's Feb 15 is in its order, out of the 12 already: not needed again.
    let ahead = await chaeto();
    expect(ahead[0]!.need).toMatchObject({ units: 2, unitsSoFar: 2, stock: 12, short: false });
    expect(ahead[2]).toMatchObject({ weekOf: "2027-03-01", need: { units: 5, unitsSoFar: 7 } }); // y Mar 1, x Mar 2

    // A stocktake finds one left: x's renewal finds no stock, is claimed and waits to be placed again.
    at("2027-02-16T15:00:00Z");
    await setProductRow(db(), P, { quantity: 1, updated_at: new Date(now).toISOString() });
    await subscriptionPass(t.services);
    const waiting = await db()
      .selectFrom("subscription_renewals")
      .select(["status", "order_id"])
      .where("subscription_id", "=", x.id)
      .executeTakeFirstOrThrow();
    expect(waiting).toEqual({ status: "retrying", order_id: null });
    expect(
      (await db().selectFrom("subscriptions").select("next_charge_on").where("id", "=", x.id).executeTakeFirstOrThrow())
        .next_charge_on,
    ).toBe("2027-03-02");
    // Its 2 units are still to come out of the 1 left: counted this week, and short.
    ahead = await chaeto();
    expect(ahead[0]).toMatchObject({ weekOf: "2027-02-15", need: { units: 2, unitsSoFar: 2, stock: 1, short: true } });
    expect(ahead[2]!.need).toMatchObject({ units: 5, unitsSoFar: 7 });
    expect((await weeks()).shortOf).toContain("Premium Chaeto (Chaetomorpha)");
  });
});
