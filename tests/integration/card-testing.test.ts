import { describe, expect, it } from "vitest";
import { ADDRESS, card } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

describe(`card-testing defences on ${testDatabaseKind()}`, () => {
  const app = useTestServer({ env: { RATE_LIMITS: "on" } });
  const attempt = (ip: string, email: string, number: string) =>
    fetch(`${app.url}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID(), "X-Forwarded-For": ip },
      body: JSON.stringify({
        items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
        customer: { email, name: "Tester" },
        shippingAddress: ADDRESS,
        payment: { card: card(number) },
      }),
    });

  it("pauses an address after repeated declines, even with a good card, while others can still buy", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await attempt("192.0.2.10", `carder${i}@example.com`, "4000000000000002")).status);
    expect(statuses).toEqual([402, 402, 402, 402]);
    const blocked = await attempt("192.0.2.10", "fresh@example.com", "4242424242424242");
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error.reason).toBe("too-many-declines");
    expect((await attempt("192.0.2.11", "someone@example.com", "4242424242424242")).status).toBe(201);
  });

  it("pauses an email after repeated declines from many addresses", async () => {
    for (let i = 0; i < 4; i++)
      expect((await attempt(`192.0.2.${20 + i}`, "victim@example.com", "4000000000009995")).status).toBe(402);
    expect((await attempt("192.0.2.30", "victim@example.com", "4242424242424242")).status).toBe(429);
  });

  it("limits checkout attempts per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await attempt("192.0.2.40", `buyer${i}@example.com`, "4111111111111111")).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
