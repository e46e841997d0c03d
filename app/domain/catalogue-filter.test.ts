import { describe, expect, it } from "vitest";
import { applyListingQuery, parseListingQuery } from "./catalogue-filter";
import type { Category } from "./catalogue";

const items: Array<{ id: string; category: Category; priceCents: number; position: number }> = [
  { id: "a", category: "macroalgae", priceCents: 2499, position: 0 },
  { id: "b", category: "bundle", priceCents: 4999, position: 1 },
  { id: "c", category: "tip", priceCents: 500, position: 2 },
  { id: "d", category: "bundle", priceCents: 3995, position: 3 },
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
});
