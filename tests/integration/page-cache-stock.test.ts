import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueChanged, catalogueGeneration, watchCatalogue } from "#app/models/catalogue/catalogue-snapshot.server";
import { loader as productLoader } from "#app/routes/product";
import { createHttpApp } from "#server/http";
import { pageCache } from "#server/page-cache";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices } from "../helpers/test-services";
import type { AppServices } from "#server/services";
import type http from "node:http";

const PRODUCT = "premium-chaeto";

/**
 * The anonymous page cache in front of the product page's stock, with the checkout API beside it
 * in one process. The product page's stock block is rendered by its real loader (the rest of the
 * page needs the client build, which integration tests do not have).
 */
describe(`cached pages follow the catalogue's stock at once, ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let url = "";
  let server: http.Server;

  beforeAll(async () => {
    services = await createTestServices();
    const app = createHttpApp(services);
    // A long freshness: only a catalogue change may drop a copy here.
    app.use(pageCache({ generation: catalogueGeneration, freshMs: 60_000, staleMs: 120_000 }));
    app.get("/product/:productId", async (req, res) => {
      const page = await productLoader({
        request: new Request(`http://shop.test${req.originalUrl}`),
        params: { productId: req.params.productId },
        context: { services },
      } as never);
      res.type("text/html").send(page.stock);
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((done) => server?.close(done));
    await services?.database.destroy();
  });

  const setStock = (quantity: number) =>
    services.database.db.updateTable("products").set({ quantity }).where("id", "=", PRODUCT).execute();
  const view = async () => {
    const res = await fetch(`${url}/product/${PRODUCT}`);
    return { cache: res.headers.get("x-page-cache"), html: await res.text() };
  };

  it("shows a purchase that sells out as out of stock on the very next view, not a cached copy", async () => {
    await setStock(3);
    catalogueChanged();
    expect((await view()).html).toContain("Only 3 left");
    expect(await view()).toMatchObject({ cache: "hit" });

    const order = await buy(url, [{ kind: "product", id: PRODUCT, quantity: 3 }]);
    expect(order.status).toBe(201);

    const next = await view();
    expect(next.cache).toBe("miss");
    expect(next.html).toContain("Out of stock");
    expect(next.html).not.toContain("left");
  });

  it("drops a copy when another process changes the stock, within the watch interval", async () => {
    const stop = await watchCatalogue(services.database.db, 50);
    try {
      await setStock(0);
      catalogueChanged();
      await expect.poll(async () => (await view()).html).toContain("Out of stock");
      expect(await view()).toMatchObject({ cache: "hit" });
      // A write this process does not count: as a restock made by another server process.
      await setStock(40);
      await expect.poll(async () => (await view()).html, { timeout: 5000 }).toContain("In stock");
    } finally {
      stop();
    }
  });
});
