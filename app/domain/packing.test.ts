import { describe, expect, it } from "vitest";
import { pickList, returnAddressLines, unitsToPick } from "./packing";

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
          { productId: "combo-product", title: "Chaeto + Coral Food Combo", quantity: 6, ships: true },
          { productId: "food", title: "Coral Food", quantity: 2, ships: true },
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
      { productId: "chaeto", title: "Chaeto", quantity: 6, ships: true },
      { productId: "food", title: "Coral Food", quantity: 3, ships: true },
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
      [{ productId: "chaeto", title: "Chaeto", quantity: 1, ships: true }],
      [{ productId: null, title: "Old Kit", quantity: 1, ships: true }],
    ]);
  });

  it("marks a digital product as nothing to pack and leaves it out of the units to pick", () => {
    const groups = pickList(
      [
        { kind: "product", id: "chaeto", productIds: null, title: "Chaeto", quantity: 2 },
        { kind: "product", id: "tip", productIds: null, title: "Tip", quantity: 1 },
      ],
      new Map(),
      titles,
      new Set(["tip"]),
    );
    expect(groups.map((g) => g.items[0]!.ships)).toEqual([true, false]);
    expect(unitsToPick(groups)).toBe(2);
  });
});

describe("the packing slip's return address", () => {
  it("leaves out a first line that is the shop's name, printed above it already (the README's example)", () => {
    expect(returnAddressLines("Lazy Reefer", ["Lazy Reefer", "12 Harbor Rd", "Tampa, FL 33602"])).toEqual([
      "12 Harbor Rd",
      "Tampa, FL 33602",
    ]);
  });

  it("compares trimmed and case-insensitive", () => {
    expect(returnAddressLines("Lazy Reefer", ["  LAZY reefer ", "12 Harbor Rd"])).toEqual(["12 Harbor Rd"]);
    expect(returnAddressLines(" Lazy  Reefer", ["lazy reefer", "12 Harbor Rd"])).toEqual(["12 Harbor Rd"]);
  });

  it("keeps an address that does not start with the name, or names it only further down", () => {
    expect(returnAddressLines("Lazy Reefer", ["12 Harbor Rd", "Tampa, FL 33602"])).toEqual([
      "12 Harbor Rd",
      "Tampa, FL 33602",
    ]);
    expect(returnAddressLines("Lazy Reefer", ["Lazy Reefer LLC", "12 Harbor Rd"])).toEqual([
      "Lazy Reefer LLC",
      "12 Harbor Rd",
    ]);
    expect(returnAddressLines("Lazy Reefer", ["c/o Dock 4", "Lazy Reefer"])).toEqual(["c/o Dock 4", "Lazy Reefer"]);
    expect(returnAddressLines("Lazy Reefer", [])).toEqual([]);
  });
});
