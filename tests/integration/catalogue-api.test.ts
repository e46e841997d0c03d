import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const SPEC_PRODUCTS = [
  { id: "october-special", price: 29.95, originalPrice: null, quantity: 100, weight: 300, category: "special" },
  { id: "premium-chaeto", price: 24.99, originalPrice: null, quantity: 100, weight: 200, category: "macroalgae" },
  { id: "reef-care-bundle", price: 49.99, originalPrice: null, quantity: 50, weight: 500, category: "bundle" },
  { id: "refugium-starter-kit", price: 89.99, originalPrice: null, quantity: 25, weight: 1500, category: "kit" },
  { id: "chaeto-coral-food-combo", price: 34.99, originalPrice: null, quantity: 75, weight: 300, category: "combo" },
  { id: "service-tip", price: 5, originalPrice: null, quantity: 999, weight: 0, category: "tip" },
];

// The spec's prices; the percentages and stock follow from the contents (decision 012): 25 and
// 27 % are out of reach within the 30 % cap, 30 % for the starter pack would cross it.
const SPEC_BUNDLES = [
  { id: "lazy-starter", discount: 24, price: 79.95, value: 104.97, quantity: 25 },
  { id: "complete-reef-recovery", discount: 28, price: 89.95, value: 124.97, quantity: 25 },
  { id: "lazy-pro-maintenance", discount: 29, price: 59.95, value: 84.97, quantity: 50 },
  { id: "lazy-clean-up-crew", discount: 20, price: 39.95, value: 49.98, quantity: 50 },
  { id: "complete-reef-starter-pack", discount: 28, price: 114.99, value: 159.97, quantity: 25 },
];

describe(`catalogue API on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock("2024-10-15T12:00:00Z") });
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("answers the health check after a database round trip", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("lists the six products of the spec with their exact prices, stock and weights", async () => {
    const res = await fetch(`${server.url}/api/products`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { products: Array<Record<string, unknown>> };
    expect(body.products).toHaveLength(6);
    for (const expected of SPEC_PRODUCTS) {
      const product = body.products.find((p) => p.id === expected.id);
      expect(product, expected.id).toMatchObject(expected);
      expect(product).toHaveProperty("sku");
      expect(product).toHaveProperty("supplier");
      expect(product).toHaveProperty("fulfillmentType");
      expect(Array.isArray(product?.tags)).toBe(true);
      expect((product?.images as string[])[0]).toMatch(/^\/images\/catalog\/.+\.webp$/);
    }
    const tip = body.products.find((p) => p.id === "service-tip")!;
    expect(tip).toMatchObject({ fulfillmentType: "digital", metadata: { isTip: true, noShipping: true } });
    const special = body.products.find((p) => p.id === "october-special")!;
    expect(special.metadata).toMatchObject({ validUntil: "2024-10-31", includesFreeShipping: true });
  });

  it("returns one product by id and 404 in the error envelope for an unknown id", async () => {
    const ok = await fetch(`${server.url}/api/products/premium-chaeto`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { product: { title: string } }).product.title).toMatch(/chaeto/i);

    const missing = await fetch(`${server.url}/api/products/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not-found", message: expect.any(String) } });

    const odd = await fetch(`${server.url}/api/products/${encodeURIComponent("'; drop table products; --")}`);
    expect(odd.status).toBe(404);
  });

  it("lists the five bundles with the stock and saving their contents give", async () => {
    const res = await fetch(`${server.url}/api/bundles`);
    const body = (await res.json()) as { bundles: Array<Record<string, unknown>> };
    expect(body.bundles).toHaveLength(5);
    for (const expected of SPEC_BUNDLES) {
      const bundle = body.bundles.find((b) => b.id === expected.id);
      expect(bundle, expected.id).toMatchObject({ ...expected, inStock: true });
      expect((bundle?.products as string[]).length).toBeGreaterThan(0);
    }
  });

  it("honours the special's validUntil through the injected clock", async () => {
    const during = (await (await fetch(`${server.url}/api/products/october-special`)).json()) as {
      product: { inStock: boolean };
    };
    expect(during.product.inStock).toBe(true);

    const later = await createTestServices({ clock: fixedClock("2024-11-01T00:00:00Z") });
    const laterServer = await startTestServer(later);
    try {
      const after = (await (await fetch(`${laterServer.url}/api/products/october-special`)).json()) as {
        product: { inStock: boolean };
      };
      expect(after.product.inStock).toBe(false);
    } finally {
      await laterServer.close();
      await later.database.destroy();
    }
  });

  it("answers malformed and oversized JSON with a 4xx envelope, never a 500", async () => {
    const malformed = await fetch(`${server.url}/api/products`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe("invalid-argument");

    const huge = await fetch(`${server.url}/api/health`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ padding: "x".repeat(150 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { reason: string } }).error.reason).toBe("payload-too-large");
  });

  it("answers an unknown API path with 404 in the envelope", async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not-found");
  });

  it("sends a nonce-based CSP without unsafe-inline scripts and the other security headers", async () => {
    const res = await fetch(`${server.url}/api/health`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("adds HSTS in production behind https", async () => {
    const prod = await createTestServices({ env: { NODE_ENV: "production", PUBLIC_URL: "https://shop.example" } });
    const prodServer = await startTestServer(prod);
    try {
      const res = await fetch(`${prodServer.url}/api/health`);
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    } finally {
      await prodServer.close();
      await prod.database.destroy();
    }
  });
});
