import { CATEGORIES, type Category } from "./catalogue";

export type SortOrder = "featured" | "price-asc" | "price-desc";
export const SORT_ORDERS: Array<{ value: SortOrder; label: string }> = [
  { value: "featured", label: "Featured" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
];

export interface ListingQuery {
  category: Category | null;
  sort: SortOrder;
}

/** Reads ?category= and ?sort= leniently: unknown values fall back to "all" and "featured". */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const category = params.get("category");
  const sort = params.get("sort");
  return {
    category: (CATEGORIES as readonly string[]).includes(category ?? "") ? (category as Category) : null,
    sort: SORT_ORDERS.some((s) => s.value === sort) ? (sort as SortOrder) : "featured",
  };
}

interface Listable {
  category: Category;
  priceCents: number;
  position: number;
}

export function applyListingQuery<T extends Listable>(items: T[], query: ListingQuery): T[] {
  const filtered = query.category ? items.filter((item) => item.category === query.category) : [...items];
  if (query.sort === "featured") return filtered.sort((a, b) => a.position - b.position);
  const direction = query.sort === "price-asc" ? 1 : -1;
  return filtered.sort((a, b) => direction * (a.priceCents - b.priceCents) || a.position - b.position);
}
