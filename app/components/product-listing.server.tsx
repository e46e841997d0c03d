import { Link } from "react-router";
import { BundleCard, ProductCard } from "#app/components/product-card";
import type { Listing } from "#app/models/catalogue/catalogue-listing.server";

/** The catalogue's cards (or its empty state): markup only, rendered to HTML by the loader. */
export function ProductListing({ listings }: { listings: Listing[] }) {
  if (listings.length === 0) {
    return (
      <div className="card mt-6 p-10 text-center">
        <h2 className="text-2xl font-semibold">Nothing here right now</h2>
        <p className="mt-2 text-ink-soft">This category is empty for the moment. Have a look at everything else.</p>
        <Link to="/products" className="btn-primary mt-6">
          Show all products
        </Link>
      </div>
    );
  }
  return (
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
  );
}
