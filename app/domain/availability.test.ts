import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "#database/seed/catalogue-data";
import { isOfferExpired, isPurchasable, needsShipping, offerEndsAt, stockLabel, stockState } from "./availability";
import type { Product } from "./catalogue";

const special = { ...SEED_PRODUCTS.find((p) => p.id === "october-special")!, active: true } as Product;
const tip = { ...SEED_PRODUCTS.find((p) => p.id === "service-tip")!, active: true } as Product;

describe("offer validity", () => {
  it("holds through the whole validUntil day in UTC and ends at the next midnight", () => {
    expect(offerEndsAt("2024-10-31")?.toISOString()).toBe("2024-11-01T00:00:00.000Z");
    expect(isOfferExpired(special, new Date("2024-10-31T23:59:59.999Z"))).toBe(false);
    expect(isOfferExpired(special, new Date("2024-11-01T00:00:00.000Z"))).toBe(true);
  });

  it("honours a full timestamp as given and ignores an unreadable one", () => {
    expect(offerEndsAt("2025-01-01T10:00:00Z")?.toISOString()).toBe("2025-01-01T10:00:00.000Z");
    expect(offerEndsAt("not a date")).toBeNull();
    expect(isOfferExpired({ metadata: { validUntil: "soon" } }, new Date())).toBe(false);
  });

  it("makes an ended special unpurchasable whatever its stock", () => {
    expect(isPurchasable(special, new Date("2024-10-20T00:00:00Z"))).toBe(true);
    expect(isPurchasable(special, new Date("2026-11-21T00:00:00Z"))).toBe(false);
    expect(stockLabel(stockState(special, new Date("2026-11-21T00:00:00Z")))).toBe("Offer ended");
  });
});

describe("stock state", () => {
  const now = new Date("2024-10-01T00:00:00Z");
  const item = (quantity: number, active = true) => ({ quantity, active, metadata: {} });

  it("says 'only N left' under ten and 'out of stock' at zero", () => {
    expect(stockLabel(stockState(item(10), now))).toBe("In stock");
    expect(stockLabel(stockState(item(9), now))).toBe("Only 9 left");
    expect(stockLabel(stockState(item(1), now))).toBe("Only 1 left");
    expect(stockLabel(stockState(item(0), now))).toBe("Out of stock");
  });

  it("treats a deactivated item as unavailable", () => {
    expect(stockState(item(50, false), now).kind).toBe("unavailable");
  });
});

describe("shipping", () => {
  it("never ships the digital tip", () => {
    expect(needsShipping(tip)).toBe(false);
    expect(needsShipping(special)).toBe(true);
  });
});

describe("what the shopper is told", () => {
  it("the digital tip says it has nothing to ship instead of In stock", () => {
    const tip = { quantity: 999, active: true, fulfillmentType: "digital" as const, metadata: {} };
    expect(stockLabel(stockState(tip, new Date()))).toBe("Digital, nothing to ship");
    expect(stockLabel(stockState({ ...tip, fulfillmentType: "manual" }, new Date()))).toBe("In stock");
    expect(stockLabel(stockState({ ...tip, quantity: 0 }, new Date()))).toBe("Out of stock");
  });
});
