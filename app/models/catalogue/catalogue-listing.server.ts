import { inShopWindow } from "#app/domain/availability";
import { applyListingQuery, needsRanks, offeredCategories, type ListingQuery } from "#app/domain/catalogue-filter";
import { bundleView, productView, type BundleView, type ProductView } from "#app/models/catalogue/catalogue-view";
import { listBundles, listProducts } from "#app/models/catalogue/catalogue.server";
import { loadListingRanks } from "#app/models/catalogue/listing-ranks.server";
import type { Category } from "#app/domain/catalogue";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

export type Listing = ({ kind: "product"; item: ProductView } | { kind: "bundle"; item: BundleView }) & {
  category: ProductView["category"];
  priceCents: number;
  position: number;
  name: string;
  addedAt?: number;
  unitsSold?: number;
};

/** The image a listing's card shows. */
export function listingImageKey(listing: Listing): string {
  return listing.kind === "product" ? (listing.item.imageKeys[0] ?? listing.item.id) : listing.item.imageKey;
}

/**
 * What the catalogue shows for `query` at `now`, in its order, how many items the shop window
 * holds and which category filters hold any of them.
 */
export async function catalogueListing(
  db: Kysely<Database>,
  query: ListingQuery,
  now: Date,
): Promise<{ listings: Listing[]; total: number; categories: Category[] }> {
  const products = await listProducts(db);
  const bundles = await listBundles(db, products);
  // Dates and sales only for the sorts that use them.
  const ranks = needsRanks(query.sort) ? await loadListingRanks(db) : null;
  const listings: Listing[] = [
    ...products
      .filter((p) => inShopWindow(p, now))
      .map((p, i) => ({
        kind: "product" as const,
        item: productView(p, now),
        category: p.category,
        priceCents: p.priceCents,
        position: i,
        name: p.title,
        addedAt: ranks?.addedAt.get(`product:${p.id}`),
        unitsSold: ranks?.unitsSold.get(`product:${p.id}`),
      })),
    ...bundles
      .filter((b) => b.active)
      .map((b, i) => ({
        kind: "bundle" as const,
        item: bundleView(b, products, now),
        category: "bundle" as const,
        priceCents: b.priceCents,
        position: 100 + i,
        name: b.name,
        addedAt: ranks?.addedAt.get(`bundle:${b.id}`),
        unitsSold: ranks?.unitsSold.get(`bundle:${b.id}`),
      })),
  ];
  return {
    listings: applyListingQuery(listings, query),
    total: listings.length,
    categories: offeredCategories(listings, query.category),
  };
}
