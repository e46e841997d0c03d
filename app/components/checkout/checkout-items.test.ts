import { describe, expect, it } from "vitest";
import { cartItems } from "./checkout-items";

describe("cartItems", () => {
  it("sends a subscribed line's interval as subscribeEveryWeeks, and nothing for a line bought once", () => {
    expect(
      cartItems({
        lines: [
          { kind: "product", id: "chaeto-coral-food-combo", quantity: 2, everyWeeks: 4 },
          { kind: "product", id: "premium-chaeto", quantity: 1 },
          { kind: "bundle", id: "lazy-starter", quantity: 1 },
        ],
        combos: [],
      }),
    ).toEqual([
      { kind: "product", id: "chaeto-coral-food-combo", quantity: 2, subscribeEveryWeeks: 4 },
      { kind: "product", id: "premium-chaeto", quantity: 1 },
      { kind: "bundle", id: "lazy-starter", quantity: 1 },
    ]);
  });
});
