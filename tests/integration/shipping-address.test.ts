import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { ADDRESS, card, checkoutRequest, CUSTOMER } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

const NOW = new Date("2026-11-21T12:00:00Z");
const CHAETO = [{ kind: "product", id: "premium-chaeto", quantity: 1 }];

describe(`shipping addresses at checkout, ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  const checkout = (items: unknown[], shippingAddress?: unknown) =>
    checkoutRequest(server.url, { items, customer: CUSTOMER, shippingAddress, payment: { card: card() } });

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock(NOW) });
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it.each([
    [{ country: "DE" }, /Live plants ship within the US only/],
    [{ postalCode: "ABCDE" }, /5-digit ZIP code/],
    [{ state: "XX" }, /Choose a US state/],
    [{ line1: "" }, /street address/],
    [{ city: " " }, /city/],
  ])("refuses live chaeto to %j with 400 naming the field", async (change, message) => {
    const res = await checkout(CHAETO, { ...ADDRESS, ...change });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe("invalid-argument");
    // A sentence a shopper can read, and the same sentence against the field it concerns.
    expect(error.message).toMatch(message);
    const field = `shippingAddress.${Object.keys(change)[0]}`;
    expect(error.fields[field]).toMatch(message);
  });

  it("asks for an address when something ships, and takes ZIP+4", async () => {
    const missing = await checkout(CHAETO);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.reason).toBe("address-required");
    const ok = await checkout(CHAETO, { ...ADDRESS, state: "DC", postalCode: "20001-1234" });
    expect(ok.status).toBe(201);
  });

  it("a digital-only cart needs no address", async () => {
    const res = await checkout([{ kind: "product", id: "service-tip", quantity: 1 }]);
    expect(res.status).toBe(201);
    expect((await res.json()).order.status).toBe("delivered");
  });
});
