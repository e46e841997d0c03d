import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle } from "#database/db.server";
import { databaseMigratedTo } from "../helpers/migration-database";
import { testDatabaseKind } from "../helpers/test-database";
import type { Migrator, Kysely } from "kysely";

/** A shop created before bundles were kits (0007), with an order holding a bundle's own stock, upgraded to 0008. */
describe(`migration 0008 on an existing shop, ${testDatabaseKind()}`, () => {
  let database: DatabaseHandle;
  let migrator: Migrator;

  beforeAll(async () => {
    ({ database, migrator } = await databaseMigratedTo("0007-idempotency-lease"));
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("gives the seeded bundles their kits, keeps an owner's own bundle, and drops bundle stock", async () => {
    // Raw SQL shaped as 0001–0007 left the tables: the typed schema already describes 0008.
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const product = (id: string, quantity: number) => ({
      id,
      title: id,
      description: id,
      price_cents: 1000,
      category: "kit",
      quantity,
      sku: id,
      supplier: "local",
      fulfillment_type: "manual",
      tags: "[]",
      metadata: "{}",
      images: "[]",
    });
    await db
      .insertInto("products")
      .values([product("premium-chaeto", 100), product("reef-care-bundle", 50), product("chaeto-coral-food-combo", 75)])
      .execute();
    const bundle = (id: string, description: string) => ({
      id,
      name: id,
      description,
      discount_percent: 24,
      price_cents: 7995,
      quantity: 50,
      image: id,
    });
    await db
      .insertInto("bundles")
      .values([
        bundle(
          "lazy-starter",
          "For a tank that just finished cycling: premium chaeto to keep nitrate in check from day one and the reef care bundle to set up a simple monthly routine.",
        ),
        bundle("owners-own", "A bundle the owner made."),
      ])
      .execute();
    await db
      .insertInto("bundle_products")
      .values([
        { bundle_id: "lazy-starter", product_id: "premium-chaeto", position: 0 },
        { bundle_id: "lazy-starter", product_id: "reef-care-bundle", position: 1 },
        { bundle_id: "owners-own", product_id: "premium-chaeto", position: 0 },
      ])
      .execute();

    const result = await migrator.migrateToLatest();
    expect(result.error).toBeUndefined();

    const links = await db
      .selectFrom("bundle_products")
      .select(["bundle_id", "product_id", "quantity"])
      .orderBy("bundle_id")
      .orderBy("position")
      .execute();
    expect(links).toEqual([
      { bundle_id: "lazy-starter", product_id: "chaeto-coral-food-combo", quantity: 3 },
      { bundle_id: "owners-own", product_id: "premium-chaeto", quantity: 1 },
    ]);
    const rows = await db.selectFrom("bundles").selectAll().orderBy("id").execute();
    expect(rows[0]).not.toHaveProperty("quantity");
    expect(rows[0]).not.toHaveProperty("discount_percent");
    expect(rows.map((r) => String(r.description))).toEqual([
      expect.stringContaining("three Chaeto + Coral Food Combos"),
      "A bundle the owner made.",
    ]);
  });
});
