import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "~/domain/clock";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "../../server/services";

const NOW = new Date("2026-11-21T12:00:00Z");

describe(`combo rules on the server, ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  const quote = (items: unknown[]) =>
    fetch(`${server.url}/api/cart/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ items }),
    });

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock(NOW) });
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it.each([
    [["premium-chaeto", "premium-chaeto", "premium-chaeto"], "combo-duplicate-product", /more than once/],
    [["premium-chaeto", "premium-chaeto"], "combo-duplicate-product", /more than once/],
    [["refugium-starter-kit", "service-tip", "service-tip"], "combo-not-eligible", /Tip the Lazy Reefer/],
    [["refugium-starter-kit", "service-tip"], "combo-not-eligible", /can't be part of a custom combo/],
    [["premium-chaeto", "october-special"], "combo-not-eligible", /October Special/],
    [["premium-chaeto"], undefined, /at least two different products/],
  ])("quote and checkout refuse the combo %j with 400 invalid-argument", async (productIds, reason, message) => {
    const items = [{ kind: "combo", productIds, quantity: 1 }];
    for (const res of [await quote(items), await buy(server.url, items)]) {
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe("invalid-argument");
      if (reason) expect(error.reason).toBe(reason);
      expect(error.message).toMatch(message);
    }
    const orders = await services.database.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(0);
  });

  it("still prices a combo of distinct eligible products", async () => {
    const res = await quote([{ kind: "combo", productIds: ["premium-chaeto", "reef-care-bundle"], quantity: 1 }]);
    expect(res.status).toBe(200);
    // 20 % of 74.98 is 14.996, rounded down to 14.99: 59.99.
    expect((await res.json()).total).toBe(59.99);
  });
});
