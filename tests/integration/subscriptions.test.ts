import { describe, expect, it } from "vitest";
import { subscriptionPass } from "#app/models/subscriptions/renewals.server";
import { manageUrl } from "#app/models/subscriptions/subscriptions.server";
import { createTestProvider } from "#app/services/payments/test-provider.server";
import { parseJson } from "#database/values";
import { setProductRow } from "../helpers/catalogue-rows";
import { ADDRESS, card, checkoutRequest } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";
import type { PaymentProvider } from "#app/services/payments/provider";

/**
 * Subscribe & save (issue 38, decision 049) through the checkout API, the subscription API and
 * the worker's pass with the clock moved forward: one renewal order per period at that day's
 * price less the saving, one reminder three days before, none after a skip or a cancel, one
 * order however many passes race or die mid-way; a declined card retried twice over a week and
 * then paused; a card that wants 3-D Secure paid through the challenge the mail links to.
 */

const DAY = 86_400_000;
const COMBO = "chaeto-coral-food-combo";
let now = Date.parse("2026-12-01T15:00:00Z");
const at = (iso: string) => (now = Date.parse(iso));

/** The test provider, with a switch that loses one buyer's next off-session answer (a worker killed mid-charge). */
const base = createTestProvider(() => new Date(now));
let loseNextAnswerOf: string | null = null;
const payments: PaymentProvider = {
  ...base,
  async chargeSaved(input) {
    const result = await base.chargeSaved(input);
    if (loseNextAnswerOf === input.email) {
      loseNextAnswerOf = null;
      throw new Error("the worker died before it recorded the charge");
    }
    return result;
  },
};

describe(`subscribe & save on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: () => new Date(now), payments });
  const db = () => t.services.database.db;
  const pass = () => subscriptionPass(t.services);
  let n = 0;

  async function subscribe(cardNumber = "4242424242424242", everyWeeks = 4) {
    const email = `sub-${++n}-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const res = await checkoutRequest(t.url, {
      items: [{ kind: "product", id: COMBO, quantity: 1, subscribeEveryWeeks: everyWeeks }],
      customer: { email, name: "Sam Subscriber" },
      shippingAddress: ADDRESS,
      payment: { card: card(cardNumber) },
    });
    const body = (await res.json()) as {
      order: { id: string; total: number };
      orderUrl?: string;
      nextAction?: { url: string };
    };
    const sub = await db().selectFrom("subscriptions").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    return { res, body, sub, email };
  }
  const subscription = (id: string) =>
    db().selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const ordersOf = (id: string) =>
    db().selectFrom("orders").selectAll().where("subscription_id", "=", id).orderBy("created_at").execute();
  const mails = (to: string, kind: string) =>
    db().selectFrom("outbox").selectAll().where("to_address", "=", to).where("kind", "=", kind).execute();
  const sig = (id: string) => new URL(manageUrl(t.services.config, t.services.secret, id)).searchParams.get("sig")!;
  const post = (path: string, body: unknown) =>
    fetch(`${t.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it("starts with an ordinary checkout at the saving, keeping only the provider's ids of the card", async () => {
    at("2026-12-01T15:00:00Z");
    const { res, body, sub, email } = await subscribe();
    expect(res.status).toBe(201);
    // $34.99 less 10 % ($3.50, a half cent to the buyer) = $31.49.
    expect(body.order.total).toBe(31.49);
    expect(sub).toMatchObject({
      status: "active",
      every_weeks: 4,
      next_charge_on: "2026-12-29",
      period: 1,
      payment_method_ref: "pm_card_visa",
      card_label: "Visa •••• 4242",
    });
    const admin = await t.services.database.db
      .selectFrom("orders")
      .select("subscription_id")
      .where("id", "=", body.order.id)
      .executeTakeFirstOrThrow();
    expect(admin.subscription_id).toBe(sub.id);
    expect(await mails(email, "subscription-started")).toHaveLength(1);
    // No card number anywhere the shop keeps: the subscription, its orders, their history and mails.
    const kept = JSON.stringify([
      await db().selectFrom("subscriptions").selectAll().execute(),
      await db().selectFrom("orders").selectAll().execute(),
      await db().selectFrom("order_events").selectAll().execute(),
      await db().selectFrom("payment_attempts").selectAll().execute(),
      await db().selectFrom("outbox").selectAll().execute(),
    ]);
    expect(kept).not.toContain("4242424242424242");
    expect(kept).not.toContain("424242424242");
  });

  it("refuses a schedule on what the owner has not offered, and a schedule out of range", async () => {
    const refused = await checkoutRequest(t.url, {
      items: [{ kind: "product", id: "premium-chaeto", quantity: 1, subscribeEveryWeeks: 4 }],
      customer: { email: "nope@example.com", name: "No Sub" },
      shippingAddress: ADDRESS,
      payment: { card: card() },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /can't be delivered on a schedule/,
    );
    for (const weeks of [1, 13, 2.5])
      expect(
        (
          await checkoutRequest(t.url, {
            items: [{ kind: "product", id: COMBO, quantity: 1, subscribeEveryWeeks: weeks }],
            customer: { email: "nope@example.com", name: "No Sub" },
            shippingAddress: ADDRESS,
            payment: { card: card() },
          })
        ).status,
      ).toBe(400);
  });

  it("reminds once three days ahead, renews once per period at that day's price, skips and cancels", async () => {
    at("2026-12-01T15:00:00Z");
    const { sub, email } = await subscribe();
    at("2026-12-25T15:00:00Z");
    await pass();
    expect(await mails(email, "subscription-reminder")).toHaveLength(0);
    // The price rises before the reminder: the mail and the renewal both say the new one.
    await setProductRow(db(), COMBO, { price_cents: 3999, updated_at: new Date(now).toISOString() });
    at("2026-12-26T15:00:00Z");
    await Promise.all([pass(), pass()]);
    await pass();
    const reminders = await mails(email, "subscription-reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain("$35.99");
    expect(reminders[0]!.text).toMatch(/more than the \$31\.49/);
    at("2026-12-29T15:00:00Z");
    // Two workers at once, and a third pass after: one order for the period.
    await Promise.all([pass(), pass()]);
    await pass();
    let orders = await ordersOf(sub.id);
    expect(orders).toHaveLength(2);
    const renewal = orders[1]!;
    expect(renewal).toMatchObject({ status: "paid", source: "subscription", total_cents: 3999 - 400 });
    expect(renewal.ship_on).not.toBeNull();
    expect((await subscription(sub.id)).next_charge_on).toBe("2027-01-26");

    // Skip the next one through the signed link: no reminder, no order for that period.
    const skipped = await post(`/api/subscriptions/${sub.id}`, { action: "skip", sig: sig(sub.id) });
    expect(skipped.status).toBe(200);
    expect(((await skipped.json()) as { subscription: { nextChargeOn: string } }).subscription.nextChargeOn).toBe(
      "2027-02-23",
    );
    at("2027-01-26T15:00:00Z");
    await pass();
    orders = await ordersOf(sub.id);
    expect(orders).toHaveLength(2);
    expect(await mails(email, "subscription-reminder")).toHaveLength(1);

    // Cancel: nothing more, however far the clock goes.
    const cancelled = await post(`/api/subscriptions/${sub.id}`, { action: "cancel", sig: sig(sub.id) });
    expect(cancelled.status).toBe(200);
    expect(await mails(email, "subscription-changed")).toHaveLength(2);
    for (const day of ["2027-02-20", "2027-02-23", "2027-03-30"]) {
      at(`${day}T15:00:00Z`);
      await pass();
    }
    expect(await ordersOf(sub.id)).toHaveLength(2);
    expect(await mails(email, "subscription-reminder")).toHaveLength(1);
    // Cancelled stays cancelled; a forged link and a bad action change nothing.
    expect((await post(`/api/subscriptions/${sub.id}`, { action: "resume", sig: sig(sub.id) })).status).toBe(409);
    expect((await post(`/api/subscriptions/${sub.id}`, { action: "skip", sig: "x".repeat(43) })).status).toBe(404);
    expect((await post(`/api/subscriptions/${sub.id}`, { action: "explode", sig: sig(sub.id) })).status).toBe(400);
    expect((await post(`/api/subscriptions/${sub.id}`, { action: "skip" })).status).toBe(401);
    await setProductRow(db(), COMBO, { price_cents: 3499, updated_at: new Date(now).toISOString() });
  });

  it("one order when a worker dies after the charge and another takes the renewal over", async () => {
    at("2027-04-01T15:00:00Z");
    const { sub, email } = await subscribe();
    at("2027-04-29T15:00:00Z");
    loseNextAnswerOf = email;
    await pass();
    expect((await ordersOf(sub.id))[1]).toMatchObject({ status: "pending_payment" });
    // Within the dead worker's lease nobody touches it; after it, the same attempt is asked again.
    await pass();
    expect((await ordersOf(sub.id))[1]).toMatchObject({ status: "pending_payment" });
    at("2027-04-29T15:06:00Z");
    await pass();
    const orders = await ordersOf(sub.id);
    expect(orders).toHaveLength(2);
    expect(orders[1]).toMatchObject({ status: "paid" });
    const charges = base.charges().filter((c) => c.orderId === orders[1]!.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.requests).toBe(2);
  });

  it("a declined renewal mails one pay-or-update link, retries twice over a week, then pauses", async () => {
    at("2027-05-01T15:00:00Z");
    const { sub, email } = await subscribe();
    // The buyer changes to a card that saves but declines every charge.
    const changed = await post(`/api/subscriptions/${sub.id}/card`, {
      card: card("4000000000000341"),
      sig: sig(sub.id),
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ card: "Visa •••• 0341", paidOrder: null });
    at("2027-05-29T15:00:00Z");
    await pass();
    let orders = await ordersOf(sub.id);
    expect(orders).toHaveLength(2);
    expect(orders[1]).toMatchObject({ status: "pending_payment", stock_held: 1 });
    const declined = await mails(email, "subscription-declined");
    expect(declined).toHaveLength(1);
    expect(declined[0]!.text).toContain(`/subscriptions/${sub.id}?sig=`);
    for (const day of ["2027-05-30", "2027-06-01"]) {
      at(`${day}T15:00:00Z`);
      await pass();
    }
    expect((await ordersOf(sub.id))[1]).toMatchObject({ status: "pending_payment" });
    at("2027-06-01T16:00:00Z"); // three days after the first try
    await pass();
    at("2027-06-05T16:00:00Z"); // seven days after
    await pass();
    orders = await ordersOf(sub.id);
    expect(orders).toHaveLength(2);
    expect(orders[1]).toMatchObject({ status: "cancelled" });
    const attempts = await db()
      .selectFrom("payment_attempts")
      .selectAll()
      .where("order_id", "=", orders[1]!.id)
      .execute();
    expect(attempts.filter((a) => a.outcome === "failed")).toHaveLength(3);
    expect(await subscription(sub.id)).toMatchObject({ status: "paused", pause_reason: "payment-failed" });
    expect(await mails(email, "subscription-declined")).toHaveLength(1);
    expect(await mails(email, "subscription-paused")).toHaveLength(1);
    // Its stock was held through the retries and went back with the cancellation.
    const moves = await db()
      .selectFrom("stock_movements")
      .select("delta")
      .where("actor", "=", `order:${orders[1]!.id}`)
      .execute();
    expect(moves.map((m) => m.delta).sort()).toEqual([-1, 1]);
  });

  it("a declined renewal is paid at once when the buyer gives another card", async () => {
    at("2027-07-01T15:00:00Z");
    const { sub } = await subscribe();
    await post(`/api/subscriptions/${sub.id}/card`, { card: card("4000000000000341"), sig: sig(sub.id) });
    at("2027-07-29T15:00:00Z");
    await pass();
    const wrong = await post(`/api/subscriptions/${sub.id}/card`, { card: card("4000000000000002"), sig: sig(sub.id) });
    expect(wrong.status).toBe(402);
    const paid = await post(`/api/subscriptions/${sub.id}/card`, { card: card("4242424242424242"), sig: sig(sub.id) });
    expect(paid.status).toBe(200);
    const orders = await ordersOf(sub.id);
    expect(await paid.json()).toMatchObject({ card: "Visa •••• 4242", paidOrder: { id: orders[1]!.id } });
    expect(orders[1]).toMatchObject({ status: "paid" });
    at("2027-08-08T15:00:00Z");
    await pass();
    expect(await ordersOf(sub.id)).toHaveLength(2);
    expect(await subscription(sub.id)).toMatchObject({ status: "active", card_label: "Visa •••• 4242" });
  });

  it("a renewal on a card that wants 3-D Secure is paid through the challenge the mail links to", async () => {
    at("2027-09-01T15:00:00Z");
    const { res, body, sub, email } = await subscribe("4000002760003184");
    expect(res.status).toBe(201);
    const first = new URL(body.nextAction!.url, t.url);
    const done = await post(`/api/orders/${first.searchParams.get("order")}/challenge`, {
      token: first.searchParams.get("token"),
      outcome: "complete",
    });
    expect(done.status).toBe(200);
    await pass();
    expect(await subscription(sub.id)).toMatchObject({
      status: "active",
      payment_method_ref: "pm_card_authenticationRequired",
    });
    at("2027-09-29T15:00:00Z");
    await pass();
    const mail = await mails(email, "subscription-authenticate");
    expect(mail).toHaveLength(1);
    const link = new URL(
      /https?:\/\/\S+\/checkout\/challenge\?order=[^\s"<>\]]+/.exec(mail[0]!.text)![0].replace(/&amp;/g, "&"),
    );
    const paid = await post(`/api/orders/${link.searchParams.get("order")}/challenge`, {
      token: link.searchParams.get("token"),
      outcome: "complete",
    });
    expect(paid.status).toBe(200);
    await pass();
    const orders = await ordersOf(sub.id);
    expect(orders).toHaveLength(2);
    expect(orders[1]).toMatchObject({ status: "paid" });
    const renewal = await db()
      .selectFrom("subscription_renewals")
      .selectAll()
      .where("subscription_id", "=", sub.id)
      .executeTakeFirstOrThrow();
    expect(renewal.status).toBe("paid");
    expect(parseJson(sub.lines, [])).toEqual([{ productId: COMBO, quantity: 1 }]);
  });

  it("lists a signed-in customer's subscriptions and answers 401 signed out", async () => {
    expect((await fetch(`${t.url}/api/subscriptions`)).status).toBe(401);
    void DAY;
  });
});
