import { describe, expect, it } from "vitest";
import { declineKeys, declineWait, recordDecline } from "#app/models/orders/card-testing.server";
import { clientKey } from "#app/models/orders/orders.server";
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

  it("in test mode the documented test cards never lock anyone out, whatever the address or email", async () => {
    const declining = ["4000000000000002", "4000000000009995", "4000000000000069", "4000000000000127"];
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await attempt("192.0.2.10", "household@example.com", declining[i % 4]!)).status);
    expect(statuses).toEqual(Array(10).fill(402));
    // The same household pays at once, with its own email or a new one.
    expect((await attempt("192.0.2.10", "household@example.com", "4242424242424242")).status).toBe(201);
    expect((await attempt("192.0.2.10", "fresh@example.com", "4242424242424242")).status).toBe(201);
  });

  it("someone else's declines with your email never lock you out", async () => {
    for (let i = 0; i < 6; i++)
      expect((await attempt(`192.0.2.${20 + i}`, "victim@example.com", "4000000000009995")).status).toBe(402);
    expect((await attempt("192.0.2.30", "victim@example.com", "4242424242424242")).status).toBe(201);
  });

  it("limits checkout attempts per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await attempt("192.0.2.40", `buyer${i}@example.com`, "4111111111111111")).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("a real card's declines count against the card, the account and the address, not the email", async () => {
    const { services } = app;
    const secret = services.secret;
    const card = "4000 0000 0000 0002";
    // Three addresses try the same card: the card itself is then paused, wherever it comes from.
    for (const ip of ["198.18.0.1", "198.18.0.2", "198.18.0.3"])
      await recordDecline(
        services.rateLimiter,
        declineKeys(secret, { clientKey: clientKey(secret, ip), cardNumber: card }),
      );
    const sameCard = await declineWait(
      services.rateLimiter,
      declineKeys(secret, { clientKey: clientKey(secret, "198.18.0.9"), cardNumber: "4000000000000002" }),
    );
    expect(sameCard).toBeGreaterThan(0);
    expect(sameCard).toBeLessThanOrEqual(60);
    // Another card from a fourth address is not held up; each address has only one decline.
    expect(
      await declineWait(
        services.rateLimiter,
        declineKeys(secret, { clientKey: clientKey(secret, "198.18.0.1"), cardNumber: "4242424242424242" }),
      ),
    ).toBe(0);
    // An account's declines follow it to any address.
    for (let i = 0; i < 3; i++)
      await recordDecline(services.rateLimiter, declineKeys(secret, { userId: "user-card-testing" }));
    expect(await declineWait(services.rateLimiter, declineKeys(secret, { userId: "user-card-testing" }))).toBe(
      sameCard,
    );
  });
});
