import { describe, expect, it } from "vitest";
import { pickList, unitsToPick } from "./packing";

const titles = new Map([
  ["chaeto", "Chaeto"],
  ["food", "Coral Food"],
  ["combo-product", "Chaeto + Coral Food Combo"],
]);

describe("pick list", () => {
  it("expands a bundle into its products times the kits ordered", () => {
    const groups = pickList(
      [{ kind: "bundle", id: "starter", productIds: null, title: "Lazy Starter", quantity: 2 }],
      new Map([
        [
          "starter",
          [
            { productId: "combo-product", quantity: 3 },
            { productId: "food", quantity: 1 },
          ],
        ],
      ]),
      titles,
    );
    expect(groups).toEqual([
      {
        title: "Lazy Starter",
        kind: "bundle",
        quantity: 2,
        items: [
          { productId: "combo-product", title: "Chaeto + Coral Food Combo", quantity: 6 },
          { productId: "food", title: "Coral Food", quantity: 2 },
        ],
      },
    ]);
    expect(unitsToPick(groups)).toBe(8);
  });

  it("expands a combo into one of each product per combo, counting a repeated product", () => {
    const [group] = pickList(
      [{ kind: "combo", id: null, productIds: ["chaeto", "food", "chaeto"], title: "Custom combo", quantity: 3 }],
      new Map(),
      titles,
    );
    expect(group!.items).toEqual([
      { productId: "chaeto", title: "Chaeto", quantity: 6 },
      { productId: "food", title: "Coral Food", quantity: 3 },
    ]);
  });

  it("keeps a plain product, and a bundle whose kit is gone, as one line", () => {
    const groups = pickList(
      [
        { kind: "product", id: "chaeto", productIds: null, title: "Chaeto", quantity: 1 },
        { kind: "bundle", id: "retired", productIds: null, title: "Old Kit", quantity: 1 },
      ],
      new Map(),
      titles,
    );
    expect(groups.map((g) => g.items)).toEqual([
      [{ productId: "chaeto", title: "Chaeto", quantity: 1 }],
      [{ productId: null, title: "Old Kit", quantity: 1 }],
    ]);
  });
});
