import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, currentMigration, migrations } from "#database/migrate.server";
import { seedCatalogue } from "#database/seed/seed.server";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices } from "../helpers/test-services";
import type { AppServices } from "#server/services";

describe(`migrations and seed on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => {
    await services?.database.destroy();
  });

  it("runs every migration once and reports the latest", async () => {
    const again = await migrateToLatest(services.database.db, services.database.schema);
    expect(again.results ?? []).toHaveLength(0);
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    expect(await currentMigration(services.database.db, services.database.schema)).toBe(names.at(-1));
  });

  it("seeds idempotently and never overwrites the owner's edits", async () => {
    const { db } = services.database;
    await db
      .updateTable("products")
      .set({ price_cents: 2299, quantity: 7 })
      .where("id", "=", "premium-chaeto")
      .execute();

    const second = await seedCatalogue(db);
    expect(second).toEqual({ products: 0, bundles: 0 });

    const counts = await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const bundles = await db
      .selectFrom("bundles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe(6);
    expect(Number(bundles.n)).toBe(5);
    const edited = await db
      .selectFrom("products")
      .selectAll()
      .where("id", "=", "premium-chaeto")
      .executeTakeFirstOrThrow();
    expect(edited.price_cents).toBe(2299);
    expect(edited.quantity).toBe(7);
  });

  it("refuses negative stock at the database level", async () => {
    const { db } = services.database;
    await expect(
      db.updateTable("products").set({ quantity: -1 }).where("id", "=", "service-tip").execute(),
    ).rejects.toThrow();
  });
});
