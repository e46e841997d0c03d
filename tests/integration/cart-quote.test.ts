import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceCart, type CatalogueSnapshot } from "#app/domain/cart";
import { fixedClock } from "#app/domain/clock";
import { centsToDollars } from "#app/domain/money";
import { loadCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { arbitraryCart, cartItems } from "../helpers/cart-arbitrary";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const NOW = new Date("2026-11-21T12:00:00Z");

describe(`POST /api/cart/quote on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let catalogue: CatalogueSnapshot;
  const quote = (body: unknown) =>
    fetch(`${server.url}/api/cart/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock(NOW) });
    server = await startTestServer(services);
    catalogue = await loadCatalogueSnapshot(services.database.db);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("prices lines, bundles and a 3-product combo at 30 % off, free shipping", async () => {
    const res = await quote({
      items: [
        { kind: "product", id: "premium-chaeto", quantity: 2 },
        { kind: "bundle", id: "lazy-starter", quantity: 1 },
        { kind: "combo", productIds: ["premium-chaeto", "reef-care-bundle", "refugium-starter-kit"], quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    const combo = Math.round((2499 + 4999 + 8999) * 0.7);
    expect(body).toMatchObject({
      subtotal: centsToDollars(2 * 2499 + 7995 + combo),
      shipping: 0,
      total: centsToDollars(2 * 2499 + 7995 + combo),
      currency: "USD",
    });
    expect(body.lines[2]).toMatchObject({ kind: "combo", discountPercent: 30, unitPrice: centsToDollars(combo) });
    // A combo and a bundle say what is in them, in the shop's own titles, for the checkout's summary.
    const title = (id: string) => catalogue.products.find((p) => p.id === id)!.title;
    expect(body.lines[2].contents).toEqual(["premium-chaeto", "reef-care-bundle", "refugium-starter-kit"].map(title));
    expect(body.lines[1].contents).toEqual([`3 × ${title("chaeto-coral-food-combo")}`]);
    expect(body.lines[0].contents).toBeUndefined();
    // What the checkout's summary draws: every line as the shop priced it, with its picture.
    const product = catalogue.products.find((p) => p.id === "premium-chaeto")!;
    expect(body.lines[0]).toMatchObject({
      kind: "product",
      id: "premium-chaeto",
      title: product.title,
      imageKey: product.imageKeys[0],
      quantity: 2,
      total: centsToDollars(2 * 2499),
    });
  });

  it("ignores prices sent by the browser", async () => {
    const res = await quote({
      items: [{ kind: "product", id: "refugium-starter-kit", quantity: 1, price: 0.01, unitPrice: 0.01 }],
    });
    expect((await res.json()).total).toBe(89.99);
  });

  it.each([
    [{ items: [{ kind: "product", id: "ghost", quantity: 1 }] }, "unknown-item"],
    [{ items: [{ kind: "product", id: "premium-chaeto", quantity: 0 }] }, "validation-failed"],
    [{ items: [{ kind: "product", id: "refugium-starter-kit", quantity: 26 }] }, "out-of-stock"],
    [{ items: [{ kind: "combo", productIds: ["premium-chaeto"], quantity: 1 }] }, "validation-failed"],
    [{ items: [{ kind: "product", id: "october-special", quantity: 1 }] }, "offer-expired"],
    [{ items: [] }, "validation-failed"],
    [{ items: "everything" }, "validation-failed"],
    [{}, "validation-failed"],
  ])("refuses %j with 400 reason %s", async (body, reason) => {
    const res = await quote(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "invalid-argument", reason } });
  });

  it("agrees with the browser's pricing for any cart", async () => {
    const cartArb = arbitraryCart(catalogue, NOW, {
      maxQuantity: 30,
      comboPicks: fc.array(fc.nat(20), { minLength: 2, maxLength: 4 }),
      maxSteps: 8,
    });
    await fc.assert(
      fc.asyncProperty(cartArb, async (cart) => {
        fc.pre(cart.lines.length + cart.combos.length > 0);
        const browser = priceCart(cart, catalogue);
        const res = await quote({ items: cartItems(cart) });
        expect(res.status).toBe(200);
        const server = await res.json();
        expect(server.total).toBe(centsToDollars(browser.total));
        expect(server.subtotal).toBe(centsToDollars(browser.subtotal));
        expect(server.discount).toBe(centsToDollars(browser.discount));
      }),
      { numRuns: 60 },
    );
  });
});
