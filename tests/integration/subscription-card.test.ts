import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { subscriptionPass } from "#app/models/subscriptions/renewals.server";
import { manageUrl } from "#app/models/subscriptions/subscriptions.server";
import { loader as challengeLoader } from "#app/routes/checkout-challenge";
import { action as linkAction, loader as linkLoader } from "#app/routes/subscription-manage";
import { ADDRESS } from "../helpers/checkout-client";
import { answerOf } from "../helpers/route-answer";
import { startStripeStandIn } from "../helpers/stripe-saved-cards-stand-in";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

/**
 * A subscription's new card and its renewals' 3-D Secure from the buyer's browser (issue 38):
 * with Stripe (a local stand-in for Stripe's API, which cannot be reached from here) the card is
 * given in Stripe's form on a SetupIntent the shop opens and then reads back, and a renewal the
 * issuer wants the buyer for is finished by Stripe.js on the challenge page the mail links to.
 * With any provider, a subscription takes only a few new cards in a short time.
 */

const COMBO = "chaeto-coral-food-combo";
const START = Date.parse("2026-12-01T15:00:00Z");

/** An active 4-weekly subscription whose next charge is tomorrow, on `paymentMethod`. */
async function subscription(services: AppServices, paymentMethod: string, customer: string) {
  const id = crypto.randomUUID();
  const at = new Date(START).toISOString();
  await services.database.db
    .insertInto("subscriptions")
    .values({
      id,
      user_id: null,
      email: `buyer-${id.slice(0, 8)}@example.com`,
      name: "Bea Buyer",
      status: "active",
      every_weeks: 4,
      lines: JSON.stringify([{ productId: COMBO, quantity: 1 }]),
      shipping_address: JSON.stringify(ADDRESS),
      next_charge_on: "2026-12-02",
      period: 1,
      first_order_id: crypto.randomUUID(),
      customer_ref: customer,
      payment_method_ref: paymentMethod,
      card_label: "Visa •••• 3184",
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

function pageTools(services: () => AppServices, url: () => string) {
  const ctx = () => ({ services: services() });
  const sigOf = (id: string) => new URL(manageUrl(services().config, services().secret, id)).searchParams.get("sig")!;
  return {
    sigOf,
    post(id: string, form: Record<string, string>) {
      const request = new Request(`${url()}/subscriptions/${id}?sig=${sigOf(id)}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      });
      return answerOf(() => linkAction({ request, context: ctx(), params: { id } } as never));
    },
    get(id: string, query: string, sig = sigOf(id)) {
      const request = new Request(`${url()}/subscriptions/${id}?sig=${sig}${query ? `&${query}` : ""}`);
      return answerOf(() => linkLoader({ request, context: ctx(), params: { id } } as never));
    },
  };
}

describe(`a subscription's card and 3-D Secure with Stripe (stand-in Stripe API), on ${testDatabaseKind()}`, () => {
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let nowMs = START;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  const t = useTestServer(() => ({
    clock: () => new Date(nowMs),
    env: {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_standin",
      STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
      STRIPE_WEBHOOK_SECRET: "whsec_test_standin",
      STRIPE_API_URL: standIn.url,
    },
  }));
  afterAll(async () => {
    await standIn?.close();
  });
  const db = () => t.services.database.db;
  const page = pageTools(
    () => t.services,
    () => t.url,
  );

  /** Tomorrow's renewal, charged off-session on the card that wants 3-D Secure. */
  async function renewalWantingTheBuyer(left: "requires_action" | "requires_payment_method") {
    standIn.state.authenticationLeaves = left;
    const id = await subscription(t.services, "pm_card_authenticationRequired", "cus_standin_1");
    nowMs = Date.parse("2026-12-02T15:00:00Z");
    await subscriptionPass(t.services);
    const renewal = await db()
      .selectFrom("subscription_renewals")
      .selectAll()
      .where("subscription_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(renewal.status).toBe("action");
    const sub = await db().selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const mail = await db()
      .selectFrom("outbox")
      .selectAll()
      .where("to_address", "=", sub.email)
      .where("kind", "=", "subscription-authenticate")
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/checkout\/challenge\?order=[\w-]+&token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    return { id, orderId: renewal.order_id!, link: link! };
  }

  it("the mail's challenge page finishes the tried card's payment with Stripe.js", async () => {
    const { orderId, link } = await renewalWantingTheBuyer("requires_payment_method");
    const order = await db().selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    const challenge = await answerOf(() =>
      challengeLoader({ request: new Request(link), context: { services: t.services }, params: {} } as never),
    );
    expect(challenge.status).toBe(200);
    expect(challenge.body).toMatchObject({
      outcome: "open",
      stripe: {
        publishableKey: "pk_test_standin",
        clientSecret: `${order.payment_reference}_secret_abc`,
        // Stripe leaves the intent waiting on a payment method: the card that was tried, again.
        paymentMethod: "pm_card_authenticationRequired",
        step: "confirm",
      },
    });
  });

  it("an intent Stripe left waiting on the issuer's step is handed to Stripe.js as it is", async () => {
    const { link } = await renewalWantingTheBuyer("requires_action");
    const challenge = await answerOf(() =>
      challengeLoader({ request: new Request(link), context: { services: t.services }, params: {} } as never),
    );
    expect(challenge.body).toMatchObject({ outcome: "open", stripe: { paymentMethod: null, step: "action" } });
    // A forged token shows no payment step at all.
    const forged = link.replace(/token=[\w-]+/, "token=forged");
    const none = await answerOf(() =>
      challengeLoader({ request: new Request(forged), context: { services: t.services }, params: {} } as never),
    );
    expect(none.body).toMatchObject({ outcome: "unknown", stripe: null });
  });

  it("a new card through Stripe's form: kept from the SetupIntent Stripe confirmed, the waiting renewal paid", async () => {
    const { id, orderId } = await renewalWantingTheBuyer("requires_payment_method");
    const started = await page.post(id, { intent: "card-setup" });
    expect(started.status).toBe(200);
    const clientSecret = (started.body as { setup?: { clientSecret: string } }).setup?.clientSecret ?? "";
    expect(started.body).toMatchObject({ status: "success", intent: "card", subscriptionId: id });
    const setupId = clientSecret.split("_secret_")[0]!;
    expect(standIn.setups.get(setupId)).toMatchObject({
      customer: "cus_standin_1",
      usage: "off_session",
      metadata: { subscriptionId: id },
    });

    // Back before the bank confirmed it: the card form again, saying so; nothing kept.
    const early = await page.get(id, `setup_intent=${setupId}&redirect_status=processing`);
    expect(early.status).toBe(302);
    expect(early.location).toBe(`/subscriptions/${id}?sig=${page.sigOf(id)}&do=card&card=open`);
    expect((await page.get(id, "do=card&card=open")).body).toMatchObject({
      focus: "card",
      cardAlert: { intent: "card", message: /not confirmed the new card yet/ },
    });

    // Ids the browser made up, or another subscription's setup, are missing pages.
    const other = await subscription(t.services, "pm_card_visa", "cus_standin_1");
    for (const query of ["setup_intent=seti_nothere", "setup_intent=pi_123", `setup_intent=${"x".repeat(300)}`])
      expect((await page.get(id, query)).status, query).toBe(404);
    expect((await page.get(other, `setup_intent=${setupId}`)).status).toBe(404);
    expect(
      (await db().selectFrom("subscriptions").select("payment_method_ref").where("id", "=", id).executeTakeFirst())
        ?.payment_method_ref,
    ).toBe("pm_card_authenticationRequired");

    standIn.confirmSetupInBrowser(setupId, "pm_card_visa");
    const order = await db().selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    const back = await page.get(id, `setup_intent=${setupId}&redirect_status=succeeded`);
    expect(back.status).toBe(302);
    expect(back.location).toBe(`/subscriptions/${id}?sig=${page.sigOf(id)}&done=card&paid=${order.number}`);
    expect(
      await db()
        .selectFrom("subscriptions")
        .select(["customer_ref", "payment_method_ref", "card_label"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ customer_ref: "cus_standin_1", payment_method_ref: "pm_card_visa", card_label: "Visa •••• 4242" });
    const paid = await db().selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(paid.paid_at).not.toBeNull();
    expect(
      (
        await db()
          .selectFrom("subscription_renewals")
          .select("status")
          .where("subscription_id", "=", id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("paid");
    // The same return again (a reload) charges nothing more.
    const intentsBefore = standIn.intents.size;
    expect((await page.get(id, `setup_intent=${setupId}`)).location).toContain("done=card");
    expect(standIn.intents.size).toBe(intentsBefore);
    // The shop's own card fields are not Stripe's way in.
    const typed = await page.post(id, { intent: "card", cardNumber: "4242424242424242", expiry: "12/34", cvc: "1" });
    expect(typed.status).toBe(409);
  });
});

describe(`a subscription takes a few new cards at a time, on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: () => new Date(START), env: { RATE_LIMITS: "on" } });
  const page = pageTools(
    () => t.services,
    () => t.url,
  );
  const declined = { intent: "card", cardNumber: "4000000000000002", expiry: "12/34", cvc: "123" };

  it("five tries in ten minutes, then 429 on the page and the API alike; nothing kept", async () => {
    const id = await subscription(t.services, "pm_card_visa", "cus_test_1");
    for (let i = 0; i < 5; i++) expect((await page.post(id, declined)).status).toBe(402);
    const limited = await page.post(id, { ...declined, cardNumber: "4242424242424242" });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ intent: "card", message: /Please wait \d+ minutes/ });
    const api = await fetch(`${t.url}/api/subscriptions/${id}/card`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        sig: page.sigOf(id),
        card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" },
      }),
    });
    expect(api.status).toBe(429);
    expect(await api.json()).toMatchObject({ error: { reason: "too-many-requests" } });
    const row = await t.services.database.db
      .selectFrom("subscriptions")
      .select(["payment_method_ref", "card_label"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_method_ref: "pm_card_visa", card_label: "Visa •••• 3184" });
    // Another subscription is not held back by this one's tries.
    const other = await subscription(t.services, "pm_card_visa", "cus_test_2");
    expect((await page.post(other, { ...declined, cardNumber: "4242424242424242" })).status).toBe(302);
  });
});
