import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle } from "#database/db.server";
import { databaseMigratedTo } from "../helpers/migration-database";
import { testDatabaseKind } from "../helpers/test-database";
import type { Migrator, Kysely } from "kysely";

/** A shop whose owner typed "was" prices and the three details nothing read, upgraded to 0013. */
describe(`migration 0013 on an existing shop, ${testDatabaseKind()}`, () => {
  let database: DatabaseHandle;
  let migrator: Migrator;

  beforeAll(async () => {
    ({ database, migrator } = await databaseMigratedTo("0012-message-replies"));
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("clears the typed 'was' prices and the retired details, keeping every other detail", async () => {
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db
      .insertInto("products")
      .values({
        id: "premium-chaeto",
        title: "Premium Chaeto",
        description: "Chaeto",
        price_cents: 2499,
        original_price_cents: 2999,
        category: "macroalgae",
        quantity: 100,
        sku: "LR-CHAETO",
        supplier: "local",
        fulfillment_type: "manual",
        tags: "[]",
        metadata: JSON.stringify({
          savings: 5,
          comboDiscount: 10,
          bundleValue: 64.99,
          comboEligible: true,
          batch: "B-7",
        }),
        images: "[]",
      })
      .execute();
    const { error } = await migrator.migrateTo("0015-price-history");
    expect(error).toBeUndefined();
    const row = await db
      .selectFrom("products")
      .select(["original_price_cents", "metadata", "price_since"])
      .executeTakeFirstOrThrow();
    expect(row.original_price_cents).toBeNull();
    expect(row.price_since).toBeNull();
    const metadata = typeof row.metadata === "string" ? (JSON.parse(row.metadata) as unknown) : row.metadata;
    expect(metadata).toEqual({ comboEligible: true, batch: "B-7" });
    expect(await db.selectFrom("price_changes").selectAll().execute()).toEqual([]);
  });
});
