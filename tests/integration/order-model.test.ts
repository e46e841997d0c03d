import { describe, expect, it } from "vitest";
import { priceCart } from "#app/domain/cart";
import { cartFromItems } from "#app/domain/cart-items";
import { fixedClock } from "#app/domain/clock";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { transitionIfAllowed } from "#app/models/orders/order-lifecycle.server";
import { getOrder, placeOrder } from "#app/models/orders/orders.server";
import { ADDRESS } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * The checkout answers with the order placeOrder and the lifecycle's pay transition build from what they wrote,
 * without reading it back: what they return must be exactly what a read of the database gives.
 */

const NOW = new Date("2026-11-21T12:00:00Z");

describe(`orders as written equal orders as read, on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: fixedClock(NOW) });
  const db = () => t.services.database.db;

  async function place(
    items:
      | { kind: "product" | "bundle"; id: string; quantity: number }[]
      | { kind: "combo"; productIds: string[]; quantity: number }[],
    withAddress: boolean,
  ) {
    const catalogue = await loadCatalogueSnapshot(db());
    const built = cartFromItems(items, catalogue, NOW);
    if ("problem" in built) throw new Error(built.problem.message);
    return placeOrder(db(), {
      cart: built.cart,
      quote: priceCart(built.cart, catalogue),
      customer: { email: "model@example.com", name: "Model Buyer" },
      shippingAddress: withAddress ? ADDRESS : null,
      paymentProvider: "test",
      userId: null,
      now: NOW,
      reservationMinutes: 15,
      secret: t.services.secret,
      idempotencyKey: `checkout:model-${crypto.randomUUID()}`,
    });
  }

  it.each([
    [
      "products and a bundle, shipped",
      [
        { kind: "product", id: "premium-chaeto", quantity: 2 },
        { kind: "bundle", id: "lazy-starter", quantity: 1 },
      ],
      true,
    ],
    ["a combo, shipped", [{ kind: "combo", productIds: ["premium-chaeto", "reef-care-bundle"], quantity: 1 }], true],
    ["a digital tip", [{ kind: "product", id: "service-tip", quantity: 3 }], false],
  ] as const)("%s: placed and paid", async (_, items, withAddress) => {
    const { order: placed } = await place(items as never, withAddress);
    expect(placed).toEqual(await getOrder(db(), placed.id));

    const paid = await transitionIfAllowed(
      db(),
      placed,
      { type: "pay", reference: "ref_model" },
      { now: new Date(NOW.getTime() + 5000), actor: "checkout", shopEmail: t.services.config.shopEmail },
    );
    expect(paid.changed).toBe(true);
    const stored = await getOrder(db(), placed.id);
    expect(stored!.status).toBe(withAddress ? "paid" : "delivered");
    expect(paid.order).toEqual(stored);

    // A second call changes nothing and answers with the order as stored, whatever copy it is given.
    const again = await transitionIfAllowed(
      db(),
      placed,
      { type: "pay", reference: "ref_other" },
      { now: NOW, actor: "checkout", shopEmail: t.services.config.shopEmail },
    );
    expect(again).toEqual({ changed: false, order: stored, refund: null });
  });
});
