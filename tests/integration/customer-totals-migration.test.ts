import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countCustomerTotals, readCustomerCounts, readCustomerTotals } from "#app/models/orders/customer-totals.server";
import { type DatabaseHandle } from "#database/db.server";
import { databaseMigratedTo } from "../helpers/migration-database";
import { testDatabaseKind } from "../helpers/test-database";
import type { Kysely, Migrator } from "kysely";

/** A shop from before the customers' running totals (0018), upgraded to 0020. */
describe(`migration 0020 counts each customer's totals once, ${testDatabaseKind()}`, () => {
  let database: DatabaseHandle;
  let migrator: Migrator;

  beforeAll(async () => {
    ({ database, migrator } = await databaseMigratedTo("0018-history-at-scale-item-sales"));
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("keys guests and accounts as the list does, nets refunds, lists cancelled buyers, skips unpaid checkouts", async () => {
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const postgres = testDatabaseKind() === "postgres";
    const at = (iso: string) => (postgres ? new Date(iso) : iso);
    const now = "2026-11-01T10:00:00.000Z";
    await db
      .insertInto("user")
      .values({
        id: "u-1",
        name: "Ann",
        email: "ann@example.com",
        emailVerified: postgres ? true : 1,
        createdAt: at(now),
        updatedAt: at(now),
        role: "user",
      })
      .execute();
    const order = (id: string, email: string, userId: string | null, status: string, day: number, refunded = 0) => ({
      id,
      number: id,
      status,
      email,
      customer_name: "Buyer",
      requires_shipping: 0,
      subtotal_cents: 1000,
      discount_cents: 0,
      shipping_cents: 0,
      total_cents: 1000,
      refunded_cents: refunded,
      currency: "USD",
      access_token_hash: id,
      source: "web",
      payment_provider: "test",
      user_id: userId,
      created_at: at(`2026-10-${String(day).padStart(2, "0")}T10:00:00.000Z`),
      updated_at: at(now),
    });
    await db
      .insertInto("orders")
      .values([
        // Signed in with another address: counts for the account's.
        order("o-1", "Other@Example.com", "u-1", "delivered", 1),
        order("o-2", "ANN@example.com", null, "refunded", 2, 400),
        order("o-3", "Guest@Example.com", null, "paid", 3),
        order("o-4", "guest@example.com", null, "cancelled", 4),
        order("o-5", "guest@example.com", null, "expired", 5),
        order("o-6", "nobody@example.com", null, "pending_payment", 6),
        order("o-7", "gone@example.com", null, "cancelled", 7),
      ])
      .execute();
    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    const typed = database.db;
    const stored = Object.fromEntries(await readCustomerTotals(typed));
    expect(stored).toEqual({
      "ann@example.com": { orders: 2, spentCents: 1600, lastOrderAt: "2026-10-02T10:00:00.000Z", userId: "u-1" },
      "guest@example.com": { orders: 1, spentCents: 1000, lastOrderAt: "2026-10-04T10:00:00.000Z", userId: null },
      "gone@example.com": { orders: 0, spentCents: 0, lastOrderAt: "2026-10-07T10:00:00.000Z", userId: null },
    });
    expect(stored).toEqual(Object.fromEntries(await countCustomerTotals(typed)));
    // The customers list's counts start from the rows the backfill wrote (migration 0029).
    expect(await readCustomerCounts(typed)).toEqual({ buyers: 3, linked: 1 });
  });
});
