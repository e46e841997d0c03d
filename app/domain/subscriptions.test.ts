import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceCart } from "./cart";
import { cartFromItems } from "./cart-items";
import {
  applyAction,
  chargeDateProblem,
  describeSubscribedPrice,
  EveryWeeksSchema,
  nextRetryAt,
  subscribedUnitPrice,
  type SubscriptionState,
} from "./subscriptions";
import type { CatalogueSnapshot } from "./cart-state";
import type { Product } from "./catalogue";

const product = (over: Partial<Product> = {}): Product => ({
  id: "combo",
  title: "Chaeto + Coral Food Combo",
  description: "",
  priceCents: 3499,
  originalPriceCents: null,
  imageKeys: [],
  category: "combo",
  quantity: 20,
  active: true,
  sku: "C",
  weightGrams: 300,
  supplier: "local",
  fulfillmentType: "manual",
  tags: [],
  metadata: {},
  subscribeSavingPercent: 10,
  ...over,
});
const now = new Date("2026-12-01T15:00:00Z");

describe("subscribed price", () => {
  it("is today's price less the saving, in whole cents that add back up", () => {
    expect(subscribedUnitPrice(3499, 10)).toEqual({ unitPrice: 3149, saving: 350 });
    expect(subscribedUnitPrice(1000, 15)).toEqual({ unitPrice: 850, saving: 150 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 50 }), (price, percent) => {
        const { unitPrice, saving } = subscribedUnitPrice(price, percent);
        expect(Number.isInteger(unitPrice) && Number.isInteger(saving)).toBe(true);
        expect(unitPrice + saving).toBe(price);
        // Never more than half a cent away from the exact saving.
        expect(Math.abs(saving - (price * percent) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
    expect(describeSubscribedPrice(3149, 350, 4)).toBe("$31.49 every 4 weeks (save $3.50)");
  });

  it("prices a subscribed cart line at the saving and counts it in the cart's saving", () => {
    const catalogue: CatalogueSnapshot = { products: [product()], bundles: [] };
    const built = cartFromItems(
      [{ kind: "product", id: "combo", quantity: 2, subscribeEveryWeeks: 4 }],
      catalogue,
      now,
    );
    if ("problem" in built) throw new Error(built.problem.message);
    const quote = priceCart(built.cart, catalogue);
    expect(quote.lines[0]).toMatchObject({
      unitPrice: 3149,
      unitOriginalPrice: 3499,
      total: 6298,
      subscription: { everyWeeks: 4, savingPercent: 10, unitSaving: 350 },
    });
    expect(quote.discount).toBe(700);
    expect(quote.total).toBe(6298);
  });

  it("keeps a once and a subscribed line of one product apart, and refuses what is not offered", () => {
    const catalogue: CatalogueSnapshot = {
      products: [product(), product({ id: "chaeto", subscribeSavingPercent: null })],
      bundles: [],
    };
    const built = cartFromItems(
      [
        { kind: "product", id: "combo", quantity: 1 },
        { kind: "product", id: "combo", quantity: 1, subscribeEveryWeeks: 6 },
      ],
      catalogue,
      now,
    );
    if ("problem" in built) throw new Error(built.problem.message);
    expect(priceCart(built.cart, catalogue).lines.map((l) => l.unitPrice)).toEqual([3499, 3149]);
    const refused = cartFromItems(
      [{ kind: "product", id: "chaeto", quantity: 1, subscribeEveryWeeks: 4 }],
      catalogue,
      now,
    );
    expect(refused).toMatchObject({ problem: { reason: "not-subscribable" } });
    const tooMany = cartFromItems(
      [{ kind: "product", id: "combo", quantity: 11, subscribeEveryWeeks: 4 }],
      catalogue,
      now,
    );
    expect(tooMany).toMatchObject({ problem: { reason: "quantity-limit" } });
  });

  it("offers every 2 to 12 whole weeks", () => {
    for (const ok of [2, 4, 12]) expect(EveryWeeksSchema.safeParse(ok).success).toBe(true);
    for (const bad of [1, 13, 2.5, "4"]) expect(EveryWeeksSchema.safeParse(bad).success).toBe(false);
  });
});

describe("subscription changes", () => {
  const active: SubscriptionState = { status: "active", everyWeeks: 4, nextChargeOn: "2026-12-29", period: 3 };

  it("skip gives up one period and moves the charge one interval", () => {
    expect(applyAction(active, "skip", "2026-12-20")).toEqual({
      ok: true,
      changed: true,
      next: { ...active, nextChargeOn: "2027-01-26", period: 4 },
    });
  });

  it("resume never leaves a charge due before its reminder could reach the buyer", () => {
    const paused = { ...active, status: "paused" as const, nextChargeOn: "2026-12-02" };
    expect(applyAction(paused, "resume", "2026-12-20")).toMatchObject({
      ok: true,
      next: { status: "active", nextChargeOn: "2026-12-23", period: 3 },
    });
    expect(applyAction({ ...paused, nextChargeOn: "2027-02-01" }, "resume", "2026-12-20")).toMatchObject({
      next: { nextChargeOn: "2027-02-01" },
    });
  });

  it("repeats change nothing, a cancelled one only stays cancelled, a starting one only cancels", () => {
    expect(applyAction({ ...active, status: "paused" }, "pause", "2026-12-20")).toMatchObject({
      ok: true,
      changed: false,
    });
    const cancelled = { ...active, status: "cancelled" as const };
    expect(applyAction(cancelled, "cancel", "2026-12-20")).toMatchObject({ ok: true, changed: false });
    for (const action of ["skip", "pause", "resume"] as const)
      expect(applyAction(cancelled, action, "2026-12-20")).toMatchObject({ ok: false, reason: "cancelled" });
    expect(applyAction({ ...active, status: "paused" }, "skip", "2026-12-20")).toMatchObject({ ok: false });
    expect(applyAction({ ...active, status: "pending" }, "skip", "2026-12-20")).toMatchObject({ ok: false });
    expect(applyAction({ ...active, status: "pending" }, "cancel", "2026-12-20")).toMatchObject({ ok: true });
  });

  it("moves a charge only to a day from tomorrow to one interval after the next charge", () => {
    expect(chargeDateProblem("2026-12-21", "2026-12-20", 4, "2026-12-29")).toBeNull();
    expect(chargeDateProblem("2027-01-26", "2026-12-20", 4, "2026-12-29")).toBeNull();
    expect(chargeDateProblem("2027-01-27", "2026-12-20", 4, "2026-12-29")).toMatch(/up to/);
    // After a skip the next charge lies more than an interval ahead: it may stay, and move on.
    expect(chargeDateProblem("2027-01-26", "2026-12-20", 4, "2027-01-26")).toBeNull();
    expect(chargeDateProblem("2027-02-23", "2026-12-20", 4, "2027-01-26")).toBeNull();
    // A charge day already past counts from today.
    expect(chargeDateProblem("2027-01-17", "2026-12-20", 4, "2026-12-01")).toBeNull();
    expect(chargeDateProblem("2027-01-18", "2026-12-20", 4, "2026-12-01")).toMatch(/up to/);
    expect(chargeDateProblem("2026-12-20", "2026-12-20", 4, "2026-12-29")).toMatch(/after today/);
    expect(chargeDateProblem("2026-02-30", "2026-01-20", 4, "2026-02-01")).not.toBeNull();
    expect(chargeDateProblem("soon", "2026-12-20", 4, "2026-12-29")).toMatch(/like/);
  });

  it("retries a declined renewal at 3 and 7 days, then stops", () => {
    const first = new Date("2026-12-29T15:00:00Z");
    expect(nextRetryAt(first, 1)?.toISOString()).toBe("2027-01-01T15:00:00.000Z");
    expect(nextRetryAt(first, 2)?.toISOString()).toBe("2027-01-05T15:00:00.000Z");
    expect(nextRetryAt(first, 3)).toBeNull();
  });
});
