import { Link } from "react-router";
import { categoryLabel } from "#app/domain/catalogue";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { StockBadge } from "./stock-badge";
import type { BundleView, ProductView } from "#app/models/catalogue/catalogue-view";

/**
 * `sizes` of a card image in the listing grid (2 columns on phones and tablets, 3 on desktops). Grids with more columns pass
 * their own so desktops do not download the 800 px variant for a 200 px card.
 */
export const CARD_SIZES = "(min-width: 1024px) 22rem, 46vw";

interface CardImageOptions {
  sizes?: string;
  /** The LCP image of the page: eager, high priority, preloaded by the route. */
  priority?: boolean;
}

export function ProductCard({
  product,
  sizes = CARD_SIZES,
  priority = false,
}: { product: ProductView } & CardImageOptions) {
  return (
    <article className="card group flex flex-col overflow-hidden">
      <Link
        to={`/product/${product.id}`}
        prefetch="intent"
        className="flex flex-1 flex-col focus-visible:outline-offset-[-3px]"
      >
        <div className="relative overflow-hidden bg-sand-deep">
          <ProductImage
            imageKey={product.imageKeys[0] ?? product.id}
            alt=""
            sizes={sizes}
            priority={priority}
            className="transition-transform duration-300 group-hover:scale-[1.03]"
          />
          <span className="absolute top-3 left-3 rounded-full bg-paper/95 px-2.5 py-1 text-xs font-semibold text-ink">
            {categoryLabel(product.category)}
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-2 p-3 sm:p-5">
          <h3 className="text-base leading-snug font-semibold group-hover:underline sm:text-lg">{product.title}</h3>
          <Price priceCents={product.priceCents} originalPriceCents={product.originalPriceCents} />
          <div className="mt-auto pt-2">
            <StockBadge state={product.stock} />
          </div>
        </div>
      </Link>
    </article>
  );
}

export function BundleCard({
  bundle,
  sizes = CARD_SIZES,
  priority = false,
}: { bundle: BundleView } & CardImageOptions) {
  return (
    <article className="card group flex flex-col overflow-hidden">
      <Link
        to={`/product/${bundle.id}`}
        prefetch="intent"
        className="flex flex-1 flex-col focus-visible:outline-offset-[-3px]"
      >
        <div className="relative overflow-hidden bg-sand-deep">
          <ProductImage
            imageKey={bundle.imageKey}
            alt=""
            sizes={sizes}
            priority={priority}
            className="transition-transform duration-300 group-hover:scale-[1.03]"
          />
          {bundle.savingPercent !== null ? (
            <span className="absolute top-3 left-3 rounded-full bg-coral-text px-2.5 py-1 text-xs font-bold text-white">
              {bundle.savingPercent}% off
            </span>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-3 sm:p-5">
          <h3 className="text-base leading-snug font-semibold group-hover:underline sm:text-lg">{bundle.name}</h3>
          <p className="line-clamp-2 text-sm text-ink-soft">{bundle.description}</p>
          {/* Crossed out: the same contents bought separately at today's prices. */}
          <Price priceCents={bundle.priceCents} originalPriceCents={bundle.valueCents} reference="separately" />
          <div className="mt-auto pt-2">
            <StockBadge state={bundle.stock} />
          </div>
        </div>
      </Link>
    </article>
  );
}
