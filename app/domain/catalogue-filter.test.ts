import { describe, expect, it } from "vitest";
import { applyListingQuery, needsRanks, offeredCategories, parseListingQuery } from "./catalogue-filter";
import type { Category } from "./catalogue";

const items: Array<{ id: string; name: string; category: Category; priceCents: number; position: number }> = [
  { id: "a", name: "Chaeto", category: "macroalgae", priceCents: 2499, position: 0 },
  { id: "b", name: "Bundle B", category: "bundle", priceCents: 4999, position: 1 },
  { id: "c", name: "Tip", category: "tip", priceCents: 500, position: 2 },
  { id: "d", name: "Bundle D", category: "bundle", priceCents: 3995, position: 3 },
];

describe("product listing", () => {
  it("reads category and sort leniently", () => {
    expect(parseListingQuery(new URLSearchParams("category=bundle&sort=price-asc"))).toEqual({
      category: "bundle",
      sort: "price-asc",
    });
    expect(parseListingQuery(new URLSearchParams("category=<script>&sort=drop"))).toEqual({
      category: null,
      sort: "featured",
    });
  });

  it("filters by category and sorts by price both ways", () => {
    const ids = (query: string) =>
      applyListingQuery(items, parseListingQuery(new URLSearchParams(query))).map((i) => i.id);
    expect(ids("")).toEqual(["a", "b", "c", "d"]);
    expect(ids("category=bundle")).toEqual(["b", "d"]);
    expect(ids("sort=price-asc")).toEqual(["c", "a", "d", "b"]);
    expect(ids("sort=price-desc")).toEqual(["b", "d", "a", "c"]);
    expect(ids("category=bundle&sort=price-asc")).toEqual(["d", "b"]);
  });

  it("reads the new sorts", () => {
    expect(parseListingQuery(new URLSearchParams("sort=newest")).sort).toBe("newest");
    expect(parseListingQuery(new URLSearchParams("sort=best-selling")).sort).toBe("best-selling");
    expect(needsRanks("newest") && needsRanks("best-selling")).toBe(true);
    expect(needsRanks("featured") || needsRanks("price-asc")).toBe(false);
  });

  it("Newest: the latest added first; added together, later in the shop's order first", () => {
    const DAY = 86_400_000;
    const dated = [
      { ...items[0]!, addedAt: 10 * DAY },
      { ...items[1]!, addedAt: 12 * DAY },
      { ...items[2]!, addedAt: 10 * DAY },
      { ...items[3]!, addedAt: 11 * DAY },
    ];
    const ids = (query: string) =>
      applyListingQuery(dated, parseListingQuery(new URLSearchParams(query))).map((i) => i.id);
    expect(ids("sort=newest")).toEqual(["b", "d", "c", "a"]);
    expect(ids("sort=newest&category=bundle")).toEqual(["b", "d"]);
    const seeded = items.map((i) => ({ ...i, addedAt: 5 }));
    expect(applyListingQuery(seeded, { category: null, sort: "newest" }).map((i) => i.id)).toEqual([
      "d",
      "c",
      "b",
      "a",
    ]);
  });

  it("Best selling: most units sold first, ties and unsold items by name", () => {
    const sold = [
      { ...items[0]!, unitsSold: 3 },
      { ...items[1]!, unitsSold: 7 },
      { ...items[2]!, unitsSold: 0 },
      { ...items[3]!, unitsSold: 3 },
    ];
    expect(applyListingQuery(sold, { category: null, sort: "best-selling" }).map((i) => i.id)).toEqual([
      "b",
      "d",
      "a",
      "c",
    ]);
    const none = items.map((i) => ({ ...i, unitsSold: 0 }));
    expect(applyListingQuery(none, { category: null, sort: "best-selling" }).map((i) => i.name)).toEqual([
      "Bundle B",
      "Bundle D",
      "Chaeto",
      "Tip",
    ]);
  });

  it("never loses or repeats an item, whatever the sort", () => {
    for (const sort of ["featured", "newest", "best-selling", "price-asc", "price-desc"] as const) {
      const sorted = applyListingQuery(items, { category: null, sort });
      expect(sorted.map((i) => i.id).sort()).toEqual(["a", "b", "c", "d"]);
    }
  });
});

describe("offeredCategories", () => {
  it("offers only the categories holding an item, in the shop's order, and keeps the one looked at", () => {
    expect(offeredCategories(items, null)).toEqual(["macroalgae", "bundle", "tip"]);
    expect(offeredCategories(items, "special")).toEqual(["special", "macroalgae", "bundle", "tip"]);
    expect(offeredCategories([], null)).toEqual([]);
  });
});
