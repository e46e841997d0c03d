import { describe, expect, it } from "vitest";
import { STRIPE_WORST_CASE_MS } from "#app/services/payments/stripe-provider.server";
import { DEFAULT_IDEMPOTENCY_LEASE_SECONDS, paymentIdempotencyKey } from "./checkout";

describe("checkout idempotency lease", () => {
  it("outlasts the slowest legitimate payment call, with room for the database work around it", () => {
    expect(DEFAULT_IDEMPOTENCY_LEASE_SECONDS * 1000).toBeGreaterThanOrEqual(STRIPE_WORST_CASE_MS + 30_000);
  });

  it("gives each order of a checkout its own payment key, the same on every retry, within Stripe's 255 characters", () => {
    const key = "k".repeat(200);
    const order = "0b6a3f3e-8c1e-4d59-9a43-5c1f0f3b2a10";
    expect(paymentIdempotencyKey(key, order)).toBe(paymentIdempotencyKey(key, order));
    expect(paymentIdempotencyKey(key, order)).not.toBe(
      paymentIdempotencyKey(key, "6f1c0b1e-2b7d-4f4e-8d8e-0a4c1c7e9b21"),
    );
    expect(`checkout:${paymentIdempotencyKey(key, order)}`.length).toBeLessThanOrEqual(255);
  });
});
