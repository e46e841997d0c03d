import { ChevronLeft } from "lucide";
import { Link } from "react-router";
import { Price } from "#app/components/price";
import { BundleCard, ProductCard } from "#app/components/product-card";
import { StockBadge } from "#app/components/stock-badge";
import { Icon } from "#app/components/ui/icon";
import { stockLabel, type StockState } from "#app/domain/availability";
import { categoryLabel } from "#app/domain/catalogue";
import { formatCents } from "#app/domain/money";
import type { ProductFact } from "#app/domain/product-facts";
import type { BundleView, ProductView } from "#app/models/catalogue/catalogue-view";

/*
 * The product page's markup-only parts, rendered to HTML by its loader (an `Island`, app/components/island.tsx): what the
 * item is and costs above the buy button, its details below it, and the suggestions. Only the
 * gallery, the buy button and the combo builder are components in the browser.
 */

type PageItem =
  | {
      kind: "product";
      product: ProductView;
      facts: ProductFact[];
      replacement: { id: string; title: string } | null;
      endedOn: string | null;
    }
  | { kind: "bundle"; bundle: BundleView };

export function BackToProducts() {
  return (
    <Link
      to="/products"
      className="inline-flex items-center gap-1 text-sm font-semibold text-reef-dark hover:underline"
    >
      <Icon icon={ChevronLeft} aria-hidden="true" className="h-4 w-4" /> All products
    </Link>
  );
}

/** Category, name, price and description. */
export function ItemIntro({ item }: { item: PageItem }) {
  if (item.kind === "product") {
    const { product } = item;
    return (
      <>
        <p className="eyebrow">{categoryLabel(product.category)}</p>
        <h1 className="mt-2 text-3xl leading-tight font-semibold sm:text-4xl">{product.title}</h1>
        <div className="mt-4">
          <Price
            priceCents={product.priceCents}
            // An ended offer saves nobody anything any more.
            originalPriceCents={product.stock.kind === "offer-ended" ? null : product.originalPriceCents}
            size="lg"
          />
        </div>
        <p className="mt-5 text-lg leading-relaxed text-ink-soft">{product.description}</p>
      </>
    );
  }
  const { bundle } = item;
  return (
    <>
      <p className="eyebrow">Bundle{bundle.savingPercent !== null ? ` · save ${bundle.savingPercent}%` : ""}</p>
      <h1 className="mt-2 text-3xl leading-tight font-semibold sm:text-4xl">{bundle.name}</h1>
      <div className="mt-4">
        <Price priceCents={bundle.priceCents} originalPriceCents={bundle.valueCents} reference="separately" size="lg" />
        {bundle.valueCents > bundle.priceCents ? (
          <p className="mt-1 text-sm text-ink-soft" data-testid="bundle-value">
            The same items bought separately today: {formatCents(bundle.valueCents)}
          </p>
        ) : null}
      </div>
      <p className="mt-5 text-lg leading-relaxed text-ink-soft">{bundle.description}</p>
    </>
  );
}

/** Above the buy button, in its panel: the stock, and why an item that cannot be bought cannot. */
export function PurchaseStock({ stock, purchasable }: { stock: StockState; purchasable: boolean }) {
  return (
    <>
      <StockBadge state={stock} />
      {purchasable ? null : (
        <p className="mt-3 text-sm text-ink-soft" role="note">
          {stock.kind === "offer-ended"
            ? "This offer has ended and can no longer be bought. Have a look at our current products instead."
            : `${stockLabel(stock)}. Check back soon.`}
        </p>
      )}
    </>
  );
}

/** Subscribe & save on the product page: every figure worked out by the server (decision 049). */
export interface SubscribeOffer {
  savingPercent: number;
  /** "$34.99 each" */
  once: string;
  /** One per interval: "$31.49 every 4 weeks (save $3.50)". */
  options: { weeks: number; label: string }[];
  defaultWeeks: number;
}

/**
 * "One-time purchase" or "Subscribe & save: deliver every [N] weeks", as plain radios and a select
 * inside the buy button's form: the button reads them when tapped, and so does the inline script
 * before the page's code has run (`plan`, `everyWeeks`; app/components/cart/early-taps.ts), which
 * also picks "Subscribe & save" when the weeks are changed.
 */
export function SubscribeChoice({ itemId, offer }: { itemId: string; offer: SubscribeOffer }) {
  const option =
    "flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-paper p-3 text-sm has-[input:checked]:border-reef has-[input:checked]:bg-reef-light/40";
  return (
    <fieldset className="mt-4" data-testid="purchase-plan">
      <legend className="field-label">How would you like it?</legend>
      <div className="mt-2 grid gap-2">
        <label className={option}>
          <input type="radio" name="plan" value="once" defaultChecked className="mt-0.5 h-4 w-4 shrink-0 accent-reef" />
          <span className="font-semibold">
            One-time purchase
            <span className="block font-normal text-ink-soft">{offer.once}</span>
          </span>
        </label>
        <div className={`${option} flex-col`}>
          <label className="flex cursor-pointer items-start gap-3">
            <input type="radio" name="plan" value="every" className="mt-0.5 h-4 w-4 shrink-0 accent-reef" />
            <span className="font-semibold">
              Subscribe &amp; save {offer.savingPercent}%
              <span className="block font-normal text-ink-soft">
                Delivered on your schedule. Skip or cancel anytime.
              </span>
            </span>
          </label>
          <label htmlFor={`every-${itemId}`} className="sr-only">
            Deliver every
          </label>
          <select
            id={`every-${itemId}`}
            name="everyWeeks"
            defaultValue={offer.defaultWeeks}
            className="field-input min-h-11 w-full text-sm"
          >
            {offer.options.map((o) => (
              <option key={o.weeks} value={o.weeks}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}

/** Below the buy button: an ended offer's note and the facts, or what a bundle holds. */
export function ItemDetails({ item }: { item: PageItem }) {
  if (item.kind === "bundle") {
    return (
      <section aria-labelledby="included-heading" className="mt-8">
        <h2 id="included-heading" className="text-xl font-semibold">
          What&apos;s in the bundle
        </h2>
        <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-paper">
          {item.bundle.contents.map((c) => (
            <li key={c.productId} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
              <Link to={`/product/${c.productId}`} className="font-semibold hover:underline">
                {c.quantity > 1 ? `${c.quantity} × ` : ""}
                {c.title}
              </Link>
              <span className="text-ink-soft">{formatCents(c.unitPriceCents * c.quantity)}</span>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <>
      {item.product.stock.kind === "offer-ended" ? (
        <p className="mt-4 rounded-xl bg-sand p-4 text-sm" role="note" data-testid="offer-ended">
          <strong>Offer ended</strong>
          {item.endedOn ? ` on ${item.endedOn}` : ""}.
          {item.replacement ? (
            <>
              {" "}
              It was replaced by{" "}
              <Link to={`/product/${item.replacement.id}`} className="font-semibold text-reef-dark underline">
                {item.replacement.title}
              </Link>
              .
            </>
          ) : null}
        </p>
      ) : null}
      <section aria-labelledby="facts-heading" className="mt-8">
        <h2 id="facts-heading" className="text-xl font-semibold">
          Details
        </h2>
        <dl className="mt-3 divide-y divide-line rounded-2xl border border-line bg-paper">
          {item.facts.map((fact) => (
            <div
              key={fact.label}
              className="grid grid-cols-[9rem_1fr] gap-4 px-4 py-3 text-sm sm:grid-cols-[11rem_1fr]"
            >
              <dt className="font-semibold">{fact.label}</dt>
              <dd className="text-ink-soft">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

/** "You might also like" / "Other bundles": up to three cards. */
export function RelatedItems({ items }: { items: Array<ProductView | BundleView> }) {
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((r) => ("title" in r ? <ProductCard key={r.id} product={r} /> : <BundleCard key={r.id} bundle={r} />))}
    </div>
  );
}
