import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { comboBuilderHtml } from "#app/components/combo-builder-html.server";
import { ComboBuilderIsland } from "#app/components/combo-builder-island";
import { Island } from "#app/components/island";
import { CARD_SIZES } from "#app/components/product-card";
import { ProductListing } from "#app/components/product-listing.server";
import { categoryLabel } from "#app/domain/catalogue";
import { parseListingQuery, SORT_ORDERS } from "#app/domain/catalogue-filter";
import { catalogImagePreload } from "#app/domain/images";
import { catalogueListing, listingImageKey } from "#app/models/catalogue/catalogue-listing.server";
import { islandHtml } from "#app/utils/island-html.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ data, matches, location }) => [
  ...pageMeta(matches, {
    title: "Shop live chaeto, coral food, kits and bundles",
    description:
      "Browse every Lazy Reefer product and bundle: premium chaeto, coral food combos, the refugium starter kit and five money-saving reef bundles.",
    path: `/products${location.search}`,
  }),
  // The first card's image is the largest thing on a phone's first screen (`links` cannot see
  // loader data, so the preload goes here).
  ...(data?.firstImage ? [{ tagName: "link", ...data.firstImage }] : []),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseListingQuery(new URL(request.url).searchParams);
  const {
    listings: shown,
    total,
    categories,
  } = await catalogueListing(context.services.database.db, query, context.services.clock());
  return {
    query,
    shown: shown.length,
    total,
    categories,
    firstImage: shown[0] ? catalogImagePreload(listingImageKey(shown[0]), CARD_SIZES) : null,
    // The cards are markup only: sent once, as HTML (components/island.tsx).
    listing: islandHtml(context, "product-listing", <ProductListing listings={shown} />),
    combo: await comboBuilderHtml(context),
  };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { query, shown, total, categories, listing } = loaderData;
  const submit = useSubmit();
  // A sort picked before the page was ready changed the select but sent nothing (there is no
  // JavaScript yet to send it): send it now, or the list would not say what the select says.
  const form = useRef<HTMLFormElement>(null);
  const adoptPicked = useRef(() => {
    const picked = form.current?.elements.namedItem("sort");
    if (picked instanceof HTMLSelectElement && picked.value !== query.sort) {
      void submit(form.current, { preventScrollReset: true });
    }
  });
  useEffect(() => adoptPicked.current(), []);
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
            {[null, ...categories].map((category) => {
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
          ref={form}
          method="get"
          className="flex items-center gap-2"
          onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
        >
          {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
          <label htmlFor="sort" className="text-sm font-semibold whitespace-nowrap">
            Sort by
          </label>
          {/* Keyed by the sort it shows: going Back to another sort renders the same route, and a
              kept <select> would still show the sort picked later. No autocomplete: the browser
              would otherwise restore that later pick on a page it takes from its history. */}
          <select
            key={query.sort}
            id="sort"
            name="sort"
            autoComplete="off"
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
        Showing {shown} of {total} items
        {query.category ? ` in ${categoryLabel(query.category)}` : ""}
      </p>

      <Island id="product-listing" html={listing} />

      <div className="mt-16">
        <ComboBuilderIsland html={loaderData.combo} />
      </div>
    </div>
  );
}
