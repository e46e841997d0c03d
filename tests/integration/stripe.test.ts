import http from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker } from "#server/worker";
import { ADDRESS, checkoutRequest, CUSTOMER } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const WEBHOOK_SECRET = "whsec_test_lazyreefer_webhook_secret";

/**
 * A local stand-in for Stripe's HTTP API (Stripe itself is out of reach here): PaymentIntents
 * only. `statuses` sets what a retrieve answers for an intent; `down` drops every connection,
 * like a Stripe that cannot be reached; `loseCreateAnswers` creates the PaymentIntent and then
 * drops the connection, like an answer lost on the way back; `beforeCreateAnswer` runs while
 * Stripe is still answering a create (a slow Stripe).
 */
async function startStripeStandIn() {
  const created: Array<{ body: string; idempotencyKey: string | undefined }> = [];
  const statuses = new Map<string, string>();
  const cancelled: string[] = [];
  const state: { down: boolean; loseCreateAnswers: boolean; beforeCreateAnswer: (() => Promise<void>) | null } = {
    down: false,
    loseCreateAnswers: false,
    beforeCreateAnswer: null,
  };
  const intent = (id: string) => ({
    id,
    object: "payment_intent",
    status: statuses.get(id) ?? "requires_payment_method",
    client_secret: `${id}_secret_abc`,
  });
  const server = http.createServer((req, res) => {
    if (state.down) return void req.socket.destroy();
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      const one = /^\/v1\/payment_intents\/([\w]+)(\/cancel)?$/.exec(req.url ?? "");
      if (one && (req.method === "GET" || one[2])) {
        if (one[2]) {
          cancelled.push(one[1]!);
          if (intent(one[1]!).status === "succeeded") {
            res.writeHead(400, { "Content-Type": "application/json" });
            res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "already succeeded" } }));
            return;
          }
          statuses.set(one[1]!, "canceled");
        }
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(intent(one[1]!)));
        return;
      }
      if (req.method === "POST" && req.url === "/v1/payment_intents") {
        const key = req.headers["idempotency-key"] as string | undefined;
        const previous = created.findIndex((c) => c.idempotencyKey === key);
        const index = previous >= 0 ? previous : created.push({ body, idempotencyKey: key }) - 1;
        if (state.loseCreateAnswers) return void req.socket.destroy();
        await state.beforeCreateAnswer?.();
        const params = new URLSearchParams(body);
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            id: `pi_standin_${index}`,
            object: "payment_intent",
            amount: Number(params.get("amount")),
            currency: params.get("currency"),
            status: statuses.get(`pi_standin_${index}`) ?? "requires_payment_method",
            client_secret: `pi_standin_${index}_secret_abc`,
          }),
        );
        return;
      }
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { message: "not in the stand-in" } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    created,
    statuses,
    cancelled,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function signedEvent(type: string, id: string, intent: Record<string, unknown>) {
  const payload = JSON.stringify({
    id,
    object: "event",
    type,
    data: { object: { object: "payment_intent", ...intent } },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, header };
}

describe(`Stripe provider with a local stand-in for Stripe's API, on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  // The shop's clock, moved forward by the tests that need a reservation to run out.
  let nowMs = Date.parse("2026-11-21T12:00:00Z");
  const post = (payload: string, header: string) =>
    fetch(`${server.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      body: payload,
    });

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    services = await createTestServices({
      clock: () => new Date(nowMs),
      env: {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_standin",
        STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: standIn.url,
      },
    });
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
    await standIn?.close();
  });

  it("creates a PaymentIntent with the idempotency key and leaves the order pending until the signed webhook", async () => {
    const key = "stripe-order-0001";
    const res = await checkoutRequest(
      server.url,
      { items: [{ kind: "product", id: "premium-chaeto", quantity: 2 }], customer: CUSTOMER, shippingAddress: ADDRESS },
      key,
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.order.status).toBe("pending_payment");
    expect(body.clientSecret).toMatch(/_secret_/);
    // One PaymentIntent per order: a retry that continues this order gets the same one back.
    expect(standIn.created.at(-1)!.idempotencyKey).toBe(`checkout:${key}:${body.order.id}`);
    expect(new URLSearchParams(standIn.created.at(-1)!.body).get("amount")).toBe("4998");
    const intentId = body.clientSecret.split("_secret_")[0];

    // A forged event changes nothing.
    const forged = await post(
      JSON.stringify({ id: "evt_forged", type: "payment_intent.succeeded", data: { object: { id: intentId } } }),
      "t=1,v1=deadbeef",
    );
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.reason).toBe("invalid-signature");

    // Out of order: the failure arrives after the success and must not undo it; duplicates change nothing twice.
    const success = signedEvent("payment_intent.succeeded", "evt_ok_1", {
      id: intentId,
      metadata: { orderId: body.order.id },
    });
    const failure = signedEvent("payment_intent.payment_failed", "evt_fail_1", {
      id: intentId,
      last_payment_error: { code: "card_declined" },
    });
    expect((await post(success.payload, success.header)).status).toBe(200);
    expect((await post(success.payload, success.header)).status).toBe(200);
    expect((await post(failure.payload, failure.header)).status).toBe(200);

    const order = await services.database.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", body.order.id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe("paid");
    const events = await services.database.db
      .selectFrom("order_events")
      .selectAll()
      .where("order_id", "=", body.order.id)
      .where("to_status", "=", "paid")
      .execute();
    expect(events).toHaveLength(1);
    const mails = await services.database.db
      .selectFrom("outbox")
      .selectAll()
      .where("order_id", "=", body.order.id)
      .where("kind", "=", "order-confirmation")
      .execute();
    expect(mails).toHaveLength(1);
  });

  it("a retry after a crash that left the claim pending continues the order with the same PaymentIntent", async () => {
    const key = "stripe-crash-0001";
    const request = {
      items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
      customer: CUSTOMER,
      shippingAddress: ADDRESS,
    };
    const first = await (await checkoutRequest(server.url, request, key)).json();
    const intents = standIn.created.length;
    // The process died after creating the PaymentIntent and before storing its answer; the lease has run out.
    const expired = new Date(
      Date.parse("2026-11-21T12:00:00Z") - services.config.idempotencyLeaseMs - 1000,
    ).toISOString();
    await services.database.db
      .updateTable("idempotency_keys")
      .set({
        state: "pending",
        response_status: null,
        response_body: null,
        claim_token: "dead-attempt",
        lease_until: expired,
      })
      .where("key", "=", `checkout:${key}`)
      .execute();

    const retry = await checkoutRequest(server.url, request, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    const body = await retry.json();
    expect(body.order).toMatchObject({ id: first.order.id, status: "pending_payment" });
    expect(body.clientSecret).toBe(first.clientSecret);
    expect(standIn.created).toHaveLength(intents);
    const orders = await services.database.db
      .selectFrom("orders")
      .select("id")
      .where("idempotency_key", "=", `checkout:${key}`)
      .execute();
    expect(orders.map((o) => o.id)).toEqual([first.order.id]);
  });

  it("records a failure for a pending order without paying it", async () => {
    const res = await checkoutRequest(server.url, {
      items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
      customer: CUSTOMER,
      shippingAddress: ADDRESS,
    });
    const body = await res.json();
    const intentId = body.clientSecret.split("_secret_")[0];
    const failure = signedEvent("payment_intent.payment_failed", "evt_fail_2", {
      id: intentId,
      last_payment_error: { code: "insufficient_funds" },
    });
    expect((await post(failure.payload, failure.header)).status).toBe(200);
    const order = await services.database.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", body.order.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: "pending_payment", payment_failure: "insufficient_funds" });
  });

  const placeOrder = async (key: string = crypto.randomUUID()) => {
    const res = await checkoutRequest(
      server.url,
      { items: [{ kind: "product", id: "premium-chaeto", quantity: 3 }], customer: CUSTOMER, shippingAddress: ADDRESS },
      key,
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    return { orderId: body.order.id as string, intentId: body.clientSecret.split("_secret_")[0] as string };
  };
  const orderRow = (id: string) =>
    services.database.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const stock = async () =>
    (
      await services.database.db
        .selectFrom("products")
        .select("quantity")
        .where("id", "=", "premium-chaeto")
        .executeTakeFirstOrThrow()
    ).quantity;

  it("an event whose handling fails is not recorded: it answers 5xx and Stripe's retry pays the order", async () => {
    const { orderId, intentId } = await placeOrder();
    const success = signedEvent("payment_intent.succeeded", "evt_retry_1", { id: intentId });
    // Fault injection: the database refuses the order's history row once, mid-handling.
    const realDb = services.database.db;
    let failures = 0;
    services.database.db = realDb.withPlugin({
      transformQuery(args) {
        const node = args.node as { kind: string; into?: { table: { identifier: { name: string } } } };
        if (node.kind === "InsertQueryNode" && node.into?.table.identifier.name === "order_events" && failures++ === 0)
          throw new Error("injected database failure");
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    try {
      expect((await post(success.payload, success.header)).status).toBe(500);
    } finally {
      services.database.db = realDb;
    }
    expect(failures).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ status: "pending_payment" });
    const retry = await post(success.payload, success.header);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ received: true });
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", payment_reference: intentId });
    const recorded = await realDb.selectFrom("payment_events").selectAll().where("id", "=", "evt_retry_1").execute();
    expect(recorded).toMatchObject([{ order_id: orderId }]);
    expect(await (await post(success.payload, success.header)).json()).toEqual({ received: true, duplicate: true });
  });

  it("a signed event that is not shaped like one is a 400 and is not recorded", async () => {
    const shapes = [
      { id: "evt_bad_1", type: "payment_intent.succeeded", data: { object: null } },
      { id: "evt_bad_2", type: "payment_intent.succeeded", data: { object: { id: 42 } } },
      { type: "payment_intent.succeeded", data: { object: { id: "pi_x" } } },
      { id: "evt_bad_4", type: "refund.updated", data: { object: { status: "succeeded" } } },
    ];
    for (const shape of shapes) {
      const payload = JSON.stringify(shape);
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await post(payload, header);
      expect(res.status).toBe(400);
      expect((await res.json()).error.reason).toBe("malformed-event");
    }
    const notJson = "{not json";
    const res = await post(
      notJson,
      Stripe.webhooks.generateTestHeaderString({ payload: notJson, secret: WEBHOOK_SECRET }),
    );
    expect(res.status).toBe(400);
    const rows = await services.database.db
      .selectFrom("payment_events")
      .select("id")
      .where("id", "like", "evt_bad_%")
      .execute();
    expect(rows).toEqual([]);
  });

  it("the worker looks up a due order's PaymentIntent: a succeeded one pays it, an open one is cancelled first", async () => {
    const paidAtStripe = await placeOrder();
    const abandoned = await placeOrder();
    const processing = await placeOrder();
    standIn.statuses.set(paidAtStripe.intentId, "succeeded");
    standIn.statuses.set(processing.intentId, "processing");
    // Every hold has run out; the success's webhook never arrived.
    nowMs += (services.config.reservationMinutes + 1) * 60_000;
    const worker = startWorker(services, { autoStart: false, transport: null });
    try {
      await worker.tick();
    } finally {
      await worker.stop();
    }
    expect(await orderRow(paidAtStripe.orderId)).toMatchObject({ status: "paid" });
    expect(await orderRow(abandoned.orderId)).toMatchObject({ status: "expired", stock_held: 0 });
    expect(standIn.cancelled).toContain(abandoned.intentId);
    expect(standIn.cancelled).not.toContain(paidAtStripe.intentId);
    // Still being settled at Stripe: kept, with its stock, until Stripe says.
    expect(await orderRow(processing.orderId)).toMatchObject({ status: "pending_payment", stock_held: 1 });
    const released = await services.database.db
      .selectFrom("stock_movements")
      .select(["reason", "delta"])
      .where("actor", "=", `order:${abandoned.orderId}`)
      .where("delta", ">", 0)
      .execute();
    expect(released).toEqual([{ reason: "order-expired", delta: 3 }]);
  });

  it("Stripe out of reach at checkout is a 503 that gives the stock back; a retry with the same key then works", async () => {
    const before = await stock();
    const key = `stripe-down-${crypto.randomUUID()}`;
    standIn.state.down = true;
    let res: Response;
    try {
      res = await checkoutRequest(
        server.url,
        {
          items: [{ kind: "product", id: "premium-chaeto", quantity: 2 }],
          customer: CUSTOMER,
          shippingAddress: ADDRESS,
        },
        key,
      );
    } finally {
      standIn.state.down = false;
    }
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await res.json()).error.reason).toBe("payment-provider-unavailable");
    expect(await stock()).toBe(before);
    const retry = await checkoutRequest(
      server.url,
      { items: [{ kind: "product", id: "premium-chaeto", quantity: 2 }], customer: CUSTOMER, shippingAddress: ADDRESS },
      key,
    );
    expect(retry.status).toBe(201);
    expect((await retry.json()).order.status).toBe("pending_payment");
    expect(await stock()).toBe(before - 2);
  });

  /** The PaymentIntent the stand-in created for the order placed under this checkout key. */
  async function intentOf(key: string) {
    const order = await services.database.db
      .selectFrom("orders")
      .select(["id", "status", "stock_held"])
      .where("idempotency_key", "=", `checkout:${key}`)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const index = standIn.created.findIndex((c) => c.idempotencyKey === `checkout:${key}:${order.id}`);
    expect(index).toBeGreaterThanOrEqual(0);
    return { order, intentId: `pi_standin_${index}` };
  }

  it("a PaymentIntent created at Stripe whose answer was lost is cancelled there when checkout answers 503", async () => {
    const before = await stock();
    const key = `stripe-lost-${crypto.randomUUID()}`;
    standIn.state.loseCreateAnswers = true;
    let res: Response;
    try {
      res = await checkoutRequest(
        server.url,
        {
          items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
          customer: CUSTOMER,
          shippingAddress: ADDRESS,
        },
        key,
      );
    } finally {
      standIn.state.loseCreateAnswers = false;
    }
    expect(res.status).toBe(503);
    expect((await res.json()).error.reason).toBe("payment-provider-unavailable");
    expect(await stock()).toBe(before);
    const { order, intentId } = await intentOf(key);
    expect(order.status).toBe("cancelled");
    // Stripe kept the PaymentIntent the shop never heard back about: it is cancelled, not left open.
    await expect.poll(() => standIn.cancelled.includes(intentId), { timeout: 10_000 }).toBe(true);
    expect(standIn.statuses.get(intentId)).toBe("canceled");
  });

  it("an order that expired while Stripe was answering is refused (409) and its PaymentIntent cancelled", async () => {
    const key = `stripe-slow-${crypto.randomUUID()}`;
    // Stripe answers after the order's first short hold ran out and the worker expired it.
    standIn.state.beforeCreateAnswer = async () => {
      nowMs += (services.config.reservationStartMinutes + 1) * 60_000;
      const worker = startWorker(services, { autoStart: false, transport: null });
      try {
        await worker.tick();
      } finally {
        await worker.stop();
      }
    };
    let res: Response;
    try {
      res = await checkoutRequest(
        server.url,
        {
          items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
          customer: CUSTOMER,
          shippingAddress: ADDRESS,
        },
        key,
      );
    } finally {
      standIn.state.beforeCreateAnswer = null;
    }
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error.reason).toBe("order-closed");
    expect(body.clientSecret).toBeUndefined();
    const { order, intentId } = await intentOf(key);
    expect(order).toMatchObject({ status: "expired", stock_held: 0 });
    const released = await services.database.db
      .selectFrom("stock_movements")
      .select(["reason", "delta"])
      .where("actor", "=", `order:${order.id}`)
      .where("delta", ">", 0)
      .execute();
    expect(released).toEqual([{ reason: "order-expired", delta: 1 }]);
    await expect.poll(() => standIn.cancelled.includes(intentId), { timeout: 10_000 }).toBe(true);
    // The same checkout sent again places a new order and is offered its payment.
    const again = await checkoutRequest(
      server.url,
      { items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }], customer: CUSTOMER, shippingAddress: ADDRESS },
      key,
    );
    expect(again.status).toBe(201);
    expect((await again.json()).clientSecret).toMatch(/_secret_/);
  });
});

describe(`declines of real cards through Stripe, on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let nowMs = Date.parse("2026-11-22T12:00:00Z");
  let eventNo = 0;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    services = await createTestServices({
      clock: () => new Date(nowMs),
      env: {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_live_standin",
        STRIPE_PUBLISHABLE_KEY: "pk_live_standin",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: standIn.url,
        RATE_LIMITS: "on",
      },
    });
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
    await standIn?.close();
  });

  const checkoutFrom = (ip: string, email: string) =>
    fetch(`${server.url}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID(), "X-Forwarded-For": ip },
      body: JSON.stringify({
        items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
        customer: { email, name: "Buyer" },
        shippingAddress: ADDRESS,
      }),
    });
  const decline = async (intentId: string, livemode: boolean) => {
    const event = JSON.stringify({
      id: `evt_decline_${++eventNo}`,
      object: "event",
      type: "payment_intent.payment_failed",
      livemode,
      data: {
        object: {
          id: intentId,
          object: "payment_intent",
          last_payment_error: { code: "card_declined", payment_method: { card: { fingerprint: "fp_standin" } } },
        },
      },
    });
    const res = await fetch(`${server.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET }),
      },
      body: event,
    });
    expect(res.status).toBe(200);
  };

  it("slows repeated declines down with a short, growing wait for that address only; test-mode declines never count", async () => {
    const placed = await checkoutFrom("203.0.113.5", "home@example.com");
    expect(placed.status).toBe(201);
    const intentId = ((await placed.json()).clientSecret as string).split("_secret_")[0]!;
    // A few declines are free (a typo, an old card).
    for (let i = 0; i < 2; i++) await decline(intentId, true);
    expect((await checkoutFrom("203.0.113.5", "home@example.com")).status).toBe(201);
    await decline(intentId, true);
    const paused = await checkoutFrom("203.0.113.5", "home@example.com");
    expect(paused.status).toBe(429);
    expect((await paused.json()).error.reason).toBe("too-many-declines");
    const first = Number(paused.headers.get("retry-after"));
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(60);
    // Others, and the same email from elsewhere, are not held up.
    expect((await checkoutFrom("203.0.113.6", "home@example.com")).status).toBe(201);

    nowMs += first * 1000;
    expect((await checkoutFrom("203.0.113.5", "home@example.com")).status).toBe(201);
    await decline(intentId, true);
    const again = await checkoutFrom("203.0.113.5", "home@example.com");
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBe(first * 2);

    // Stripe's test cards (test-mode events) never count against anyone.
    const testing = await checkoutFrom("203.0.113.9", "tester@example.com");
    const testIntent = ((await testing.json()).clientSecret as string).split("_secret_")[0]!;
    for (let i = 0; i < 8; i++) await decline(testIntent, false);
    expect((await checkoutFrom("203.0.113.9", "tester@example.com")).status).toBe(201);
  });
});
