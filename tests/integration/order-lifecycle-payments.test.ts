import http from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { formatCents } from "#app/domain/money";
import {
  listOrders,
  OrderFiltersSchema,
  orderHistory,
  performOrderAction,
} from "#app/models/back-office/orders.server";
import { expireDueOrders } from "#app/models/orders/order-lifecycle.server";
import { getOrder } from "#app/models/orders/orders.server";
import { ADDRESS, buy, checkoutRequest, CUSTOMER } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer, useTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const NOW = new Date("2026-11-21T12:00:00Z");
const WEBHOOK_SECRET = "whsec_test_lazyreefer_lifecycle";

async function stock(services: AppServices, id: string) {
  const row = await services.database.db
    .selectFrom("products")
    .select("quantity")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.quantity;
}

async function mailKinds(services: AppServices, orderId: string) {
  const rows = await services.database.db
    .selectFrom("outbox")
    .select(["kind", "to_address"])
    .where("order_id", "=", orderId)
    .orderBy("kind")
    .execute();
  return rows.map((r) => r.kind);
}

describe(`payment attempts and abandoned checkouts with the test provider, on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock(NOW) });
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  const challenge = (orderId: string, token: string, outcome: "complete" | "fail") =>
    fetch(`${server.url}/api/orders/${orderId}/challenge`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, outcome }),
    });

  it("a declined card is an attempt on the pending order, listed as an abandoned checkout, never as a cancelled order", async () => {
    const before = await stock(services, "premium-chaeto");
    const res = await buy(server.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }], "4000000000000002");
    expect(res.status).toBe(402);
    expect(await stock(services, "premium-chaeto")).toBe(before);
    const [row] = await services.database.db
      .selectFrom("orders")
      .select(["id", "status", "stock_held"])
      .where("email", "=", CUSTOMER.email)
      .orderBy("created_at", "desc")
      .execute();
    expect([row!.status, row!.stock_held]).toEqual(["pending_payment", 0]);
    const attempts = await services.database.db
      .selectFrom("payment_attempts")
      .select(["outcome", "reason"])
      .where("order_id", "=", row!.id)
      .execute();
    expect(attempts).toEqual([{ outcome: "declined", reason: "card-declined" }]);
    expect(await mailKinds(services, row!.id)).toEqual([]);

    const orders = await listOrders(services.database.db, OrderFiltersSchema.parse({}));
    const abandoned = await listOrders(services.database.db, OrderFiltersSchema.parse({ view: "abandoned" }));
    expect(orders.orders.map((o) => o.id)).not.toContain(row!.id);
    expect(abandoned.orders.map((o) => o.id)).toContain(row!.id);

    // When its window ends it expires into an abandoned checkout, without giving stock back twice.
    await expireDueOrders(services.database.db, new Date(NOW.getTime() + 2 * 60 * 60_000));
    expect((await getOrder(services.database.db, row!.id))!.status).toBe("expired");
    expect(await stock(services, "premium-chaeto")).toBe(before);
    const cancelled = await listOrders(services.database.db, OrderFiltersSchema.parse({ status: "cancelled" }));
    expect(cancelled.total).toBe(0);
  });

  it("a failed 3-D Secure challenge is an attempt too; completing afterwards is refused; the paid page is answered again", async () => {
    const before = await stock(services, "premium-chaeto");
    const body = await (
      await buy(server.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }], "4000002500003155")
    ).json();
    const token = new URL(body.nextAction.url, "http://x").searchParams.get("token")!;
    expect((await challenge(body.order.id, token, "fail")).status).toBe(402);
    const order = (await getOrder(services.database.db, body.order.id))!;
    expect([order.status, order.stockHeld, order.paymentFailure]).toEqual([
      "pending_payment",
      false,
      "authentication-failed",
    ]);
    expect(await stock(services, "premium-chaeto")).toBe(before);
    const late = await challenge(body.order.id, token, "complete");
    expect(late.status).toBe(409);
    expect((await late.json()).error.reason).toBe("order-closed");

    // The other way round: completed, then the page is submitted again (Back, then Complete).
    const paid = await (
      await buy(server.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }], "4000002500003155")
    ).json();
    const paidToken = new URL(paid.nextAction.url, "http://x").searchParams.get("token")!;
    expect((await challenge(paid.order.id, paidToken, "complete")).status).toBe(200);
    const again = await challenge(paid.order.id, paidToken, "complete");
    expect(again.status).toBe(200);
    expect((await again.json()).order.status).toBe("paid");
    expect(await mailKinds(services, paid.order.id)).toEqual(["new-order-alert", "order-confirmation"]);
  });

  it("each customer-visible change of a web order mails the customer exactly once", async () => {
    const { order } = await (await buy(server.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }])).json();
    const act = (action: Parameters<typeof performOrderAction>[2]) =>
      performOrderAction(services, order.id, action, "owner@example.com");
    await act({ action: "ship", carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    await act({ action: "deliver" });
    await act({ action: "partial-refund", amount: 5 });
    await act({ action: "refund" });
    const rows = await services.database.db
      .selectFrom("outbox")
      .select(["kind", "to_address"])
      .where("order_id", "=", order.id)
      .where("to_address", "=", CUSTOMER.email)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.kind)).toEqual([
      "order-confirmation",
      "order-shipped",
      "order-delivered",
      "order-refunded",
      "order-refunded",
    ]);
  });
});

describe(`refunds in the order's history, on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: fixedClock(NOW) });

  const paidOrder = async () => {
    const { order } = await (await buy(t.url, [{ kind: "product", id: "premium-chaeto", quantity: 2 }])).json();
    return (await getOrder(t.services.database.db, order.id))!;
  };
  /** The history lines that speak of a refund, as the back office lists them. */
  const refundLines = async (orderId: string) => {
    const order = (await getOrder(t.services.database.db, orderId))!;
    return orderHistory(order.events)
      .map((e) => e.note ?? "")
      .filter((note) => /refund/i.test(note));
  };

  it("shows each refund once, with its amount, once the provider has settled it", async () => {
    const order = await paidOrder();
    const act = (action: Parameters<typeof performOrderAction>[2]) =>
      performOrderAction(t.services, order.id, action, "owner@example.com");
    await act({ action: "ship", carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    await act({ action: "partial-refund", amount: 5, reason: "one strand arrived brown" });
    await act({ action: "refund" });
    const refunds = await t.services.database.db
      .selectFrom("refunds")
      .select(["amount_cents", "status"])
      .where("order_id", "=", order.id)
      .orderBy("created_at")
      .execute();
    // Both settled by the test provider at once: the settling once wrote a second line for each.
    expect(refunds).toEqual([
      { amount_cents: 500, status: "succeeded" },
      { amount_cents: order.totalCents - 500, status: "succeeded" },
    ]);
    expect(await refundLines(order.id)).toEqual([
      "Refunded $5.00: one strand arrived brown",
      `Refunded ${formatCents(order.totalCents - 500)} in full`,
    ]);
    // Written once, not merely hidden: the stored history has one line per refund too.
    const stored = await t.services.database.db
      .selectFrom("order_events")
      .select("note")
      .where("order_id", "=", order.id)
      .execute();
    expect(stored.filter((e) => /refund/i.test(e.note ?? ""))).toHaveLength(2);
  });

  it("a paid order cancelled shows its refund once, on the cancellation's line", async () => {
    const order = await paidOrder();
    await performOrderAction(t.services, order.id, { action: "cancel" }, "owner@example.com");
    expect(await refundLines(order.id)).toEqual([`Refunded ${formatCents(order.totalCents)}`]);
  });

  it("an order refunded before this keeps one line per refund: the settling's second line is left out", async () => {
    const order = await paidOrder();
    await performOrderAction(t.services, order.id, { action: "partial-refund", amount: 3 }, "owner@example.com");
    // What settling a refund used to add after the refund's own line.
    await t.services.database.db
      .insertInto("order_events")
      .values({
        order_id: order.id,
        from_status: "paid",
        to_status: "paid",
        note: "Refund of $3.00 issued (re_test_legacy)",
        actor: "payments",
        created_at: NOW.toISOString(),
      })
      .execute();
    expect(await refundLines(order.id)).toEqual(["Refunded $3.00"]);
  });
});

/** A local stand-in for Stripe's HTTP API (Stripe itself is out of reach here): PaymentIntents and refunds. */
async function startStripeStandIn() {
  const intents: Array<string | undefined> = [];
  const refunds: Array<{ key: string | undefined; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const key = req.headers["idempotency-key"] as string | undefined;
      res.writeHead(200, { "Content-Type": "application/json" });
      if (req.method === "POST" && req.url === "/v1/payment_intents") {
        const index = intents.includes(key) ? intents.indexOf(key) : intents.push(key) - 1;
        const params = new URLSearchParams(body);
        return void res.end(
          JSON.stringify({
            id: `pi_lc_${index}`,
            object: "payment_intent",
            amount: Number(params.get("amount")),
            status: "requires_payment_method",
            client_secret: `pi_lc_${index}_secret_abc`,
          }),
        );
      }
      if (req.method === "POST" && req.url === "/v1/refunds") {
        // Like Stripe: the same key answers the first refund again; card refunds settle later.
        const seen = refunds.findIndex((r) => r.key === key);
        const index = seen >= 0 ? seen : refunds.push({ key, body }) - 1;
        return void res.end(JSON.stringify({ id: `re_lc_${index}`, object: "refund", status: "pending" }));
      }
      res.writeHead(404);
      res.end(JSON.stringify({ error: { message: "not in the stand-in" } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, refunds, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function signed(type: string, id: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id, object: "event", type, data: { object } });
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

describe(`Stripe webhooks through the lifecycle (stand-in for Stripe's API), on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  const deliver = ({ payload, header }: { payload: string; header: string }) =>
    fetch(`${server.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      body: payload,
    });

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    services = await createTestServices({
      clock: fixedClock(NOW),
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

  it("a failure then a success, each delivered twice, and the success again later: paid once, one confirmation", async () => {
    const res = await checkoutRequest(server.url, {
      items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
      customer: CUSTOMER,
      shippingAddress: ADDRESS,
    });
    const { order, clientSecret } = await res.json();
    const intent = clientSecret.split("_secret_")[0];
    const failed = signed("payment_intent.payment_failed", "evt_lc_fail", {
      id: intent,
      object: "payment_intent",
      last_payment_error: { code: "card_declined" },
    });
    const succeeded = signed("payment_intent.succeeded", "evt_lc_ok", {
      id: intent,
      object: "payment_intent",
      metadata: { orderId: order.id },
    });
    // Stripe may resend one event under another id (a replay from the dashboard): still once.
    const replayed = signed("payment_intent.succeeded", "evt_lc_ok_replay", {
      id: intent,
      object: "payment_intent",
      metadata: { orderId: order.id },
    });
    for (const event of [failed, failed, succeeded, succeeded, failed, replayed])
      expect((await deliver(event)).status).toBe(200);

    const stored = (await getOrder(services.database.db, order.id))!;
    expect(stored.status).toBe("paid");
    expect(stored.events.filter((e) => e.toStatus === "paid" && e.fromStatus === "pending_payment")).toHaveLength(1);
    const attempts = await services.database.db
      .selectFrom("payment_attempts")
      .select("outcome")
      .where("order_id", "=", order.id)
      .execute();
    // The failure was a retryable attempt (the Payment Element lets the customer try again): stock kept.
    expect(attempts).toEqual([{ outcome: "failed" }]);
    expect(await mailKinds(services, order.id)).toEqual(["new-order-alert", "order-confirmation"]);
  });

  it("cancel of a paid Stripe order: the refund is submitted with its key, settled by the webhook once; one cancel mail", async () => {
    const { order, clientSecret } = await (
      await checkoutRequest(server.url, {
        items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
        customer: CUSTOMER,
        shippingAddress: ADDRESS,
      })
    ).json();
    const intent = clientSecret.split("_secret_")[0];
    await deliver(signed("payment_intent.succeeded", `evt_pay_${order.id}`, { id: intent, object: "payment_intent" }));
    await performOrderAction(services, order.id, { action: "cancel" }, "owner@example.com");
    const [refund] = await services.database.db
      .selectFrom("refunds")
      .selectAll()
      .where("order_id", "=", order.id)
      .execute();
    expect(refund!.status).toBe("submitted");
    expect(standIn.refunds.filter((r) => r.key === `refund:${refund!.idempotency_key}`)).toHaveLength(1);

    const settled = signed("refund.updated", `evt_re_${order.id}`, {
      id: refund!.provider_refund_id,
      object: "refund",
      status: "succeeded",
    });
    const lateFailure = signed("refund.updated", `evt_re_late_${order.id}`, {
      id: refund!.provider_refund_id,
      object: "refund",
      status: "failed",
    });
    for (const event of [settled, settled, lateFailure]) expect((await deliver(event)).status).toBe(200);
    const after = await services.database.db
      .selectFrom("refunds")
      .select("status")
      .where("id", "=", refund!.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("succeeded");
    expect((await mailKinds(services, order.id)).filter((k) => k === "order-cancelled")).toHaveLength(1);
  });
});
