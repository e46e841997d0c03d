import { describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { StockChangedMeanwhile, updateCatalogueItem } from "#app/models/back-office/catalogue.server";
import {
  CATALOGUE_SNAPSHOT_MAX_AGE_MS,
  invalidateCatalogueSnapshot,
  loadCatalogueSnapshot,
} from "#app/models/catalogue/catalogue-snapshot.server";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

const NOW = new Date("2026-11-21T12:00:00Z");
const PRODUCT = "premium-chaeto";

describe(`the catalogue snapshot that prices carts, on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: fixedClock(NOW) });
  const db = () => t.services.database.db;
  const priceOf = async (fresh = false) =>
    (await loadCatalogueSnapshot(db(), { fresh })).products.find((p) => p.id === PRODUCT)!.priceCents;
  const setPriceBehindItsBack = (cents: number) =>
    db().updateTable("products").set({ price_cents: cents }).where("id", "=", PRODUCT).execute();

  it("is read once for concurrent callers and reused while young; `fresh` and invalidation read again", async () => {
    invalidateCatalogueSnapshot(db());
    const [a, b] = await Promise.all([loadCatalogueSnapshot(db()), loadCatalogueSnapshot(db())]);
    expect(a).toBe(b);
    const original = a.products.find((p) => p.id === PRODUCT)!.priceCents;
    try {
      await setPriceBehindItsBack(original + 100);
      expect(await priceOf()).toBe(original); // another process's change: seen within the max age
      expect(await priceOf(true)).toBe(original + 100);
      await setPriceBehindItsBack(original + 200);
      invalidateCatalogueSnapshot(db());
      expect(await priceOf()).toBe(original + 200);
    } finally {
      await setPriceBehindItsBack(original);
      invalidateCatalogueSnapshot(db());
    }
  });

  it(`is read again once it is ${CATALOGUE_SNAPSHOT_MAX_AGE_MS} ms old`, async () => {
    const original = await priceOf(true);
    try {
      await setPriceBehindItsBack(original + 300);
      await new Promise((r) => setTimeout(r, CATALOGUE_SNAPSHOT_MAX_AGE_MS + 50));
      expect(await priceOf()).toBe(original + 300);
    } finally {
      await setPriceBehindItsBack(original);
      invalidateCatalogueSnapshot(db());
    }
  });

  it("a price the owner changes in the back office is what the very next checkout charges", async () => {
    const product = (await loadCatalogueSnapshot(db())).products.find((p) => p.id === PRODUCT)!;
    try {
      await updateCatalogueItem(db(), "product", PRODUCT, { priceCents: 3150 }, "admin:test", NOW);
      const res = await buy(t.url, [{ kind: "product", id: PRODUCT, quantity: 2 }]);
      expect(res.status).toBe(201);
      expect((await res.json()).order).toMatchObject({ subtotal: 63, total: 63 });
    } finally {
      await updateCatalogueItem(db(), "product", PRODUCT, { priceCents: product.priceCents }, "admin:test", NOW);
    }
  });

  it("a stock level typed over a page that an order has since changed saves nothing, and says what the stock is now", async () => {
    const stockOf = async () =>
      (await db().selectFrom("products").select("quantity").where("id", "=", PRODUCT).executeTakeFirstOrThrow())
        .quantity;
    const seen = await stockOf();
    // A shopper buys 2 while the owner's page still shows `seen`.
    expect((await buy(t.url, [{ kind: "product", id: PRODUCT, quantity: 2 }])).status).toBe(201);
    const edit = () =>
      updateCatalogueItem(
        db(),
        "product",
        PRODUCT,
        { quantity: seen + 5, stockReason: "delivery", expectedQuantity: seen, priceCents: 9999 },
        "admin:test",
        NOW,
      );
    await expect(edit()).rejects.toBeInstanceOf(StockChangedMeanwhile);
    await expect(edit()).rejects.toThrow(`the stock changed from ${seen} to ${seen - 2} since this page was loaded`);
    expect(await stockOf()).toBe(seen - 2);
    expect(await priceOf(true)).not.toBe(9999);
    // With what the page now shows, it saves, and the movement logged is the real difference.
    await updateCatalogueItem(
      db(),
      "product",
      PRODUCT,
      { quantity: seen + 5, stockReason: "delivery", expectedQuantity: seen - 2 },
      "admin:test",
      NOW,
    );
    expect(await stockOf()).toBe(seen + 5);
    const [last] = await db()
      .selectFrom("stock_movements")
      .select(["delta", "reason"])
      .where("item_id", "=", PRODUCT)
      .orderBy("id", "desc")
      .limit(1)
      .execute();
    expect(last).toEqual({ delta: 7, reason: "admin: delivery" });
  });
});
