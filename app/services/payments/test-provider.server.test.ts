import { describe, expect, it } from "vitest";
import { createTestProvider } from "./test-provider.server";

const NOW = new Date("2026-11-21T12:00:00Z");
const charge = (idempotencyKey: string, number = "4242424242424242", orderId = "order-1", amountCents = 2499) => ({
  orderId,
  orderNumber: "LR-TEST",
  amountCents,
  currency: "USD",
  email: "reefer@example.com",
  idempotencyKey,
  card: { number, expMonth: 12, expYear: 2034, cvc: "123" },
});

describe("test payment provider", () => {
  it("dedupes by idempotency key like Stripe: a repeat answers the first charge and charges nothing", async () => {
    const provider = createTestProvider(() => NOW);
    const first = await provider.charge(charge("key-a"));
    const again = await provider.charge(charge("key-a"));
    expect(first.status).toBe("succeeded");
    expect(again).toEqual(first);
    expect(provider.charges()).toEqual([
      { idempotencyKey: "key-a", orderId: "order-1", amountCents: 2499, result: first, requests: 2 },
    ]);

    const declined = await provider.charge(charge("key-b", "4000000000000002", "order-2"));
    expect(declined).toMatchObject({ status: "declined", reason: "card-declined" });
    expect(await provider.charge(charge("key-b", "4000000000000002", "order-2"))).toEqual(declined);
    expect(provider.charges()).toHaveLength(2);
  });

  it("refuses a key reused for another order or amount", async () => {
    const provider = createTestProvider(() => NOW);
    await provider.charge(charge("key-c"));
    await expect(provider.charge(charge("key-c", undefined, "order-9"))).rejects.toThrow(/idempotency key/);
    await expect(provider.charge(charge("key-c", undefined, "order-1", 100))).rejects.toThrow(/idempotency key/);
  });
});
