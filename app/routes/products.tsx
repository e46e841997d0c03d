import { Form, Link, useSubmit } from "react-router";
import { onFirstUse } from "~/components/on-first-use";
import { BundleCard, CARD_SIZES, categoryLabel, ProductCard } from "~/components/product-card";
import { inShopWindow } from "~/domain/availability";
import { CATEGORIES } from "~/domain/catalogue";
import { applyListingQuery, needsRanks, parseListingQuery, SORT_ORDERS } from "~/domain/catalogue-filter";
import { catalogImagePreload } from "~/domain/images";
import { bundleView, productView, type BundleView, type ProductView } from "~/models/catalogue-view";
import { listBundles, listProducts } from "~/models/catalogue.server";
import { loadListingRanks } from "~/models/listing-ranks.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/products";

// Below the fold: its code loads when it scrolls into view or is touched (components/on-first-use.tsx).
const ComboBuilder = onFirstUse(() => import("~/components/combo-builder").then((m) => m.ComboBuilder), {
  whenVisible: true,
});

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  const first = data?.listings[0];
  return [
    ...pageMeta(matches, {
      title: "Shop live chaeto, coral food, kits and bundles",
      description:
        "Browse every Lazy Reefer product and bundle: premium chaeto, coral food combos, the refugium starter kit and five money-saving reef bundles.",
      path: `/products${location.search}`,
    }),
    // The first card's image is the largest thing on a phone's first screen (`links` cannot see
    // loader data, so the preload goes here).
    ...(first ? [{ tagName: "link", ...catalogImagePreload(listingImageKey(first), CARD_SIZES) }] : []),
  ];
};

type Listing = ({ kind: "product"; item: ProductView } | { kind: "bundle"; item: BundleView }) & {
  category: ProductView["category"];
  priceCents: number;
  position: number;
  name: string;
  addedAt?: number;
  unitsSold?: number;
};

function listingImageKey(listing: Listing): string {
  return listing.kind === "product" ? (listing.item.imageKeys[0] ?? listing.item.id) : listing.item.imageKey;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const now = context.services.clock();
  const query = parseListingQuery(new URL(request.url).searchParams);
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
  return { query, listings: applyListingQuery(listings, query), total: listings.length };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { query, listings, total } = loaderData;
  const submit = useSubmit();
  const chip = (category: string | null) => {
    const params = new URLSearchParams();
    if (category) params.set("category", category);
    if (query.sort !== "featured") params.set("sort", query.sort);
    const search = params.toString();
    return search ? `?${search}` : ".";
  };
  return (
    <div className="container-page py-12">
      <p className="eyebrow">Shop</p>
      <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">Everything for a lazy, stable reef</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">
        Live chaeto, coral food, kits and bundles. Free shipping on every order; live plants ship early in the week.
      </p>

      <div className="mt-8 flex flex-col gap-4 border-y border-line py-4 lg:flex-row lg:items-center lg:justify-between">
        <nav aria-label="Filter by category">
          <ul className="flex flex-wrap gap-2">
            {[null, ...CATEGORIES].map((category) => {
              const active = query.category === category;
              return (
                <li key={category ?? "all"}>
                  <Link
                    to={chip(category)}
                    preventScrollReset
                    aria-current={active ? "page" : undefined}
                    className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap ${
                      active ? "border-ink bg-ink text-white" : "border-line bg-paper text-ink hover:border-ink/40"
                    }`}
                  >
                    {category ? categoryLabel(category) : "All"}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <Form
          method="get"
          className="flex items-center gap-2"
          onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
        >
          {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
          <label htmlFor="sort" className="text-sm font-semibold whitespace-nowrap">
            Sort by
          </label>
          <select
            id="sort"
            name="sort"
            defaultValue={query.sort}
            className="field-input min-h-10 w-auto py-1.5 text-sm"
          >
            {SORT_ORDERS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="btn-secondary min-h-10">
              Apply
            </button>
          </noscript>
        </Form>
      </div>

      <p className="mt-6 text-sm text-ink-soft" aria-live="polite">
        Showing {listings.length} of {total} items
        {query.category ? ` in ${categoryLabel(query.category)}` : ""}
      </p>

      {listings.length === 0 ? (
        <div className="card mt-6 p-10 text-center">
          <h2 className="text-2xl font-semibold">Nothing here right now</h2>
          <p className="mt-2 text-ink-soft">This category is empty for the moment. Have a look at everything else.</p>
          <Link to="/products" className="btn-primary mt-6">
            Show all products
          </Link>
        </div>
      ) : (
        <section aria-labelledby="listing-heading">
          <h2 id="listing-heading" className="sr-only">
            Products and bundles
          </h2>
          <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3" data-testid="product-grid">
            {/* Only the first image is eager (the LCP, preloaded in meta): on a phone the next cards are
                below the fold, and on a desktop lazy images in view still load right after layout. */}
            {listings.map((listing, i) =>
              listing.kind === "product" ? (
                <ProductCard key={`p-${listing.item.id}`} product={listing.item} priority={i === 0} />
              ) : (
                <BundleCard key={`b-${listing.item.id}`} bundle={listing.item} priority={i === 0} />
              ),
            )}
          </div>
        </section>
      )}

      <div className="mt-16">
        <ComboBuilder id="combo-builder-slot" />
      </div>
    </div>
  );
}
