import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceCart } from "#app/domain/cart";
import { cartFromItems } from "#app/domain/cart-items";
import { fixedClock } from "#app/domain/clock";
import { formatCents } from "#app/domain/money";
import { ORDER_EVENT_TYPES, type OrderEventInput, type OrderEventType } from "#app/domain/order-lifecycle";
import { ORDER_STATUSES, type OrderStatus } from "#app/domain/order-status";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { OrderTransitionError, transition } from "#app/models/orders/order-lifecycle.server";
import { renderQueuedMail } from "#app/models/orders/order-mails.server";
import { getOrder, placeOrder } from "#app/models/orders/orders.server";
import { settleDueRefunds, settleRefund } from "#app/models/orders/refunds.server";
import { authClient } from "../helpers/auth-client";
import { setProductRow } from "../helpers/catalogue-rows";
import { ADDRESS } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { TestPaymentProvider } from "#app/services/payments/test-provider.server";
import type { AppServices } from "#server/services";

/**
 * Every (state, event) pair of the order lifecycle against a real database: the allowed ones
 * do exactly their effects, once; the others are refused (409 through the back office) and
 * change nothing. The expectations are written out here, not read from the module, so that a
 * change to a rule has to change this table too.
 */

const PLACED_AT = new Date("2026-11-21T12:00:00Z");
// Every event happens two hours later: past any reservation window, so "expire" may happen.
const NOW = new Date(PLACED_AT.getTime() + 2 * 60 * 60_000);
const KIT = "refugium-starter-kit";
const KIT_CENTS = 8999;

interface Expected {
  to: OrderStatus;
  mails: string[];
  /** Units of the kit given back to stock. */
  stockBack: number;
  refundCents: number;
  attempts: number;
}

const SAME = (to: OrderStatus, more: Partial<Omit<Expected, "to">> = {}): Expected => ({
  to,
  mails: [],
  stockBack: 0,
  refundCents: 0,
  attempts: 0,
  ...more,
});

const ALLOWED: Partial<Record<OrderStatus, Partial<Record<OrderEventType, Expected>>>> = {
  pending_payment: {
    pay: SAME("paid", { mails: ["new-order-alert", "order-confirmation"] }),
    decline: SAME("pending_payment", { stockBack: 1, attempts: 1 }),
    "fail-attempt": SAME("pending_payment", { attempts: 1 }),
    expire: SAME("expired", { stockBack: 1 }),
    // Nothing was paid: no refund, and no mail about a card that was never charged.
    cancel: SAME("cancelled", { stockBack: 1 }),
  },
  paid: {
    cancel: SAME("cancelled", { stockBack: 1, refundCents: KIT_CENTS, mails: ["order-cancelled"] }),
    ship: SAME("shipped", { mails: ["order-shipped"] }),
    "partial-refund": SAME("paid", { refundCents: 500, mails: ["order-refunded"] }),
  },
  shipped: {
    deliver: SAME("delivered", { mails: ["order-delivered"] }),
    refund: SAME("refunded", { refundCents: KIT_CENTS, mails: ["order-refunded"] }),
    "partial-refund": SAME("shipped", { refundCents: 500, mails: ["order-refunded"] }),
  },
  delivered: {
    refund: SAME("refunded", { refundCents: KIT_CENTS, mails: ["order-refunded"] }),
    "partial-refund": SAME("delivered", { refundCents: 500, mails: ["order-refunded"] }),
  },
};

const EVENTS: Record<OrderEventType, OrderEventInput> = {
  pay: { type: "pay", reference: "test_pi_lifecycle" },
  decline: { type: "decline", reason: "card-declined" },
  "fail-attempt": { type: "fail-attempt", reason: "card_declined" },
  expire: { type: "expire" },
  cancel: { type: "cancel", reason: "customer asked" },
  ship: { type: "ship", carrier: "USPS", trackingNumber: "9400111899223344556677" },
  deliver: { type: "deliver" },
  refund: { type: "refund", reason: "arrived dead" },
  "partial-refund": { type: "partial-refund", amountCents: 500, reason: "one bag short" },
};

/** The same event as the back office's PATCH /api/admin/orders/:id body, for those it offers. */
const ADMIN_BODIES: Partial<Record<OrderEventType, Record<string, unknown>>> = {
  cancel: { action: "cancel", reason: "customer asked" },
  ship: { action: "ship", carrier: "USPS", trackingNumber: "9400111899223344556677" },
  deliver: { action: "deliver" },
  refund: { action: "refund" },
  "partial-refund": { action: "partial-refund", amount: 5 },
};

/** How an order reaches each state: the events that lead there from placing it. */
const PATHS: Record<OrderStatus, OrderEventType[]> = {
  pending_payment: [],
  paid: ["pay"],
  shipped: ["pay", "ship"],
  delivered: ["pay", "ship", "deliver"],
  cancelled: ["pay", "cancel"],
  expired: ["expire"],
  refunded: ["pay", "ship", "refund"],
};

describe(`the order lifecycle, every state and event, on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let admin: ReturnType<typeof authClient>;
  const db = () => services.database.db;
  const ctx = () => ({ now: NOW, actor: "test", shopEmail: services.config.shopEmail });

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock(NOW) });
    server = await startTestServer(services);
    await promoteToAdmin(services, { email: "owner@example.com", password: "owner123" });
    admin = authClient(server.url, "198.51.100.90");
    await admin.call("/sign-in/email", { email: "owner@example.com", password: "owner123" });
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  const patch = (orderId: string, body: unknown) =>
    fetch(`${server.url}/api/admin/orders/${orderId}`, {
      method: "PATCH",
      headers: {
        "Content-Type": "application/json",
        cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: JSON.stringify(body),
    });

  async function orderIn(status: OrderStatus) {
    // Plenty of the kit for 70-odd orders (stock changes are measured as differences).
    await setProductRow(db(), KIT, { quantity: 1000 });
    const catalogue = await loadCatalogueSnapshot(db());
    const built = cartFromItems([{ kind: "product", id: KIT, quantity: 1 }], catalogue, PLACED_AT);
    if ("problem" in built) throw new Error(built.problem.message);
    const { order } = await placeOrder(db(), {
      cart: built.cart,
      quote: priceCart(built.cart, catalogue),
      customer: { email: `lifecycle-${status}@example.com`, name: "Life Cycle" },
      shippingAddress: ADDRESS,
      paymentProvider: "test",
      userId: null,
      now: PLACED_AT,
      reservationMinutes: 30,
      secret: services.secret,
    });
    for (const event of PATHS[status]) await transition(db(), order.id, EVENTS[event], ctx());
    const stored = (await getOrder(db(), order.id))!;
    expect(stored.status).toBe(status);
    return stored;
  }

  /** Everything a transition may touch, for one order. */
  async function snapshot(orderId: string) {
    const [order, events, mails, stock, refunds, attempts] = await Promise.all([
      db()
        .selectFrom("orders")
        .select(["status", "refunded_cents", "stock_held", "payment_failure", "carrier", "paid_at", "reserved_until"])
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow(),
      db().selectFrom("order_events").select("id").where("order_id", "=", orderId).execute(),
      db().selectFrom("outbox").select("kind").where("order_id", "=", orderId).orderBy("kind").execute(),
      db().selectFrom("products").select("quantity").where("id", "=", KIT).executeTakeFirstOrThrow(),
      db().selectFrom("refunds").select(["amount_cents", "status"]).where("order_id", "=", orderId).execute(),
      db().selectFrom("payment_attempts").select("id").where("order_id", "=", orderId).execute(),
    ]);
    return {
      order: { ...order, reserved_until: order.reserved_until ? String(order.reserved_until) : null },
      events: events.length,
      mails: mails.map((m) => m.kind),
      stock: stock.quantity,
      refunded: refunds.reduce((sum, r) => sum + r.amount_cents, 0),
      attempts: attempts.length,
    };
  }

  const pairs = ORDER_STATUSES.flatMap((status) => ORDER_EVENT_TYPES.map((event) => [status, event] as const));

  it.each(pairs)("%s + %s", async (status, event) => {
    const order = await orderIn(status);
    const before = await snapshot(order.id);
    const expected = ALLOWED[status]?.[event];

    if (!expected) {
      await expect(transition(db(), order.id, EVENTS[event], ctx())).rejects.toBeInstanceOf(OrderTransitionError);
      expect(await snapshot(order.id)).toEqual(before);
      const body = ADMIN_BODIES[event];
      if (body) {
        const res = await patch(order.id, body);
        expect(res.status).toBe(409);
        expect((await res.json()).error.code).toBe("aborted");
        expect(await snapshot(order.id)).toEqual(before);
      }
      return;
    }

    const { order: after, refund } = await transition(db(), order.id, EVENTS[event], ctx());
    const now = await snapshot(order.id);
    expect(after.status).toBe(expected.to);
    expect(now.order.status).toBe(expected.to);
    // The order the transition answers with is the order as stored (nothing is read back).
    expect(after).toEqual(await getOrder(db(), order.id));
    expect(now.events).toBe(before.events + 1);
    expect(now.mails).toEqual([...before.mails, ...expected.mails].sort());
    expect(now.stock - before.stock).toBe(expected.stockBack);
    expect(now.refunded - before.refunded).toBe(expected.refundCents);
    expect(now.order.refunded_cents - before.order.refunded_cents).toBe(expected.refundCents);
    expect(refund?.amountCents ?? 0).toBe(expected.refundCents);
    expect(now.attempts - before.attempts).toBe(expected.attempts);

    // Effects once: the same event on the copy read before it is refused and changes nothing
    // (the update is conditional on the order being as read), however it arrives. A failed
    // attempt is the exception: another one is another attempt (the Stripe webhook drops a
    // redelivered event by its id before it gets here).
    if (event === "fail-attempt") return;
    await expect(transition(db(), order, EVENTS[event], ctx())).rejects.toBeInstanceOf(OrderTransitionError);
    expect(await snapshot(order.id)).toEqual(now);
  });

  it("the back office offers exactly the allowed events as actions", async () => {
    const { availableActions } = await import("#app/models/back-office/orders.server");
    for (const status of ORDER_STATUSES) {
      const order = await orderIn(status);
      const offered = availableActions(order, NOW).filter((a) => a !== "note");
      const allowed = Object.keys(ALLOWED[status] ?? {}).filter((e) => e in ADMIN_BODIES);
      expect(offered.sort(), status).toEqual(allowed.sort());
    }
  });

  it("cancel and refund through the back office: refund pending in the transaction, settled once with its key, one mail saying how much and when", async () => {
    const provider = services.payments as TestPaymentProvider;
    const order = await orderIn("paid");
    const res = await patch(order.id, { action: "cancel", reason: "customer asked" });
    expect(res.status).toBe(200);
    expect((await res.json()).order.status).toBe("cancelled");
    const refunds = await db().selectFrom("refunds").selectAll().where("order_id", "=", order.id).execute();
    expect(refunds.map((r) => [r.status, r.amount_cents])).toEqual([["succeeded", KIT_CENTS]]);
    const made = provider.refunds().filter((r) => r.idempotencyKey === refunds[0]!.idempotency_key);
    expect(made).toEqual([expect.objectContaining({ amountCents: KIT_CENTS, requests: 1 })]);
    // Settling again (a worker pass, a second request) calls nobody: the refund is settled.
    expect(await settleRefund(services, refunds[0]!.id)).toBe("succeeded");
    await settleDueRefunds(services, new Date(NOW.getTime() + 60_000));
    expect(provider.refunds().filter((r) => r.idempotencyKey === refunds[0]!.idempotency_key)[0]!.requests).toBe(1);

    const mails = await db().selectFrom("outbox").selectAll().where("order_id", "=", order.id).execute();
    const cancelled = mails.filter((m) => m.kind === "order-cancelled");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.to_address).toBe(order.email);
    const text = (await renderQueuedMail(db(), cancelled[0]!, services.config, services.secret))!.text;
    expect(text).toContain("$89.99");
    expect(text).toMatch(/5 to 10 business days/);
  });

  it("a partial refund, then the rest: two refund mails with their own amounts; the last one says refunded in full", async () => {
    const order = await orderIn("shipped");
    expect((await patch(order.id, { action: "partial-refund", amount: 10 })).status).toBe(200);
    expect((await patch(order.id, { action: "refund" })).status).toBe(200);
    const mails = await db()
      .selectFrom("outbox")
      .selectAll()
      .where("order_id", "=", order.id)
      .where("kind", "=", "order-refunded")
      .orderBy("id")
      .execute();
    expect(mails).toHaveLength(2);
    const [first, second] = await Promise.all(
      mails.map(async (m) => (await renderQueuedMail(db(), m, services.config, services.secret))!),
    );
    expect(first!.subject).toMatch(/^Partial refund/);
    expect(first!.text).toContain("$10.00");
    expect(second!.subject).toMatch(/^Refunded/);
    expect(second!.text).toContain("$79.99");
    expect((await getOrder(db(), order.id))!.refundedCents).toBe(KIT_CENTS);
    // Nothing is left: a further partial refund is refused.
    expect((await patch(order.id, { action: "partial-refund", amount: 1 })).status).toBe(409);
  });

  it.each([
    ["paid", "cancelled"],
    ["shipped", "refunded"],
  ] as const)(
    "a %s order's partial refund may give back all that is left, and nothing more: it is then %s",
    async (status, after) => {
      const order = await orderIn(status);
      expect((await patch(order.id, { action: "partial-refund", amount: 10 })).status).toBe(200);
      // An unshipped order has no "Refund in full" button: the rest is refunded through this form,
      // and an order with nothing left paid is not waiting to ship.
      const rest = await patch(order.id, { action: "partial-refund", amount: (KIT_CENTS - 1000) / 100 });
      expect(rest.status).toBe(200);
      expect((await rest.json()).order).toMatchObject({ status: after });
      expect((await getOrder(db(), order.id))!.refundedCents).toBe(KIT_CENTS);
      const refunds = await db().selectFrom("refunds").selectAll().where("order_id", "=", order.id).execute();
      expect(refunds.map((r) => r.amount_cents).sort((a, b) => a - b)).toEqual([1000, KIT_CENTS - 1000]);
      expect((await patch(order.id, { action: "partial-refund", amount: 0.01 })).status).toBe(409);
    },
  );

  it("a note sent twice (a reload of the post, a double submit) is kept once; another note, or the same from someone else, is kept", async () => {
    const { performOrderAction, listOrderNotes } = await import("#app/models/back-office/orders.server");
    const order = await orderIn("paid");
    const note = (body: string, actor = "owner@example.com") =>
      performOrderAction(services, order.id, { action: "note", body }, actor);
    await note("Called the customer.");
    await note("Called the customer.");
    await note("Left a voicemail.");
    await note("Left a voicemail.", "helper@example.com");
    expect((await listOrderNotes(db(), order.id)).map((n) => [n.author, n.body])).toEqual([
      ["owner@example.com", "Called the customer."],
      ["owner@example.com", "Left a voicemail."],
      ["helper@example.com", "Left a voicemail."],
    ]);
  });

  it("a partial refund sent again after another refund (a reload, a second tab) refunds nothing; cancelling then mails what the cancellation itself refunds", async () => {
    const { performOrderAction, ActionRefused } = await import("#app/models/back-office/orders.server");
    const order = await orderIn("paid");
    const act = (expectedRefundedCents: number) =>
      performOrderAction(
        services,
        order.id,
        { action: "partial-refund", amount: 10, expectedRefundedCents },
        "owner@example.com",
      );
    await act(0);
    // The same form again, as the page showed it before the first refund.
    await expect(act(0)).rejects.toBeInstanceOf(ActionRefused);
    await expect(act(0)).rejects.toThrow(/Nothing was refunded: \$10\.00 of this order has been refunded since/);
    expect((await getOrder(db(), order.id))!.refundedCents).toBe(1000);
    // The page reloaded shows $10.00 refunded: another refund goes through.
    await act(1000);
    expect((await getOrder(db(), order.id))!.refundedCents).toBe(2000);

    expect((await patch(order.id, { action: "cancel" })).status).toBe(200);
    const [mail] = await db()
      .selectFrom("outbox")
      .selectAll()
      .where("order_id", "=", order.id)
      .where("kind", "=", "order-cancelled")
      .execute();
    const text = (await renderQueuedMail(db(), mail!, services.config, services.secret))!.text;
    expect(text).toContain(`We are refunding ${formatCents(KIT_CENTS - 2000)}.`);
    expect(text).toContain(`With the $20.00 refunded earlier, that is all ${formatCents(KIT_CENTS)} you paid.`);
  });

  it("a refund the provider fails stays pending with its error, and the worker settles it later with the same key", async () => {
    const provider = services.payments as TestPaymentProvider;
    const order = await orderIn("paid");
    const real = provider.refund.bind(provider);
    provider.refund = () => Promise.reject(new Error("provider unreachable"));
    try {
      expect((await patch(order.id, { action: "cancel" })).status).toBe(200);
    } finally {
      provider.refund = real;
    }
    const [pending] = await db().selectFrom("refunds").selectAll().where("order_id", "=", order.id).execute();
    expect([pending!.status, pending!.last_error]).toEqual(["pending", "provider unreachable"]);
    expect((await getOrder(db(), order.id))!.status).toBe("cancelled");
    // Not before its grace period (the request that recorded it may still be calling).
    expect(await settleDueRefunds(services, NOW)).toBe(0);
    expect(await settleDueRefunds(services, new Date(NOW.getTime() + 60_000))).toBe(1);
    const [settled] = await db().selectFrom("refunds").selectAll().where("order_id", "=", order.id).execute();
    expect(settled!.status).toBe("succeeded");
    expect(provider.refunds().filter((r) => r.idempotencyKey === settled!.idempotency_key)).toHaveLength(1);
  });
});
