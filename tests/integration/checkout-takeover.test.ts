import { describe, expect, it } from "vitest";
import { priceCart } from "#app/domain/cart";
import { cartFromItems } from "#app/domain/cart-items";
import { CheckoutRequestSchema, paymentIdempotencyKey } from "#app/domain/checkout";
import { fixedClock } from "#app/domain/clock";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { checkoutRequestHash } from "#app/models/orders/checkout.server";
import { transition } from "#app/models/orders/order-lifecycle.server";
import { placeOrder } from "#app/models/orders/orders.server";
import { abandonIdempotent, beginIdempotent, finishIdempotent } from "#app/services/idempotency.server";
import { createTestProvider } from "#app/services/payments/test-provider.server";
import { setProductRow } from "../helpers/catalogue-rows";
import { ADDRESS, card, checkoutRequest } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * A checkout whose process died (kill -9, a lost machine) after it claimed its Idempotency-Key.
 * Each case writes, with the real model functions, exactly what the dead attempt had written when
 * it died, then retries with the same key as a client would.
 */

const NOW = new Date("2026-11-21T12:00:00Z");
const PRODUCT = "premium-chaeto";
const provider = createTestProvider(fixedClock(NOW));

describe(`checkout retries after a crash, on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: fixedClock(NOW), payments: provider });
  const db = () => t.services.database.db;
  const lease = () => t.services.config.idempotencyLeaseMs;
  let n = 0;

  /** A buyer of their own (email and key), so every case counts only its own orders. */
  function buyer(cardNumber = "4242424242424242") {
    n++;
    const key = `takeover-${n}-${crypto.randomUUID()}`;
    const request = {
      items: [{ kind: "product", id: PRODUCT, quantity: 1 }],
      customer: { email: `takeover-${n}@example.com`, name: "Crash Buyer" },
      shippingAddress: ADDRESS,
      payment: { card: card(cardNumber) },
    };
    const parsed = CheckoutRequestSchema.parse(request);
    return {
      key,
      scopedKey: `checkout:${key}`,
      request,
      retry: () => checkoutRequest(t.url, request, key),
      /** What the dead attempt did first: claim the key, `ago` ms before now. */
      claim: async (ago: number) => {
        const start = await beginIdempotent(
          db(),
          `checkout:${key}`,
          checkoutRequestHash(parsed),
          new Date(NOW.getTime() - ago),
          lease(),
        );
        expect(start.kind).toBe("new");
        return start.kind === "new" ? start.claim : "";
      },
      /** Then place the order (stock reserved, key recorded), as the checkout does. */
      place: async () => {
        const catalogue = await loadCatalogueSnapshot(db());
        const built = cartFromItems(parsed.items, catalogue, NOW);
        if ("problem" in built) throw new Error(built.problem.message);
        const { order } = await placeOrder(db(), {
          cart: built.cart,
          quote: priceCart(built.cart, catalogue),
          customer: parsed.customer,
          shippingAddress: parsed.shippingAddress ?? null,
          paymentProvider: "test",
          now: NOW,
          reservationMinutes: t.services.config.reservationMinutes,
          secret: t.services.secret,
          idempotencyKey: `checkout:${key}`,
        });
        return order;
      },
      /** Then charge it with the order's payment key. */
      charge: (order: { id: string; number: string; totalCents: number }) =>
        provider.charge({
          orderId: order.id,
          orderNumber: order.number,
          amountCents: order.totalCents,
          currency: "USD",
          email: parsed.customer.email,
          idempotencyKey: paymentIdempotencyKey(key, order.id),
          card: parsed.payment!.card,
        }),
      orders: () =>
        db()
          .selectFrom("orders")
          .select(["id", "status", "payment_reference", "idempotency_key"])
          .where("email", "=", parsed.customer.email)
          .orderBy("status")
          .execute(),
    };
  }

  const stock = async () =>
    (await db().selectFrom("products").select("quantity").where("id", "=", PRODUCT).executeTakeFirstOrThrow()).quantity;
  const chargesOf = (orderId: string) => provider.charges().filter((c) => c.orderId === orderId);
  const confirmations = async (orderId: string) =>
    (
      await db()
        .selectFrom("outbox")
        .select("id")
        .where("order_id", "=", orderId)
        .where("kind", "=", "order-confirmation")
        .execute()
    ).length;
  const expired = () => lease() + 1000;

  it("(a) a pending claim inside its lease is still in progress: 409, nothing placed, the claim left alone", async () => {
    const b = buyer();
    const claim = await b.claim(lease() - 1000);
    const res = await b.retry();
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ code: "aborted", reason: "request-in-progress" });
    expect(await b.orders()).toHaveLength(0);
    const row = await db()
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("key", "=", b.scopedKey)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "pending", claim_token: claim });
  });

  it("(b) an expired claim with no order: the retry places exactly one order and pays it; a replay answers the same", async () => {
    const b = buyer();
    await b.claim(expired());
    const before = await stock();
    const res = await b.retry();
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.order.status).toBe("paid");
    const orders = await b.orders();
    expect(orders.map((o) => [o.id, o.status])).toEqual([[body.order.id, "paid"]]);
    expect(await stock()).toBe(before - 1);
    expect(chargesOf(body.order.id)).toHaveLength(1);
    expect(await confirmations(body.order.id)).toBe(1);

    const replay = await b.retry();
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await replay.json()).order.id).toBe(body.order.id);
  });

  it.each([
    ["before", false],
    ["after", true],
  ])(
    "(c) an expired claim whose order was left pending_payment (died %s the charge): the retry pays that order, charged once",
    async (_, charged) => {
      const b = buyer();
      await b.claim(expired());
      const before = await stock();
      const order = await b.place();
      expect(await stock()).toBe(before - 1);
      if (charged) expect((await b.charge(order)).status).toBe("succeeded");

      const res = await b.retry();
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body.order).toMatchObject({ id: order.id, number: order.number, status: "paid" });
      expect(body.orderUrl).toMatch(new RegExp(`^/order-confirmation\\?order=${order.id}&token=.+$`));
      const orders = await b.orders();
      expect(orders.map((o) => [o.id, o.status])).toEqual([[order.id, "paid"]]);
      expect(await stock()).toBe(before - 1);
      expect(await confirmations(order.id)).toBe(1);
      const charges = chargesOf(order.id);
      expect(charges).toHaveLength(1);
      expect(charges[0]!.requests).toBe(charged ? 2 : 1);
      expect(orders[0]!.payment_reference).toBe((charges[0]!.result as { reference: string }).reference);
      const token = new URL(body.orderUrl, "http://x").searchParams.get("token");
      expect((await fetch(`${t.url}/api/orders/${order.id}?token=${token}`)).status).toBe(200);
    },
  );

  it("(c) with 3-D Secure: the retry asks for the challenge of the same order again, and completing it pays that order", async () => {
    const b = buyer("4000002500003155");
    await b.claim(expired());
    const order = await b.place();
    expect((await b.charge(order)).status).toBe("requires_action");

    const res = await b.retry();
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.order).toMatchObject({ id: order.id, status: "pending_payment" });
    expect(body.nextAction).toMatchObject({ type: "three_d_secure" });
    expect(chargesOf(order.id)).toHaveLength(1);
    const token = new URL(body.nextAction.url, "http://x").searchParams.get("token");
    const done = await fetch(`${t.url}/api/orders/${order.id}/challenge`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, outcome: "complete" }),
    });
    expect(done.status).toBe(200);
    expect((await b.orders()).map((o) => [o.id, o.status])).toEqual([[order.id, "paid"]]);
    expect(await confirmations(order.id)).toBe(1);
  });

  it("(d) an expired claim whose order is already paid (died before storing the answer): 201 with that order, no new charge", async () => {
    const b = buyer();
    await b.claim(expired());
    const order = await b.place();
    const charge = await b.charge(order);
    if (charge.status !== "succeeded") throw new Error(charge.status);
    await transition(
      db(),
      order.id,
      { type: "pay", reference: charge.reference },
      { now: NOW, actor: "checkout", shopEmail: t.services.config.shopEmail },
    );
    const before = await stock();

    const res = await b.retry();
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.order).toMatchObject({
      id: order.id,
      number: order.number,
      status: "paid",
      total: order.totalCents / 100,
    });
    const token = new URL(body.orderUrl, "http://x").searchParams.get("token");
    const read = await fetch(`${t.url}/api/orders/${order.id}?token=${token}`);
    expect(read.status).toBe(200);
    expect((await read.json()).order.number).toBe(order.number);

    expect((await b.orders()).map((o) => o.id)).toEqual([order.id]);
    expect(chargesOf(order.id)).toEqual([expect.objectContaining({ requests: 1 })]);
    expect(await stock()).toBe(before);
    expect(await confirmations(order.id)).toBe(1);
    // The answer is stored now: the next retry is a replay.
    expect((await b.retry()).headers.get("idempotent-replayed")).toBe("true");
  });

  it("an expired claim whose order was closed (expired, or cancelled after a decline): the retry places a new order", async () => {
    const b = buyer();
    await b.claim(expired());
    const old = await b.place();
    await transition(
      db(),
      old.id,
      { type: "expire" },
      { now: new Date(NOW.getTime() + 60 * 60_000), actor: "worker", shopEmail: t.services.config.shopEmail },
    );
    const before = await stock();

    const res = await b.retry();
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.order.id).not.toBe(old.id);
    expect(body.order.status).toBe("paid");
    const orders = await b.orders();
    expect(orders.map((o) => [o.id, o.status, o.idempotency_key])).toEqual([
      [old.id, "expired", null],
      [body.order.id, "paid", b.scopedKey],
    ]);
    expect(await stock()).toBe(before - 1);
    expect(chargesOf(body.order.id)).toHaveLength(1);
  });

  it("(e) concurrent retries of one expired claim: one takes it over, one order", async () => {
    const b = buyer();
    await b.claim(expired());
    const before = await stock();
    const answers = await Promise.all(Array.from({ length: 6 }, () => b.retry()));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    const orders = await b.orders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe("paid");
    expect(await stock()).toBe(before - 1);
    expect(chargesOf(orders[0]!.id)).toHaveLength(1);
    expect(await confirmations(orders[0]!.id)).toBe(1);
    for (const [i, res] of answers.entries()) {
      if (res.status === 201) expect(bodies[i].order.id).toBe(orders[0]!.id);
      else expect([res.status, bodies[i].error.reason]).toEqual([409, "request-in-progress"]);
    }
    expect(answers.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
  });

  it("(e) the takeover itself is one conditional update: of concurrent claims on an expired key exactly one wins", async () => {
    for (let round = 0; round < 5; round++) {
      const b = buyer();
      await b.claim(expired());
      const hash = checkoutRequestHash(CheckoutRequestSchema.parse(b.request));
      const starts = await Promise.all(
        Array.from({ length: 4 }, () => beginIdempotent(db(), b.scopedKey, hash, NOW, lease())),
      );
      expect(starts.filter((s) => s.kind === "takeover")).toHaveLength(1);
      expect(starts.filter((s) => s.kind === "in-progress")).toHaveLength(3);
    }
  });

  it("the attempt that lost its claim can neither store its answer nor give the key up", async () => {
    const b = buyer();
    const dead = await b.claim(expired());
    const hash = checkoutRequestHash(CheckoutRequestSchema.parse(b.request));
    const taken = await beginIdempotent(db(), b.scopedKey, hash, NOW, lease());
    expect(taken.kind).toBe("takeover");
    expect(await finishIdempotent(db(), b.scopedKey, dead, 500, { late: true })).toBe(false);
    await abandonIdempotent(db(), b.scopedKey, dead);
    const row = await db()
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("key", "=", b.scopedKey)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "pending", claim_token: taken.kind === "takeover" ? taken.claim : "" });
    if (taken.kind === "takeover")
      expect(await finishIdempotent(db(), b.scopedKey, taken.claim, 201, { ok: true })).toBe(true);
  });

  it("a claim written before the lease columns existed expires one lease after its creation", async () => {
    const b = buyer();
    const hash = checkoutRequestHash(CheckoutRequestSchema.parse(b.request));
    const legacy = (ago: number) => ({
      key: b.scopedKey,
      request_hash: hash,
      state: "pending",
      response_status: null,
      response_body: null,
      created_at: new Date(NOW.getTime() - ago).toISOString(),
    });
    await db()
      .insertInto("idempotency_keys")
      .values(legacy(lease() - 1000))
      .execute();
    expect((await beginIdempotent(db(), b.scopedKey, hash, NOW, lease())).kind).toBe("in-progress");
    await db()
      .updateTable("idempotency_keys")
      .set({ created_at: legacy(expired()).created_at })
      .where("key", "=", b.scopedKey)
      .execute();
    expect((await b.retry()).status).toBe(201);
    expect(await b.orders()).toHaveLength(1);
  });

  it("an order left by an attempt that failed and gave its key up is continued, not placed twice", async () => {
    const b = buyer();
    const claim = await b.claim(0);
    const order = await b.place();
    await abandonIdempotent(db(), b.scopedKey, claim);
    const res = await b.retry();
    expect(res.status).toBe(201);
    expect((await res.json()).order).toMatchObject({ id: order.id, status: "paid" });
    expect((await b.orders()).map((o) => o.id)).toEqual([order.id]);
  });
  it("an order left by an attempt that gave its key up is continued even when its cart no longer validates (sold out since)", async () => {
    const b = buyer();
    const claim = await b.claim(0);
    const order = await b.place();
    await abandonIdempotent(db(), b.scopedKey, claim);
    const left = await stock();
    await setProductRow(db(), PRODUCT, { quantity: 0 });
    try {
      const res = await b.retry();
      expect(res.status).toBe(201);
      expect((await res.json()).order).toMatchObject({ id: order.id, status: "paid" });
      expect(chargesOf(order.id)).toHaveLength(1);
    } finally {
      await setProductRow(db(), PRODUCT, { quantity: left });
    }
  });

  it("an order left by an attempt that gave its key up and was cancelled since: a fresh retry places a new order", async () => {
    const b = buyer();
    const claim = await b.claim(0);
    const old = await b.place();
    await abandonIdempotent(db(), b.scopedKey, claim);
    await transition(
      db(),
      old.id,
      { type: "cancel" },
      { now: NOW, actor: "checkout", shopEmail: t.services.config.shopEmail },
    );
    const res = await b.retry();
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.order.id).not.toBe(old.id);
    expect((await b.orders()).map((o) => [o.id, o.status, o.idempotency_key])).toEqual([
      [old.id, "cancelled", null],
      [body.order.id, "paid", b.scopedKey],
    ]);
    const events = await db()
      .selectFrom("order_events")
      .select("note")
      .where("order_id", "=", body.order.id)
      .orderBy("id")
      .execute();
    expect(events[0]!.note).toContain(`a retry of ${old.number}, which was cancelled`);
  });
});
