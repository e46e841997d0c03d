import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle } from "#database/db.server";
import { databaseMigratedTo } from "../helpers/migration-database";
import { testDatabaseKind } from "../helpers/test-database";
import type { Kysely, Migrator } from "kysely";

/** A shop from before orders were attached to accounts (0012), upgraded to 0013. */
describe(`migration 0013 gives verified accounts their guest orders, ${testDatabaseKind()}`, () => {
  let database: DatabaseHandle;
  let migrator: Migrator;

  beforeAll(async () => {
    ({ database, migrator } = await databaseMigratedTo("0012-message-replies"));
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("attaches guest orders to a verified address only; an unverified claim and other accounts' orders stay as they were", async () => {
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const postgres = testDatabaseKind() === "postgres";
    const now = new Date("2026-11-01T10:00:00Z");
    const user = (id: string, email: string, verified: boolean) => ({
      id,
      name: id,
      email,
      emailVerified: postgres ? verified : verified ? 1 : 0,
      createdAt: postgres ? now : now.toISOString(),
      updatedAt: postgres ? now : now.toISOString(),
      role: "user",
    });
    await db
      .insertInto("user")
      .values([user("u-verified", "kept@example.com", true), user("u-claimed", "claimed@example.com", false)])
      .execute();
    const order = (id: string, email: string, userId: string | null) => ({
      id,
      number: id,
      status: "paid",
      email,
      customer_name: "Buyer",
      requires_shipping: 0,
      subtotal_cents: 1000,
      discount_cents: 0,
      shipping_cents: 0,
      total_cents: 1000,
      currency: "USD",
      access_token_hash: id,
      source: "web",
      payment_provider: "test",
      user_id: userId,
      created_at: postgres ? now : now.toISOString(),
      updated_at: postgres ? now : now.toISOString(),
    });
    await db
      .insertInto("orders")
      .values([
        order("o-guest", "kept@example.com", null),
        order("o-guest-caps", "Kept@Example.com", null),
        order("o-claimed", "claimed@example.com", null),
        order("o-stranger", "stranger@example.com", null),
        order("o-other-account", "kept@example.com", "u-someone-else"),
      ])
      .execute();

    const { error } = await migrator.migrateTo("0013-guest-orders-to-accounts");
    expect(error).toBeUndefined();

    const rows = await db.selectFrom("orders").select(["id", "user_id"]).orderBy("id").execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.user_id]))).toEqual({
      "o-claimed": null,
      "o-guest": "u-verified",
      "o-guest-caps": "u-verified",
      "o-other-account": "u-someone-else",
      "o-stranger": null,
    });
  });
});
