import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPlan } from "#app/domain/plan";
import { bundleView } from "#app/models/catalogue/catalogue-view";
import { listBundles, listProducts } from "#app/models/catalogue/catalogue.server";
import { loader as planLoader } from "#app/routes/plan";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices } from "../helpers/test-services";
import type { AppServices } from "#server/services";

/** The plan page's loader as the server calls it, over the real catalogue. */
describe(`the plan recommends what can be bought now, ${testDatabaseKind()}`, () => {
  let services: AppServices;
  const plan = async (search: string) =>
    (
      await planLoader({
        request: new Request(`http://shop.test/plan?${search}`),
        params: {},
        context: { services },
      } as never)
    ).result ?? "";
  const views = async () => {
    const db = services.database.db;
    const products = await listProducts(db);
    return (await listBundles(db, products)).map((b) => bundleView(b, products, services.clock()));
  };

  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => {
    await services?.database.destroy();
  });

  it("shows a sold-out bundle as sold out, beside one in stock that shares its contents", async () => {
    const chosen = buildPlan("large", "beginner").bundleId;
    const before = await plan("size=large&level=beginner");
    expect(before).toContain(`href="/product/${chosen}"`);
    expect(before).not.toContain("plan-alternative");

    // Sell out one of its products.
    const bundle = (await views()).find((b) => b.id === chosen)!;
    const emptied = bundle.components[0]!.productId;
    await services.database.db.updateTable("products").set({ quantity: 0 }).where("id", "=", emptied).execute();

    const html = await plan("size=large&level=beginner");
    expect(html).toContain('data-testid="plan-unavailable"');
    expect(html).toMatch(new RegExp(`href="/product/${chosen}"[^]*Out of stock`));
    const offered = html.match(/data-testid="plan-alternative"[^]*?href="\/product\/([\w-]+)"/)?.[1];
    const alternative = (await views()).find((b) => b.id === offered);
    expect(alternative).toBeDefined();
    expect(alternative!.id).not.toBe(chosen);
    expect(alternative!.purchasable).toBe(true);
    const shared = alternative!.components.filter((c) => bundle.components.some((d) => d.productId === c.productId));
    expect(shared.length).toBeGreaterThan(0);
  });
});
