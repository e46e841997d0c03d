import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "#database/seed/catalogue-data";
import { cardFieldForRefusal, isTipsOnly } from "./checkout-rules";
import type { CartState } from "./cart-state";

const tip = SEED_PRODUCTS.find((p) => p.metadata.isTip)!;
const plant = SEED_PRODUCTS.find((p) => !p.metadata.isTip)!;
const cart = (lines: CartState["lines"], combos: CartState["combos"] = []): CartState => ({ lines, combos });

describe("cardFieldForRefusal", () => {
  it("marks the field each card problem is about", () => {
    expect(cardFieldForRefusal("invalid-number")).toBe("card.number");
    expect(cardFieldForRefusal("not-a-test-card")).toBe("card.number");
    expect(cardFieldForRefusal("invalid-expiry")).toBe("card.expiry");
    expect(cardFieldForRefusal("card-expired")).toBe("card.expiry");
    expect(cardFieldForRefusal("invalid-cvc")).toBe("card.cvc");
  });

  it("marks no card field for a refusal about something else", () => {
    expect(cardFieldForRefusal("out-of-stock")).toBeNull();
    expect(cardFieldForRefusal("expired-card")).toBeNull(); // a decline: the card is read, the bank said no
    expect(cardFieldForRefusal("toString")).toBeNull();
    expect(cardFieldForRefusal(undefined)).toBeNull();
  });
});

describe("isTipsOnly", () => {
  it("knows the catalogue's tip from its metadata", () => {
    expect(tip).toBeDefined();
    expect(isTipsOnly(cart([{ kind: "product", id: tip.id, quantity: 2 }]), SEED_PRODUCTS)).toBe(true);
  });

  it("is a purchase as soon as anything else is in the cart", () => {
    const both = cart([
      { kind: "product", id: tip.id, quantity: 1 },
      { kind: "product", id: plant.id, quantity: 1 },
    ]);
    expect(isTipsOnly(both, SEED_PRODUCTS)).toBe(false);
    expect(isTipsOnly(cart([{ kind: "product", id: plant.id, quantity: 1 }]), SEED_PRODUCTS)).toBe(false);
    expect(isTipsOnly(cart([{ kind: "bundle", id: tip.id, quantity: 1 }]), SEED_PRODUCTS)).toBe(false);
    expect(isTipsOnly(cart([]), SEED_PRODUCTS)).toBe(false);
  });

  it("follows the catalogue, not a product id", () => {
    const renamed = SEED_PRODUCTS.map((p) => (p === tip ? { ...p, id: "thanks-jar" } : p));
    expect(isTipsOnly(cart([{ kind: "product", id: "thanks-jar", quantity: 1 }]), renamed)).toBe(true);
    expect(isTipsOnly(cart([{ kind: "product", id: tip.id, quantity: 1 }]), renamed)).toBe(false);
  });
});
