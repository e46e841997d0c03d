import { CATEGORIES, type Category } from "./catalogue";

export type SortOrder = "featured" | "newest" | "best-selling" | "price-asc" | "price-desc";
export const SORT_ORDERS: Array<{ value: SortOrder; label: string }> = [
  { value: "featured", label: "Featured" },
  { value: "newest", label: "Newest" },
  { value: "best-selling", label: "Best selling" },
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

/** Whether a sort needs the listing's dates and sales (read from the database only then). */
export function needsRanks(sort: SortOrder): boolean {
  return sort === "newest" || sort === "best-selling";
}

interface Listable {
  category: Category;
  priceCents: number;
  /** The shop's own order ("Featured"); the seed adds items in this order. */
  position: number;
  name: string;
  /** When the item was added to the catalogue (epoch ms); absent when not read. */
  addedAt?: number;
  /** Units sold in paid orders; absent when not read. */
  unitsSold?: number;
}

const byName = (a: Listable, b: Listable) => a.name.localeCompare(b.name, "en");

const COMPARATORS: Record<SortOrder, (a: Listable, b: Listable) => number> = {
  featured: (a, b) => a.position - b.position,
  // Items added in the same instant (the seed adds the whole catalogue in one transaction) are
  // told apart by the order they were added in: later in the shop's order is newer.
  newest: (a, b) => (b.addedAt ?? 0) - (a.addedAt ?? 0) || b.position - a.position || byName(a, b),
  "best-selling": (a, b) => (b.unitsSold ?? 0) - (a.unitsSold ?? 0) || byName(a, b),
  "price-asc": (a, b) => a.priceCents - b.priceCents || a.position - b.position,
  "price-desc": (a, b) => b.priceCents - a.priceCents || a.position - b.position,
};

export function applyListingQuery<T extends Listable>(items: T[], query: ListingQuery): T[] {
  const filtered = query.category ? items.filter((item) => item.category === query.category) : [...items];
  return filtered.sort(COMPARATORS[query.sort]);
}

/**
 * The categories worth a filter: those holding at least one item the shop shows now, in the
 * shop's order. A filter that would list nothing (an offer that ended) is not offered; the one
 * being looked at is kept, so a shopper arriving by an old link sees where they are.
 */
export function offeredCategories(
  items: ReadonlyArray<Pick<Listable, "category">>,
  current: Category | null,
): Category[] {
  const held = new Set(items.map((item) => item.category));
  return CATEGORIES.filter((category) => held.has(category) || category === current);
}
