import { describe, expect, it } from "vitest";
import { manageUrl } from "#app/models/subscriptions/subscriptions.server";
import { action as accountAction, loader as accountLoader } from "#app/routes/account-subscriptions";
import { action as linkAction, loader as linkLoader } from "#app/routes/subscription-manage";
import { authClient } from "../helpers/auth-client";
import { ADDRESS, card, checkoutRequest } from "../helpers/checkout-client";
import { answerOf } from "../helpers/route-answer";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * The subscription pages (issue 38): `/account/subscriptions` signed in and the signed page
 * `/subscriptions/:id?sig=…` from the mails, through their route loaders and actions as a
 * browser without JavaScript posts them. Each change lands once; bad input is a 4xx beside its
 * field; a forged link and another customer's subscription are missing pages.
 */

const COMBO = "chaeto-coral-food-combo";
const now = Date.parse("2026-12-01T15:00:00Z");

describe(`subscription pages on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: () => new Date(now) });
  const db = () => t.services.database.db;
  let ip = 0;

  async function customer(name: string) {
    const client = authClient(t.url, `198.51.100.${++ip}`);
    const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await client.signUp({ email, password: "reef12345", name });
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await checkoutRequest(
      t.url,
      {
        items: [{ kind: "product", id: COMBO, quantity: 1, subscribeEveryWeeks: 4 }],
        customer: { email, name },
        shippingAddress: ADDRESS,
        payment: { card: card() },
      },
      undefined,
    );
    expect(res.status).toBe(201);
    const sub = await db().selectFrom("subscriptions").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    // The checkout was not signed in: the account takes the subscription its address started.
    const user = await db().selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await db().updateTable("subscriptions").set({ user_id: user.id }).where("id", "=", sub.id).execute();
    return { cookie, email, id: sub.id };
  }
  const row = (id: string) =>
    db().selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const sigOf = (id: string) => new URL(manageUrl(t.services.config, t.services.secret, id)).searchParams.get("sig")!;
  const ctx = () => ({ services: t.services });

  function accountPost(cookie: string | null, form: Record<string, string>) {
    const request = new Request(`${t.url}/account/subscriptions`, {
      method: "POST",
      headers: { ...(cookie ? { cookie } : {}), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
    return answerOf(() => accountAction({ request, context: ctx(), params: {} } as never));
  }
  function linkPost(id: string, sig: string, form: Record<string, string> | string) {
    const request = new Request(`${t.url}/subscriptions/${id}?sig=${encodeURIComponent(sig)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: typeof form === "string" ? form : new URLSearchParams(form).toString(),
    });
    return answerOf(() => linkAction({ request, context: ctx(), params: { id } } as never));
  }
  function linkGet(id: string, query: string) {
    const request = new Request(`${t.url}/subscriptions/${id}?${query}`);
    return answerOf(() => linkLoader({ request, context: ctx(), params: { id } } as never));
  }

  it("lists the signed-in customer's subscriptions and sends the signed-out to sign in", async () => {
    const sam = await customer("sam");
    const page = await answerOf(() =>
      accountLoader({
        request: new Request(`${t.url}/account/subscriptions`, { headers: { cookie: sam.cookie } }),
        context: ctx(),
        params: {},
      } as never),
    );
    expect(page.status).toBe(200);
    const { subscriptions } = page.body as {
      subscriptions: Array<{ panel: { id: string; status: string; total: string; nextChargeLabel: string } }>;
    };
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]!.panel).toMatchObject({
      id: sam.id,
      status: "active",
      total: "$31.49 every 4 weeks (save $3.50)",
      nextChargeLabel: "Tue, Dec 29, 2026",
    });
    const out = await answerOf(() =>
      accountLoader({ request: new Request(`${t.url}/account/subscriptions`), context: ctx(), params: {} } as never),
    );
    expect(out.status).toBe(302);
    expect(out.location).toBe("/sign-in?redirectTo=%2Faccount%2Fsubscriptions");
    expect((await accountPost(null, { intent: "skip", id: sam.id })).status).toBe(401);
  });

  it("skips, pauses, resumes, moves, changes and cancels from the account page", async () => {
    const sam = await customer("sam");
    const skip = await accountPost(sam.cookie, { intent: "skip", id: sam.id, period: "1" });
    expect(skip.status).toBe(302);
    expect(skip.location).toContain("done=skip");
    expect(await row(sam.id)).toMatchObject({ next_charge_on: "2027-01-26", period: 2 });
    // The same tap again (a double tap before the page came back) skips nothing more.
    expect((await accountPost(sam.cookie, { intent: "skip", id: sam.id, period: "1" })).status).toBe(409);
    expect((await row(sam.id)).period).toBe(2);

    expect((await accountPost(sam.cookie, { intent: "pause", id: sam.id })).status).toBe(302);
    expect((await row(sam.id)).status).toBe("paused");
    // Paused: nothing to skip or move.
    const refused = await accountPost(sam.cookie, { intent: "skip", id: sam.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ intent: "skip", subscriptionId: sam.id, message: /resume it first/ });
    expect((await accountPost(sam.cookie, { intent: "resume", id: sam.id })).status).toBe(302);
    expect((await row(sam.id)).status).toBe("active");

    expect((await accountPost(sam.cookie, { intent: "date", id: sam.id, date: "2026-12-20" })).status).toBe(302);
    expect((await row(sam.id)).next_charge_on).toBe("2026-12-20");
    const quantity = await accountPost(sam.cookie, { intent: "quantity", id: sam.id, [`quantity.${COMBO}`]: "3" });
    expect(quantity.status).toBe(302);
    expect(JSON.parse((await row(sam.id)).lines)).toEqual([{ productId: COMBO, quantity: 3 }]);

    const newCard = await accountPost(sam.cookie, {
      intent: "card",
      id: sam.id,
      cardNumber: "4000 0000 0000 0341",
      expiry: "12/34",
      cvc: "123",
    });
    expect(newCard.status).toBe(302);
    expect((await row(sam.id)).card_label).toBe("Visa •••• 0341");

    expect((await accountPost(sam.cookie, { intent: "cancel", id: sam.id })).status).toBe(302);
    expect((await row(sam.id)).status).toBe("cancelled");
    expect((await accountPost(sam.cookie, { intent: "resume", id: sam.id })).status).toBe(409);
    const mails = await db()
      .selectFrom("outbox")
      .select("kind")
      .where("to_address", "=", sam.email)
      .where("kind", "=", "subscription-changed")
      .execute();
    expect(mails).toHaveLength(6);
  });

  it("answers bad input with a 4xx beside its field, never a 5xx", async () => {
    const sam = await customer("sam");
    for (const date of ["", "tomorrow", "2026-13-45", "2026-12-01", "2027-06-01", "x".repeat(50)]) {
      const answer = await accountPost(sam.cookie, { intent: "date", id: sam.id, date });
      expect(answer.status, date).toBe(400);
      expect(answer.body, date).toMatchObject({ intent: "date", fieldErrors: { date: expect.any(String) } });
    }
    for (const quantity of ["0", "11", "abc", "1.5", ""]) {
      const answer = await accountPost(sam.cookie, { intent: "quantity", id: sam.id, [`quantity.${COMBO}`]: quantity });
      expect(answer.status, quantity).toBe(400);
    }
    const zero = await accountPost(sam.cookie, { intent: "quantity", id: sam.id, [`quantity.${COMBO}`]: "0" });
    expect(zero.body).toMatchObject({ fieldErrors: { [`quantity.${COMBO}`]: "Choose 1 to 10." } });
    const unknownLine = await accountPost(sam.cookie, {
      intent: "quantity",
      id: sam.id,
      "quantity.premium-chaeto": "2",
    });
    expect(unknownLine.status).toBe(400);
    expect((await accountPost(sam.cookie, { intent: "explode", id: sam.id })).status).toBe(400);
    expect((await accountPost(sam.cookie, {})).status).toBe(400);
    expect((await accountPost(sam.cookie, { intent: "skip" })).status).toBe(400);
    expect((await accountPost(sam.cookie, { intent: "skip", id: sam.id, period: "abc" })).status).toBe(400);
    const badCard = await accountPost(sam.cookie, { intent: "card", id: sam.id, cardNumber: "1234", expiry: "13/99" });
    expect(badCard.status).toBe(400);
    expect(badCard.body).toMatchObject({
      fieldErrors: { cardNumber: expect.any(String), expiry: expect.any(String), cvc: expect.any(String) },
    });
    const notTest = await accountPost(sam.cookie, {
      intent: "card",
      id: sam.id,
      cardNumber: "4111111111111111",
      expiry: "12/34",
      cvc: "123",
    });
    expect(notTest.status).toBe(400);
    expect(notTest.body).toMatchObject({ fieldErrors: { cardNumber: expect.any(String) } });
    const declined = await accountPost(sam.cookie, {
      intent: "card",
      id: sam.id,
      cardNumber: "4000000000000002",
      expiry: "12/34",
      cvc: "123",
    });
    expect(declined.status).toBe(402);
    // A body that is not a form at all.
    expect((await linkPost(sam.id, sigOf(sam.id), "%%%&&&=\u0000")).status).toBe(400);
    expect(await row(sam.id)).toMatchObject({ status: "active", period: 1, next_charge_on: "2026-12-29" });
  });

  it("another customer's subscription and a missing one are 404s", async () => {
    const sam = await customer("sam");
    const kim = await customer("kim");
    expect((await accountPost(kim.cookie, { intent: "cancel", id: sam.id })).status).toBe(404);
    expect((await accountPost(kim.cookie, { intent: "skip", id: sam.id, period: "7" })).status).toBe(404);
    expect(
      (
        await accountPost(kim.cookie, {
          intent: "card",
          id: sam.id,
          cardNumber: "4242424242424242",
          expiry: "12/34",
          cvc: "123",
        })
      ).status,
    ).toBe(404);
    expect((await accountPost(kim.cookie, { intent: "cancel", id: crypto.randomUUID() })).status).toBe(404);
    expect((await row(sam.id)).status).toBe("active");
  });

  it("the signed page: each change from the mail's link, a forged or another's signature a 404", async () => {
    const sam = await customer("sam");
    const kim = await customer("kim");
    const sig = sigOf(sam.id);
    const page = await linkGet(sam.id, `sig=${sig}&do=skip`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      focus: "skip",
      panel: { id: sam.id },
      self: `/subscriptions/${sam.id}?sig=${sig}`,
    });
    expect((await linkGet(sam.id, `sig=${sig}&do=explode`)).body).toMatchObject({ focus: null });

    for (const query of ["", "sig=", `sig=${"x".repeat(43)}`, `sig=${sigOf(kim.id)}`, `sig=${sig}x`])
      expect((await linkGet(sam.id, query)).status, query).toBe(404);
    expect((await linkPost(sam.id, sigOf(kim.id), { intent: "cancel" })).status).toBe(404);
    expect((await linkPost(sam.id, "forged", { intent: "cancel" })).status).toBe(404);
    const missing = crypto.randomUUID();
    expect((await linkGet(missing, `sig=${sigOf(missing)}`)).status).toBe(404);

    const skip = await linkPost(sam.id, sig, { intent: "skip", period: "1" });
    expect(skip.status).toBe(302);
    expect(skip.location).toBe(`/subscriptions/${sam.id}?sig=${sig}&done=skip`);
    const after = await linkGet(sam.id, `sig=${sig}&done=skip`);
    expect(after.body).toMatchObject({ notice: /Delivery skipped\. The next one is charged Tue, Jan 26, 2027\./ });
    // The form's own id cannot point the signed page at another subscription.
    expect((await linkPost(sam.id, sig, { intent: "cancel", id: kim.id })).status).toBe(302);
    expect((await row(kim.id)).status).toBe("active");
    expect((await row(sam.id)).status).toBe("cancelled");
    expect((await linkPost(sam.id, sig, { intent: "date", date: "2026-12-20" })).status).toBe(409);

    const kimSig = sigOf(kim.id);
    expect((await linkPost(kim.id, kimSig, { intent: "date", date: "2026-12-10" })).status).toBe(302);
    expect((await row(kim.id)).next_charge_on).toBe("2026-12-10");
    expect((await linkPost(kim.id, kimSig, { intent: "quantity", [`quantity.${COMBO}`]: "2" })).status).toBe(302);
    expect((await linkPost(kim.id, kimSig, { intent: "quantity", [`quantity.${COMBO}`]: "11" })).status).toBe(400);
    expect(JSON.parse((await row(kim.id)).lines)).toEqual([{ productId: COMBO, quantity: 2 }]);
    const card = await linkPost(kim.id, kimSig, {
      intent: "card",
      cardNumber: "4242424242424242",
      expiry: "1234",
      cvc: "123",
    });
    expect(card.status).toBe(302);
    expect(card.location).toBe(`/subscriptions/${kim.id}?sig=${kimSig}&done=card`);
  });
});
