import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireDueOrders } from "#app/models/orders/order-lifecycle.server";
import { loader as challengeLoader } from "#app/routes/checkout-challenge";
import { setProductRow } from "../helpers/catalogue-rows";
import { ADDRESS, card } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const START = Date.parse("2026-11-21T12:00:00Z");
const THREE_D_SECURE = "4000002500003155";

/**
 * What one unpaid checkout may hold: an order that waits for its buyer (3-D Secure, Stripe's
 * payment form) keeps stock off sale for everyone else, so how much, for how long and for whom
 * is capped.
 */
describe(`unpaid orders hold little, briefly, on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let nowMs = START;

  beforeAll(async () => {
    services = await createTestServices({
      clock: () => new Date(nowMs),
      env: { UNPAID_UNITS_PER_CLIENT: "10", ORDER_MAX_UNITS_PER_PRODUCT: "50", RESERVATION_START_MINUTES: "5" },
    });
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  const checkout = (items: unknown[], opts: { ip?: string; email?: string; number?: string } = {}) =>
    fetch(`${server.url}/api/checkout`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": crypto.randomUUID(),
        "X-Forwarded-For": opts.ip ?? "198.51.100.1",
      },
      body: JSON.stringify({
        items,
        customer: { email: opts.email ?? "holder@example.com", name: "Holder" },
        shippingAddress: ADDRESS,
        payment: { card: card(opts.number ?? THREE_D_SECURE) },
      }),
    });
  const stockOf = async (id: string) =>
    (
      await services.database.db
        .selectFrom("products")
        .select("quantity")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).quantity;
  const statusOf = async (id: string) =>
    (await services.database.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow())
      .status;
  const chaeto = (quantity: number) => ({ kind: "product", id: "premium-chaeto", quantity });

  it("caps the units of one product in one order, summed over repeated lines, combos and bundles", async () => {
    const products = ["premium-chaeto", "reef-care-bundle", "chaeto-coral-food-combo", "refugium-starter-kit"];
    for (const id of products) await setProductRow(services.database.db, id, { quantity: 250 });
    const before = await Promise.all(products.map(stockOf));
    // Twelve lines of 99, 99 and 52: every unit of four products, had the lines merged without a cap.
    const lines = products.flatMap((id) => [99, 99, 52].map((quantity) => ({ kind: "product", id, quantity })));
    const res = await checkout(lines, { ip: "198.51.100.20", email: "bulk@example.com" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: "invalid-argument", reason: "quantity-limit" });
    expect(body.error.message).toMatch(/at most 50 of /);
    // A combo and a bundle count the units inside them: 30 chaeto + 25 in combos is past 50.
    const mixed = await checkout(
      [chaeto(30), { kind: "combo", productIds: ["premium-chaeto", "reef-care-bundle"], quantity: 25 }],
      { ip: "198.51.100.21", email: "mixed@example.com" },
    );
    expect(mixed.status).toBe(400);
    expect((await mixed.json()).error.reason).toBe("quantity-limit");
    expect(await Promise.all(products.map(stockOf))).toEqual(before);
  });

  it("holds stock only briefly until the payment step starts, then for the whole window", async () => {
    nowMs = START;
    const before = await stockOf("premium-chaeto");
    const leftAlone = await (await checkout([chaeto(2)], { ip: "198.51.100.30", email: "a@example.com" })).json();
    const viaPage = await (await checkout([chaeto(2)], { ip: "198.51.100.31", email: "b@example.com" })).json();
    const viaApi = await (await checkout([chaeto(2)], { ip: "198.51.100.32", email: "c@example.com" })).json();
    expect(await stockOf("premium-chaeto")).toBe(before - 6);

    // One buyer opens the 3-D Secure page a minute later; another is shown a payment form.
    nowMs = START + 60_000;
    const page = await challengeLoader({
      request: new Request(`http://shop.test${viaPage.nextAction.url}`),
      params: {},
      context: { services },
    } as never);
    expect(page.outcome).toBe("open");
    const apiToken = new URL(viaApi.nextAction.url, "http://x").searchParams.get("token")!;
    const step = await fetch(`${server.url}/api/orders/${viaApi.order.id}/payment-step`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: apiToken }),
    });
    expect(step.status).toBe(200);
    // The full window counts from placing, however often the step is reached.
    expect((await step.json()).reservedUntil).toBe(new Date(START + 30 * 60_000).toISOString());

    // Six minutes in: the checkout that never reached its payment step has given its stock back.
    nowMs = START + 6 * 60_000;
    expect(await expireDueOrders(services.database.db, new Date(nowMs))).toBe(1);
    expect(await statusOf(leftAlone.order.id)).toBe("expired");
    expect(await statusOf(viaPage.order.id)).toBe("pending_payment");
    expect(await stockOf("premium-chaeto")).toBe(before - 4);

    // The real 3-D Secure buyer still pays, well after the short hold.
    nowMs = START + 20 * 60_000;
    const token = new URL(viaPage.nextAction.url, "http://x").searchParams.get("token")!;
    const paid = await fetch(`${server.url}/api/orders/${viaPage.order.id}/challenge`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, outcome: "complete" }),
    });
    expect(paid.status).toBe(200);
    expect((await paid.json()).order.status).toBe("paid");

    nowMs = START + 31 * 60_000;
    expect(await expireDueOrders(services.database.db, new Date(nowMs))).toBe(1);
    expect(await statusOf(viaApi.order.id)).toBe("expired");
    expect(await stockOf("premium-chaeto")).toBe(before - 2);
    // Too late to start: the step answers that the checkout ran out.
    const late = await fetch(`${server.url}/api/orders/${leftAlone.order.id}/payment-step`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: new URL(leftAlone.nextAction.url, "http://x").searchParams.get("token") }),
    });
    expect(late.status).toBe(409);
  });

  it("caps the units one buyer holds unpaid, by address, email or account, and says when it frees", async () => {
    nowMs = START + 60 * 60_000;
    const first = await checkout([chaeto(4)], { ip: "198.51.100.40", email: "one@example.com" });
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    expect((await checkout([chaeto(4)], { ip: "198.51.100.40", email: "two@example.com" })).status).toBe(201);
    const before = await stockOf("premium-chaeto");

    // The address holds 8: 4 more is past 10, whatever the email. The email holds 4: 7 more is
    // past 10 from any address.
    for (const [who, quantity] of [
      [{ ip: "198.51.100.40", email: "three@example.com" }, 4],
      [{ ip: "198.51.100.41", email: "one@example.com" }, 7],
    ] as const) {
      const refused = await checkout([chaeto(quantity)], who);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(5 * 60);
      expect((await refused.json()).error).toMatchObject({ code: "resource-exhausted", reason: "unpaid-hold-limit" });
    }
    expect(await stockOf("premium-chaeto")).toBe(before);
    // Someone else is not affected, and a card that pays at once holds nothing unpaid.
    expect((await checkout([chaeto(4)], { ip: "198.51.100.42", email: "other@example.com" })).status).toBe(201);
    expect((await checkout([chaeto(2)], { ip: "198.51.100.40", email: "three@example.com" })).status).toBe(201);
    expect(
      (await checkout([chaeto(4)], { ip: "198.51.100.40", email: "four@example.com", number: "4242424242424242" }))
        .status,
    ).toBe(429);

    // Paying the first order frees its units for the same buyer.
    const token = new URL(firstBody.nextAction.url, "http://x").searchParams.get("token")!;
    await fetch(`${server.url}/api/orders/${firstBody.order.id}/challenge`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, outcome: "complete" }),
    });
    expect((await checkout([chaeto(4)], { ip: "198.51.100.40", email: "five@example.com" })).status).toBe(201);
    // One order alone past the cap is refused outright.
    const big = await checkout([chaeto(11)], { ip: "198.51.100.50", email: "big@example.com" });
    expect(big.status).toBe(400);
    expect((await big.json()).error.reason).toBe("unpaid-hold-limit");
  });
});
