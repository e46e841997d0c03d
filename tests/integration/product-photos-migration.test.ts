import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle } from "#database/db.server";
import { databaseMigratedTo } from "../helpers/migration-database";
import { testDatabaseKind } from "../helpers/test-database";
import type { Migrator, Kysely } from "kysely";

/** A shop with product images from before the photo list (0010), upgraded to 0011: the storefront is unchanged. */
describe(`migration 0011 on an existing shop, ${testDatabaseKind()}`, () => {
  let database: DatabaseHandle;
  let migrator: Migrator;

  beforeAll(async () => {
    ({ database, migrator } = await databaseMigratedTo("0010-order-lifecycle"));
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("turns every product's images into published photos in the same order, images untouched", async () => {
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const product = (id: string, images: string[]) => ({
      id,
      title: id,
      description: id,
      price_cents: 1000,
      category: "kit",
      quantity: 1,
      sku: id,
      supplier: "local",
      fulfillment_type: "manual",
      tags: "[]",
      metadata: "{}",
      images: JSON.stringify(images),
    });
    await db
      .insertInto("products")
      .values([product("kit-a", ["kit-a-uabc", "kit-a"]), product("kit-b", [])])
      .execute();
    expect((await migrator.migrateTo("0011-product-photos")).error).toBeUndefined();

    const photos = await db
      .selectFrom("product_photos")
      .select(["product_id", "image_key", "status", "position", "removed_at"])
      .orderBy("product_id")
      .orderBy("position")
      .execute();
    expect(photos).toEqual([
      { product_id: "kit-a", image_key: "kit-a-uabc", status: "published", position: 0, removed_at: null },
      { product_id: "kit-a", image_key: "kit-a", status: "published", position: 1, removed_at: null },
    ]);
    const images = await db.selectFrom("products").select(["id", "images"]).orderBy("id").execute();
    const parsed = images.map((r) => [r.id, typeof r.images === "string" ? JSON.parse(r.images) : r.images]);
    expect(parsed).toEqual([
      ["kit-a", ["kit-a-uabc", "kit-a"]],
      ["kit-b", []],
    ]);

    expect((await migrator.migrateTo("0010-order-lifecycle")).error).toBeUndefined();
  });
});
