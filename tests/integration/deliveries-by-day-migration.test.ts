import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countDeliveriesByDay, readDeliveriesByDay } from "#app/models/orders/deliveries-by-day.server";
import { type DatabaseHandle } from "#database/db.server";
import { databaseMigratedTo } from "../helpers/migration-database";
import { testDatabaseKind } from "../helpers/test-database";
import type { Kysely, Migrator } from "kysely";

/** A shop with deliveries and claims from before the dead-on-arrival running totals, upgraded to 0027. */
describe(`migration 0027 counts the deliveries per day once, ${testDatabaseKind()}`, () => {
  let database: DatabaseHandle;
  let migrator: Migrator;

  beforeAll(async () => {
    ({ database, migrator } = await databaseMigratedTo("0026-orders-email-prefix"));
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("counts shipped deliveries by day and packed weather, each claimed order once", async () => {
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const postgres = testDatabaseKind() === "postgres";
    const at = (iso: string) => (postgres ? new Date(iso) : iso);
    const order = (id: string, shipped: boolean) => ({
      id,
      number: id,
      status: "delivered",
      email: "buyer@example.com",
      customer_name: "Buyer",
      requires_shipping: shipped ? 1 : 0,
      subtotal_cents: 1000,
      discount_cents: 0,
      shipping_cents: 0,
      total_cents: 1000,
      refunded_cents: 0,
      currency: "USD",
      access_token_hash: id,
      source: "web",
      payment_provider: "test",
      created_at: at("2026-11-01T10:00:00.000Z"),
      updated_at: at("2026-11-01T10:00:00.000Z"),
    });
    await db
      .insertInto("orders")
      .values([order("o-1", true), order("o-2", true), order("o-3", true), order("o-tip", false)])
      .execute();
    const event = (orderId: string, from: string, to: string, iso: string) => ({
      order_id: orderId,
      from_status: from,
      to_status: to,
      note: null,
      actor: "test",
      created_at: at(iso),
    });
    await db
      .insertInto("order_events")
      .values([
        event("o-1", "shipped", "delivered", "2026-11-03T23:30:00.000Z"),
        // A partial refund after delivery is recorded delivered → delivered: not a second delivery.
        event("o-1", "delivered", "delivered", "2026-11-05T10:00:00.000Z"),
        event("o-2", "shipped", "delivered", "2026-11-03T08:00:00.000Z"),
        event("o-3", "shipped", "delivered", "2026-11-04T08:00:00.000Z"),
        event("o-tip", "paid", "delivered", "2026-11-03T08:00:00.000Z"),
      ])
      .execute();
    await db
      .insertInto("order_weather")
      .values({
        order_id: "o-1",
        checked_on: "2026-11-01",
        ship_on: "2026-11-02",
        arrive_on: "2026-11-03",
        outcome: "heat",
        low_f: 30,
        high_f: 40,
        pack: "heat",
        note: "",
        checked_at: "2026-11-01T10:00:00.000Z",
      })
      .execute();
    const claim = (id: string, orderId: string, status: string) => ({
      id,
      order_id: orderId,
      status,
      remedy_wanted: "credit",
      note: "",
      amount_cents: 100,
      created_at: at("2026-11-04T10:00:00.000Z"),
    });
    await db
      .insertInto("claims")
      .values([claim("c-1", "o-1", "approved"), claim("c-2", "o-1", "approved"), claim("c-3", "o-2", "declined")])
      .execute();
    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    const kept = await readDeliveriesByDay(database.db);
    expect(kept).toEqual([
      { day: "2026-11-03", weather: "heat", delivered: 1, approvedClaims: 1 },
      { day: "2026-11-03", weather: "unknown", delivered: 1, approvedClaims: 0 },
      { day: "2026-11-04", weather: "unknown", delivered: 1, approvedClaims: 0 },
    ]);
    expect(kept).toEqual(await countDeliveriesByDay(database.db));
  });
});
