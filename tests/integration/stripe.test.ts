import http from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "~/domain/clock";
import { ADDRESS, checkoutRequest, CUSTOMER } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "../../server/services";

const WEBHOOK_SECRET = "whsec_test_lazyreefer_webhook_secret";

/** A local stand-in for Stripe's HTTP API (Stripe itself is out of reach here): PaymentIntents only. */
async function startStripeStandIn() {
  const created: Array<{ body: string; idempotencyKey: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/payment_intents") {
        const key = req.headers["idempotency-key"] as string | undefined;
        const previous = created.findIndex((c) => c.idempotencyKey === key);
        const index = previous >= 0 ? previous : created.push({ body, idempotencyKey: key }) - 1;
        const params = new URLSearchParams(body);
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            id: `pi_standin_${index}`,
            object: "payment_intent",
            amount: Number(params.get("amount")),
            currency: params.get("currency"),
            status: "requires_payment_method",
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
  return { url: `http://127.0.0.1:${port}`, created, close: () => new Promise<void>((r) => server.close(() => r())) };
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
  const post = (payload: string, header: string) =>
    fetch(`${server.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      body: payload,
    });

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    services = await createTestServices({
      clock: fixedClock("2026-11-21T12:00:00Z"),
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
});
