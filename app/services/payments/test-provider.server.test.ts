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

  it("keeps a card for later only when asked and only by the documented test PaymentMethod, never its number", async () => {
    const provider = createTestProvider(() => NOW);
    const plain = await provider.charge(charge("k-plain"));
    expect(plain).not.toHaveProperty("saved");
    const kept = await provider.charge({ ...charge("k-keep"), saveForLater: true });
    expect(kept).toMatchObject({
      status: "succeeded",
      saved: { paymentMethod: "pm_card_visa", label: "Visa •••• 4242" },
    });
    expect(await provider.savedMethodOf((kept as { reference: string }).reference)).toEqual(
      (kept as { saved: unknown }).saved,
    );
    expect(JSON.stringify(provider.charges())).not.toContain("4242424242424242");
    // A declined card keeps nothing.
    const declined = await provider.charge({ ...charge("k-no", "4000000000000002", "order-9"), saveForLater: true });
    expect(declined).not.toHaveProperty("saved");
  });

  it("charges a kept card off-session as its documented PaymentMethod does, once per key", async () => {
    const provider = createTestProvider(() => NOW);
    const saved = (paymentMethod: string) => ({
      orderId: `o-${paymentMethod}`,
      orderNumber: "LR-SUB",
      amountCents: 3149,
      currency: "USD",
      email: "reefer@example.com",
      idempotencyKey: `renewal:${paymentMethod}:1:1`,
      method: { customer: "test_cus_1", paymentMethod, label: "Visa" },
    });
    expect(await provider.chargeSaved(saved("pm_card_visa"))).toMatchObject({ status: "succeeded" });
    expect(await provider.chargeSaved(saved("pm_card_chargeCustomerFail"))).toMatchObject({
      status: "declined",
      reason: "card-declined",
    });
    expect(await provider.chargeSaved(saved("pm_card_authenticationRequired"))).toMatchObject({
      status: "requires_action",
    });
    await provider.chargeSaved(saved("pm_card_visa"));
    expect(provider.charges().find((c) => c.orderId === "o-pm_card_visa")?.requests).toBe(2);
    // Saving a card without a charge: a declining card is refused, one that saves then declines is kept.
    expect(
      await provider.saveCard!({ email: "r@example.com", card: charge("x", "4000000000000002").card }),
    ).toMatchObject({ ok: false, reason: "card-declined" });
    expect(
      await provider.saveCard!({ email: "r@example.com", card: charge("x", "4000000000000341").card }),
    ).toMatchObject({ ok: true, method: { paymentMethod: "pm_card_chargeCustomerFail", label: "Visa •••• 0341" } });
  });
});
