import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock, type Clock } from "#app/domain/clock";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { startWorker } from "#server/worker";
import { authClient } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const DAY = 86_400_000;
const START = new Date("2026-11-01T12:00:00Z");

describe(`true reference prices on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let admin: ReturnType<typeof authClient>;
  let current: Clock = fixedClock(START);
  const on = (days: number) => (current = fixedClock(new Date(START.getTime() + days * DAY)));
  const patch = (id: string, body: unknown) =>
    fetch(`${server.url}/api/admin/products/${id}`, {
      method: "PATCH",
      headers: {
        "Content-Type": "application/json",
        cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: JSON.stringify(body),
    });
  const product = async (id: string) =>
    (await (await fetch(`${server.url}/api/products/${id}`)).json()).product as {
      price: number;
      originalPrice: number | null;
      metadata: Record<string, unknown>;
    };
  const quote = async (items: unknown[]) =>
    (await (
      await fetch(`${server.url}/api/cart/quote`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ items }),
      })
    ).json()) as { discount: number; total: number };

  beforeAll(async () => {
    services = await createTestServices({ clock: () => current() });
    server = await startTestServer(services);
    await promoteToAdmin(services, { email: "owner@example.com", password: "owner123" });
    admin = authClient(server.url, "198.51.100.90");
    await admin.call("/sign-in/email", { email: "owner@example.com", password: "owner123" });
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("shows no 'was' price the shop never charged, and keeps no detail that changes nothing", async () => {
    const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as {
      products: { id: string; originalPrice: number | null; metadata: Record<string, unknown> }[];
    };
    expect(products.filter((p) => p.originalPrice !== null).map((p) => p.id)).toEqual([]);
    for (const p of products)
      for (const key of ["savings", "bundleValue", "comboDiscount"]) expect(p.metadata).not.toHaveProperty(key);
  });

  it("a lowered price shows what it sold at before, and the cart counts the saving", async () => {
    on(0);
    const res = await patch("premium-chaeto", { price: 19.99 });
    expect(res.status).toBe(200);
    expect(await product("premium-chaeto")).toMatchObject({ price: 19.99, originalPrice: 24.99 });
    const cart = await quote([{ kind: "product", id: "premium-chaeto", quantity: 2 }]);
    expect(cart).toMatchObject({ total: 39.98, discount: 10 });
    // Raised again: no saving any more.
    on(2);
    expect((await patch("premium-chaeto", { price: 26.99 })).status).toBe(200);
    expect(await product("premium-chaeto")).toMatchObject({ price: 26.99, originalPrice: null });
  });

  it("a price raised for a day and cut back is no saving: the reference is the lowest of the last 30 days", async () => {
    on(3);
    expect((await patch("refugium-starter-kit", { price: 150 })).status).toBe(200);
    on(4);
    expect((await patch("refugium-starter-kit", { price: 89.99 })).status).toBe(200);
    expect((await product("refugium-starter-kit")).originalPrice).toBeNull();
    on(5);
    expect((await patch("refugium-starter-kit", { price: 79.99 })).status).toBe(200);
    expect(await product("refugium-starter-kit")).toMatchObject({ price: 79.99, originalPrice: 89.99 });
    // 40 days on, 150.00 has left the window: a cut from 79.99 is measured against 79.99.
    on(45);
    expect((await patch("refugium-starter-kit", { price: 69.99 })).status).toBe(200);
    expect(await product("refugium-starter-kit")).toMatchObject({ price: 69.99, originalPrice: 79.99 });
  });

  it("a cut stands as a saving for 30 days, then is simply the price", async () => {
    on(50);
    expect((await patch("premium-chaeto", { price: 21.99 })).status).toBe(200);
    expect(await product("premium-chaeto")).toMatchObject({ price: 21.99, originalPrice: 26.99 });
    const worker = startWorker(services, { autoStart: false, transport: null });
    try {
      on(79);
      await worker.tick();
      expect((await product("premium-chaeto")).originalPrice).toBe(26.99);
      expect((await quote([{ kind: "product", id: "premium-chaeto", quantity: 1 }])).discount).toBe(5);
      on(81);
      await worker.tick();
      expect(await product("premium-chaeto")).toMatchObject({ price: 21.99, originalPrice: null });
      // The cart counts no saving the page no longer shows.
      expect((await quote([{ kind: "product", id: "premium-chaeto", quantity: 1 }])).discount).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it("refuses a typed 'was' price and the retired details, changing nothing", async () => {
    const before = await product("chaeto-coral-food-combo");
    for (const body of [
      { originalPrice: 99 },
      { metadata: { ...before.metadata, savings: 10 } },
      { metadata: { comboDiscount: 15 } },
    ]) {
      const res = await patch("chaeto-coral-food-combo", body);
      expect(res.status).toBe(400);
    }
    expect(await product("chaeto-coral-food-combo")).toEqual(before);
  });
});
