import fc from "fast-check";
import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { ActionRefused, performOrderAction } from "#app/models/back-office/orders.server";
import { expireDueOrders, OrderTransitionError } from "#app/models/orders/order-lifecycle.server";
import { countSalesByDay, readSalesByDay } from "#app/models/orders/sales-by-day.server";
import { migrations } from "#database/migrate.server";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";
import type { OrderAction } from "#app/domain/order-actions";

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse("2026-11-20T00:00:00Z");

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
const actionArb = fc.oneof(
  fc.constantFrom<OrderAction>(
    { action: "ship", carrier: "UPS", trackingNumber: "1Z999" },
    { action: "deliver" },
    { action: "cancel" },
    { action: "refund" },
  ),
  fc.integer({ min: 1, max: 6000 }).map((cents): OrderAction => ({ action: "partial-refund", amount: cents / 100 })),
);
const orderArb = fc.record({
  cart: cartArb,
  declined: fc.boolean(),
  // Paid around UTC midnights, so orders land in several day buckets, and at their edges.
  paidAt: fc.integer({ min: 0, max: 3 * DAY_MS - 1 }).map((ms) => START + ms),
  actions: fc.array(actionArb, { maxLength: 4 }),
});

describe(`revenue, orders and units per day are running totals equal to a full count, on ${testDatabaseKind()}`, () => {
  let clock = fixedClock(new Date(START));
  const t = useTestServer(() => ({ clock: () => clock() }));

  it("after random order histories: paid, shipped, delivered, cancelled, refunded in part or in full, declined, expired", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(orderArb, { minLength: 1, maxLength: 4 }), async (orders) => {
        for (const o of orders) {
          clock = fixedClock(new Date(o.paidAt));
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
        await expireDueOrders(t.services.database.db, new Date(START + 10 * DAY_MS));
        const counted = await countSalesByDay(t.services.database.db);
        expect(Object.fromEntries(await readSalesByDay(t.services.database.db))).toEqual(Object.fromEntries(counted));
      }),
      { numRuns: 12 },
    );
    // The property ran over real sales on several days, some of them partly refunded, not only over empty totals.
    const { db } = t.services.database;
    expect((await countSalesByDay(db)).size).toBeGreaterThan(1);
    const partlyRefunded = await db
      .selectFrom("orders")
      .select("id")
      .where("status", "in", ["paid", "shipped", "delivered"])
      .where("refunded_cents", ">", 0)
      .executeTakeFirst();
    expect(partlyRefunded).toBeDefined();
  }, 180_000);

  it("migration 0019 counts the same totals from the orders a shop already has", async () => {
    const { database } = t.services;
    clock = fixedClock(new Date(START + DAY_MS / 2));
    const res = await buy(t.url, [{ kind: "product", id: "premium-chaeto", quantity: 2 }]);
    const body = (await res.json()) as { order: { id: string } };
    await performOrderAction(t.services, body.order.id, { action: "partial-refund", amount: 3 }, "owner@example.com");
    const kept = Object.fromEntries(await readSalesByDay(database.db));
    expect(Object.keys(kept).length).toBeGreaterThan(0);

    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    expect((await migrator.migrateTo("0018-history-at-scale-item-sales")).error).toBeUndefined();
    expect((await migrator.migrateTo("0019-sales-by-day")).error).toBeUndefined();
    expect(Object.fromEntries(await readSalesByDay(database.db))).toEqual(kept);
  });
});
