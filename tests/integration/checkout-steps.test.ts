import { describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { recordExternalOrder } from "#app/models/back-office/new-order.server";
import {
  chargeStep,
  completePaymentStep,
  placeStep,
  priceStep,
  withIdempotencyKey,
  type PriceOutcome,
} from "#app/models/orders/checkout.server";
import { getOrder } from "#app/models/orders/orders.server";
import { ADDRESS, card, CUSTOMER } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/** The checkout use case's steps and its idempotency wrapper, called as the router and the back office call them. */
describe(`checkout steps and the idempotency wrapper, on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: fixedClock("2026-11-21T12:00:00Z") });
  const services = () => t.services;
  const kit = [{ kind: "product" as const, id: "refugium-starter-kit", quantity: 1 }];

  it("price: refuses what cannot be bought as asked, with its reason; prices the rest from the catalogue", async () => {
    const refused = async (input: Parameters<typeof priceStep>[1]) => {
      const outcome = await priceStep(services(), input);
      return outcome.kind === "refused" ? [outcome.refusal, outcome.reason] : outcome.kind;
    };
    expect(await refused({ items: kit, card: card() })).toEqual(["invalid", "address-required"]);
    expect(await refused({ items: kit, shippingAddress: ADDRESS })).toEqual(["invalid", "card-required"]);
    expect(await refused({ items: kit, shippingAddress: ADDRESS, card: card("4111111111111111") })).toEqual([
      "invalid",
      "not-a-test-card",
    ]);
    expect(await refused({ items: kit, shippingAddress: ADDRESS, paidElsewhere: true })).toBe("priced");
    const priced = await priceStep(services(), { items: kit, shippingAddress: ADDRESS, card: card() });
    expect(priced.kind === "priced" && priced.quote.total).toBe(8999);
  });

  it("place → charge → complete payment: a declined card is an attempt on the pending order, its stock back", async () => {
    const priced = (await priceStep(services(), {
      items: kit,
      shippingAddress: ADDRESS,
      card: card("4000000000000002"),
    })) as Extract<PriceOutcome, { kind: "priced" }>;
    const placed = await placeStep(services(), priced, { customer: CUSTOMER, shippingAddress: ADDRESS });
    if (placed.kind !== "placed") throw new Error(placed.kind);
    const charge = await chargeStep(services(), placed.order, `steps-${crypto.randomUUID()}`, card("4000000000000002"));
    expect(charge.status).toBe("declined");
    const outcome = await completePaymentStep(services(), placed.order, charge, { actor: "checkout" });
    expect(outcome.kind).toBe("declined");
    const stored = (await getOrder(services().database.db, placed.order.id))!;
    expect([stored.status, stored.stockHeld, stored.paymentFailure]).toEqual([
      "pending_payment",
      false,
      "card-declined",
    ]);
  });

  it("the back office's Record an order runs the same steps: priced, placed with stock reserved, paid as external", async () => {
    const result = await recordExternalOrder(
      services(),
      {
        customer: CUSTOMER,
        shippingAddress: { ...ADDRESS, country: "US" as const },
        source: "phone",
        externalReference: "call-42",
        items: kit,
      },
      "owner@example.com",
    );
    if (!result.ok) throw new Error(result.message);
    const order = (await getOrder(services().database.db, result.orderId))!;
    expect([order.status, order.source, order.paymentReference, order.externalReference]).toEqual([
      "paid",
      "phone",
      "external:phone:call-42",
      "call-42",
    ]);
    const refused = await recordExternalOrder(
      services(),
      { customer: CUSTOMER, source: "phone", items: kit },
      "owner@example.com",
    );
    expect(refused).toEqual({ ok: false, message: "A shipping address is needed for physical items." });
  });

  it("the wrapper: replays a stored answer, refuses a reused key and one in progress, gives the key up when the work throws", async () => {
    const key = `wrap-${crypto.randomUUID()}`;
    let runs = 0;
    const work = async () => {
      runs++;
      return { status: 201, body: { run: runs } };
    };
    const first = await withIdempotencyKey(services(), key, "hash-a", work);
    expect(first).toMatchObject({ kind: "answered", replayed: false, answer: { status: 201, body: { run: 1 } } });
    expect(await withIdempotencyKey(services(), key, "hash-a", work)).toMatchObject({
      kind: "answered",
      replayed: true,
      answer: { body: { run: 1 } },
    });
    expect(await withIdempotencyKey(services(), key, "hash-b", work)).toMatchObject({
      kind: "refused",
      reason: "idempotency-key-reused",
    });
    expect(runs).toBe(1);

    const busyKey = `wrap-${crypto.randomUUID()}`;
    let release!: () => void;
    const slow = withIdempotencyKey(services(), busyKey, "h", async () => {
      await new Promise<void>((r) => (release = r));
      return { status: 201, body: {} };
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(await withIdempotencyKey(services(), busyKey, "h", work)).toMatchObject({
      kind: "refused",
      reason: "request-in-progress",
    });
    release();
    await slow;

    const failing = `wrap-${crypto.randomUUID()}`;
    await expect(withIdempotencyKey(services(), failing, "h", () => Promise.reject(new Error("boom")))).rejects.toThrow(
      "boom",
    );
    expect(await withIdempotencyKey(services(), failing, "h", work)).toMatchObject({
      kind: "answered",
      replayed: false,
    });
  });
});
