import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ActionRefused, performOrderAction } from "#app/models/back-office/orders.server";
import { countItemSales, readItemSales } from "#app/models/catalogue/item-sales.server";
import { expireDueOrders, OrderTransitionError } from "#app/models/orders/order-lifecycle.server";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";
import type { OrderAction } from "#app/domain/order-actions";

const ITEMS = [
  { kind: "product", id: "premium-chaeto", quantity: 1 },
  { kind: "product", id: "refugium-starter-kit", quantity: 2 },
  { kind: "bundle", id: "lazy-clean-up-crew", quantity: 1 },
  { kind: "combo", productIds: ["premium-chaeto", "chaeto-coral-food-combo"], quantity: 1 },
] as const;

const cartArb = fc.uniqueArray(fc.constantFrom(...ITEMS), {
  minLength: 1,
  maxLength: 3,
  selector: (i) => JSON.stringify(i),
});
const actionArb = fc.constantFrom<OrderAction>(
  { action: "ship", carrier: "UPS", trackingNumber: "1Z999" },
  { action: "deliver" },
  { action: "cancel" },
  { action: "refund" },
  { action: "partial-refund", amount: 1 },
);
const orderArb = fc.record({
  cart: cartArb,
  declined: fc.boolean(),
  actions: fc.array(actionArb, { maxLength: 4 }),
});

describe(`units sold are running totals equal to a full count, on ${testDatabaseKind()}`, () => {
  const t = useTestServer();

  it("after random order histories: paid, shipped, delivered, cancelled, refunded in part or in full, declined, expired", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(orderArb, { minLength: 1, maxLength: 4 }), async (orders) => {
        for (const o of orders) {
          const res = await buy(t.url, [...o.cart], o.declined ? "4000000000000002" : undefined);
          const body = (await res.json()) as { order?: { id: string } };
          if (res.status !== 201 || !body.order) continue;
          for (const action of o.actions) {
            // An action the lifecycle refuses in the order's state changes nothing, as in the back office.
            await performOrderAction(t.services, body.order.id, action, "owner@example.com").catch((err: unknown) => {
              if (!(err instanceof ActionRefused || err instanceof OrderTransitionError)) throw err;
            });
          }
        }
        // Declined checkouts end as abandoned ones when their window passes.
        await expireDueOrders(t.services.database.db, new Date(Date.now() + 24 * 60 * 60_000));
        const counted = await countItemSales(t.services.database.db);
        expect(Object.fromEntries(await readItemSales(t.services.database.db))).toEqual(Object.fromEntries(counted));
      }),
      { numRuns: 12 },
    );
    // The property ran over real sales, not only over empty totals.
    expect((await countItemSales(t.services.database.db)).size).toBeGreaterThan(0);
  }, 120_000);
});
