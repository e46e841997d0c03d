import fc from "fast-check";
import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { ActionRefused, performOrderAction } from "#app/models/back-office/orders.server";
import { expireDueOrders, OrderTransitionError } from "#app/models/orders/order-lifecycle.server";
import {
  countItemSalesByDay,
  countSalesByDay,
  readItemDayTakes,
  readSalesByDay,
} from "#app/models/orders/sales-by-day.server";
import { migrations } from "#database/migrate.server";
import { parseJson } from "#database/values";
import { setProductRow } from "../helpers/catalogue-rows";
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
  // The price chaeto sells at from this order on: a combo bought before keeps its split.
  chaetoPriceCents: fc.option(fc.integer({ min: 500, max: 9000 })),
});

describe(`revenue, orders and units per day are running totals equal to a full count, on ${testDatabaseKind()}`, () => {
  let clock = fixedClock(new Date(START));
  const t = useTestServer(() => ({ clock: () => clock() }));

  it("after random order histories: paid, shipped, delivered, cancelled, refunded in part or in full, declined, expired", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(orderArb, { minLength: 1, maxLength: 4 }), async (orders) => {
        for (const o of orders) {
          clock = fixedClock(new Date(o.paidAt));
          if (o.chaetoPriceCents !== null)
            await setProductRow(t.services.database.db, "premium-chaeto", { price_cents: o.chaetoPriceCents });
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
        const { db } = t.services.database;
        const counted = await countSalesByDay(db);
        expect(Object.fromEntries(await readSalesByDay(db))).toEqual(Object.fromEntries(counted));
        // So are units and net cents per item and day, the dashboard's best sellers.
        const takes = await countItemSalesByDay(db);
        expect(Object.fromEntries(await readItemDayTakes(db))).toEqual(Object.fromEntries(takes));
        // And per day they add up to the day's revenue (every cent of an order is some item's).
        for (const [day, d] of counted) {
          const cents = [...takes.values()].filter((x) => x.day === day).reduce((sum, x) => sum + x.revenueCents, 0);
          expect(cents).toBe(d.revenueCents);
        }
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
    const combos = await db.selectFrom("order_lines").select("part_prices").where("kind", "=", "combo").execute();
    expect(new Set(combos.map((c) => JSON.stringify(c.part_prices))).size).toBeGreaterThan(1);
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
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });

  it("migration 0025 counts the same per-item totals, and keeps a combo's split at today's prices", async () => {
    const { database } = t.services;
    const { db } = database;
    clock = fixedClock(new Date(START + DAY_MS / 2));
    const res = await buy(t.url, [
      { kind: "combo", productIds: ["premium-chaeto", "chaeto-coral-food-combo"], quantity: 1 },
      { kind: "product", id: "refugium-starter-kit", quantity: 1 },
    ]);
    const body = (await res.json()) as { order: { id: string } };
    expect(res.status, JSON.stringify(body)).toBe(201);
    await performOrderAction(t.services, body.order.id, { action: "partial-refund", amount: 7 }, "owner@example.com");
    const kept = Object.fromEntries(await readItemDayTakes(db));
    expect(Object.keys(kept).length).toBeGreaterThan(2);

    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    expect((await migrator.migrateTo("0022-to-ship-index")).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    // Lines bought before the column existed take the catalogue's prices of the moment.
    const [line] = await db.selectFrom("order_lines").select("part_prices").where("kind", "=", "combo").execute();
    const prices = await db
      .selectFrom("products")
      .select(["id", "price_cents"])
      .where("id", "in", ["premium-chaeto", "chaeto-coral-food-combo"])
      .execute();
    const price = new Map(prices.map((p) => [p.id, Number(p.price_cents)]));
    expect(parseJson(line!.part_prices, null)).toEqual([
      price.get("premium-chaeto"),
      price.get("chaeto-coral-food-combo"),
    ]);
    expect(Object.fromEntries(await readItemDayTakes(db))).toEqual(kept);
  });
});
