import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeClient, createStripeProvider } from "#app/services/payments/stripe-provider.server";
import { startStripeStandIn } from "../helpers/stripe-saved-cards-stand-in";
import type { ChargeInput, PaymentProvider, SavedChargeInput } from "#app/services/payments/provider";

describe("Stripe saved cards and off-session charges, against a local stand-in for Stripe's API", () => {
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let provider: PaymentProvider;
  const intentCreates = () => standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
  const checkout = (over: Partial<ChargeInput> = {}): ChargeInput => ({
    orderId: "11111111-1111-4111-8111-111111111111",
    orderNumber: "LR-1001",
    amountCents: 4998,
    currency: "GBP",
    email: "Reefer@Example.com",
    idempotencyKey: `order-${crypto.randomUUID()}`,
    ...over,
  });
  const renewal = (paymentMethod: string, over: Partial<SavedChargeInput> = {}): SavedChargeInput => ({
    orderId: "22222222-2222-4222-8222-222222222222",
    orderNumber: "LR-2001",
    amountCents: 2499,
    currency: "GBP",
    email: "reefer@example.com",
    idempotencyKey: `sub-1:2026-12:${crypto.randomUUID()}`,
    method: { customer: "cus_standin_1", paymentMethod, label: "Visa •••• 4242" },
    ...over,
  });

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    provider = createStripeProvider(createStripeClient({ secretKey: "sk_test_standin", apiUrl: standIn.url }));
  });
  afterAll(async () => {
    await standIn?.close();
  });

  it("without saveForLater creates the PaymentIntent exactly as before: no Customer, no setup_future_usage", async () => {
    const customerRequests = () => standIn.requests.filter((r) => r.path === "/v1/customers").length;
    const before = customerRequests();
    const input = checkout();
    const result = await provider.charge(input);
    expect(result.status).toBe("pending");
    const sent = intentCreates().at(-1)!;
    expect(sent.idempotencyKey).toBe(`checkout:${input.idempotencyKey}`);
    expect(Object.fromEntries(sent.body)).toEqual({
      amount: "4998",
      currency: "gbp",
      receipt_email: "Reefer@Example.com",
      "automatic_payment_methods[enabled]": "true",
      "metadata[orderId]": input.orderId,
      "metadata[orderNumber]": "LR-1001",
    });
    expect(customerRequests()).toBe(before);
  });

  it("with saveForLater finds or creates the buyer's Customer and asks Stripe to keep the card off-session", async () => {
    const first = await provider.charge(checkout({ saveForLater: true }));
    expect(first.status).toBe("pending");
    const sent = intentCreates().at(-1)!;
    expect(sent.body.get("customer")).toBe("cus_standin_1");
    expect(sent.body.get("setup_future_usage")).toBe("off_session");
    expect(sent.body.get("amount")).toBe("4998");
    const created = standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/customers");
    expect(created).toHaveLength(1);
    const hash = crypto.createHash("sha256").update("reefer@example.com").digest("hex");
    expect(created[0]!.idempotencyKey).toBe(`customer:${hash}`);
    expect(created[0]!.body.get("email")).toBe("reefer@example.com");

    // The same buyer again (another spelling of the address): the same Customer, none created.
    await provider.charge(checkout({ saveForLater: true, email: " reefer@EXAMPLE.com" }));
    expect(intentCreates().at(-1)!.body.get("customer")).toBe("cus_standin_1");
    expect(standIn.customers).toHaveLength(1);
  });

  it("savedMethodOf reads the Customer, PaymentMethod and label once the payment succeeded", async () => {
    const charged = await provider.charge(checkout({ saveForLater: true }));
    if (charged.status !== "pending") throw new Error("expected a pending PaymentIntent");
    // Not paid yet: nothing kept.
    expect(await provider.savedMethodOf(charged.reference)).toBeNull();
    // A card given but still in 3-D Secure, or still settling: not kept yet.
    standIn.confirmInBrowser(charged.reference, "pm_card_visa", "requires_action");
    expect(await provider.savedMethodOf(charged.reference)).toBeNull();
    standIn.confirmInBrowser(charged.reference, "pm_card_visa", "processing");
    expect(await provider.savedMethodOf(charged.reference)).toBeNull();
    standIn.confirmInBrowser(charged.reference, "pm_card_visa");
    expect(await provider.savedMethodOf(charged.reference)).toEqual({
      customer: "cus_standin_1",
      paymentMethod: "pm_card_visa",
      label: "Visa •••• 4242",
    });
    const retrieve = standIn.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/payment_intents/"));
    expect([...retrieve.at(-1)!.body.values()]).toContain("payment_method");

    const mastercard = await provider.charge(checkout({ saveForLater: true }));
    standIn.confirmInBrowser(mastercard.reference!, "pm_card_mastercard");
    expect((await provider.savedMethodOf(mastercard.reference!))?.label).toBe("Mastercard •••• 4444");

    // Paid without saveForLater: no Customer, nothing kept.
    const plain = await provider.charge(checkout());
    standIn.confirmInBrowser(plain.reference!, "pm_card_visa");
    expect(await provider.savedMethodOf(plain.reference!)).toBeNull();
  });

  it("chargeSaved charges off-session and answers succeeded", async () => {
    const input = renewal("pm_card_visa");
    const result = await provider.chargeSaved(input);
    expect(result).toEqual({ status: "succeeded", reference: expect.stringMatching(/^pi_standin_/) });
    const sent = intentCreates().at(-1)!;
    expect(sent.idempotencyKey).toBe(`renewal:${input.idempotencyKey}`);
    expect(sent.body.get("customer")).toBe("cus_standin_1");
    expect(sent.body.get("payment_method")).toBe("pm_card_visa");
    expect(sent.body.get("off_session")).toBe("true");
    expect(sent.body.get("confirm")).toBe("true");
    // Nobody is there to follow a redirect, and Stripe wants a return_url for one.
    expect(sent.body.get("automatic_payment_methods[allow_redirects]")).toBe("never");
    expect(sent.body.get("amount")).toBe("2499");
    expect(sent.body.get("receipt_email")).toBe("reefer@example.com");
    expect(sent.body.get("metadata[orderId]")).toBe(input.orderId);
    expect(sent.body.get("metadata[orderNumber]")).toBe("LR-2001");
  });

  it("chargeSaved answers a declined card with the shop's reason and the PaymentIntent", async () => {
    const result = await provider.chargeSaved(renewal("pm_card_chargeCustomerFail"));
    expect(result).toEqual({
      status: "declined",
      reason: "card-declined",
      message: "Your card was declined. Please try another card.",
      reference: expect.stringMatching(/^pi_standin_/),
    });
    const funds = await provider.chargeSaved(renewal("pm_card_visa_chargeDeclinedInsufficientFunds"));
    expect(funds).toMatchObject({ status: "declined", reason: "insufficient-funds" });
  });

  it.each(["requires_action", "requires_payment_method"] as const)(
    "chargeSaved answers requires_action when the issuer wants the buyer (3-D Secure; intent left in %s)",
    async (left) => {
      standIn.state.authenticationLeaves = left;
      const result = await provider.chargeSaved(renewal("pm_card_authenticationRequired"));
      expect(result.status).toBe("requires_action");
      expect(result.reference).toMatch(/^pi_standin_/);
      expect(standIn.intents.get(result.reference!)?.status).toBe(left);
    },
  );

  it("the same renewal attempt twice creates one PaymentIntent and gives the same answer", async () => {
    const before = standIn.intents.size;
    const input = renewal("pm_card_visa");
    const first = await provider.chargeSaved(input);
    const again = await provider.chargeSaved(input);
    expect(again).toEqual(first);
    expect(standIn.intents.size).toBe(before + 1);

    const declinedInput = renewal("pm_card_chargeCustomerFail");
    const declinedFirst = await provider.chargeSaved(declinedInput);
    expect(await provider.chargeSaved(declinedInput)).toEqual(declinedFirst);
    expect(standIn.intents.size).toBe(before + 2);

    // Another attempt (another key) is another charge.
    await provider.chargeSaved(renewal("pm_card_visa"));
    expect(standIn.intents.size).toBe(before + 3);
  });

  it("a request Stripe refuses throws instead of passing for a decline", async () => {
    await expect(provider.chargeSaved(renewal("pm_card_unknown"))).rejects.toThrow(/No such PaymentMethod/);
  });

  it("a Stripe that cannot be reached throws", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", () => r()));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const unreachable = createStripeProvider(
      createStripeClient({ secretKey: "sk_test_standin", apiUrl: `http://127.0.0.1:${port}` }),
    );
    await expect(unreachable.chargeSaved(renewal("pm_card_visa"))).rejects.toThrow();
    await expect(unreachable.savedMethodOf("pi_standin_1")).rejects.toThrow();
    await expect(unreachable.charge(checkout({ saveForLater: true }))).rejects.toThrow();
  });
});
