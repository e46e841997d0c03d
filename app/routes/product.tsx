import { ChevronLeft } from "lucide";
import { Suspense } from "react";
import { Await, data, Link } from "react-router";
import { onFirstUse } from "~/components/on-first-use";
import { Price } from "~/components/price";
import { BundleCard, categoryLabel, ProductCard } from "~/components/product-card";
import { GALLERY_SIZES, ProductGallery } from "~/components/product-gallery";
import { PurchasePanel } from "~/components/purchase-panel";
import { Icon } from "~/components/ui/icon";
import { inShopWindow, offerReplacement } from "~/domain/availability";
import { formatDate } from "~/domain/dates";
import { catalogImageDefault, catalogImagePreload } from "~/domain/images";
import { formatCents } from "~/domain/money";
import { productFacts } from "~/domain/product-facts";
import { bundleView, productView } from "~/models/catalogue-view";
import { getBundle, getProduct, listBundles, listProducts } from "~/models/catalogue.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/product";

// Below the fold: its code loads when it scrolls into view or is touched (components/on-first-use.tsx).
const ComboBuilder = onFirstUse(() => import("~/components/combo-builder").then((m) => m.ComboBuilder), {
  whenVisible: true,
});

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (!loaderData) return [{ title: "Product not found | Lazy Reefer" }];
  const { item, url } = loaderData;
  const inStock = item.purchasable ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
  const image =
    item.kind === "product"
      ? catalogImageDefault(item.product.imageKeys[0] ?? item.product.id)
      : catalogImageDefault(item.bundle.imageKey);
  const name = item.kind === "product" ? item.product.title : item.bundle.name;
  const description = item.kind === "product" ? item.product.description : item.bundle.description;
  const priceCents = item.kind === "product" ? item.product.priceCents : item.bundle.priceCents;
  const tags = pageMeta(matches, {
    title: name,
    description: description.length > 158 ? `${description.slice(0, 155).trimEnd()}…` : description,
    path: url,
    image,
    type: "product",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Product",
      name,
      description,
      image: [image],
      sku: item.kind === "product" ? item.product.sku : item.bundle.id,
      brand: { "@type": "Brand", name: "Lazy Reefer" },
      offers: {
        "@type": "Offer",
        price: (priceCents / 100).toFixed(2),
        priceCurrency: "USD",
        availability: inStock,
        url,
      },
    },
  });
  // The gallery's main image is the LCP element; `links` cannot see loader data, so it is preloaded here.
  const imageKey = item.kind === "product" ? (item.product.imageKeys[0] ?? item.product.id) : item.bundle.imageKey;
  return [...tags, { tagName: "link", ...catalogImagePreload(imageKey, GALLERY_SIZES) }];
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const now = context.services.clock();
  const id = params.productId;
  const url = `/product/${id}`;

  const product = await getProduct(db, id);
  if (product && product.active) {
    const view = productView(product, now);
    const all = listProducts(db);
    // An ended offer's page still answers, and points to what replaced it.
    const endedOn =
      view.stock.kind === "offer-ended" && product.metadata.validUntil
        ? formatDate(product.metadata.validUntil, "long")
        : null;
    const replacement =
      view.stock.kind === "offer-ended"
        ? await all
            .then((list) => offerReplacement(product, list, now))
            .then((p) => (p ? { id: p.id, title: p.title } : null))
        : null;
    // Secondary content streams in after the critical product data.
    const related = all.then((list) =>
      list
        .filter((p) => inShopWindow(p, now) && p.id !== id && p.category !== "tip")
        .slice(0, 3)
        .map((p) => productView(p, now)),
    );
    return {
      item: {
        kind: "product" as const,
        product: view,
        facts: productFacts(product),
        purchasable: view.purchasable,
        replacement,
        endedOn,
      },
      related,
      url,
    };
  }

  const bundle = await getBundle(db, id);
  if (bundle && bundle.active) {
    const products = await listProducts(db);
    const view = bundleView(bundle, products, now);
    const related = listBundles(db).then((all) =>
      all
        .filter((b) => b.active && b.id !== id)
        .slice(0, 3)
        .map((b) => bundleView(b, products, now)),
    );
    return { item: { kind: "bundle" as const, bundle: view, purchasable: view.purchasable }, related, url };
  }

  throw data(null, { status: 404 });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { item, related } = loaderData;
  return (
    <div className="container-page py-8 sm:py-12">
      <Link
        to="/products"
        className="inline-flex items-center gap-1 text-sm font-semibold text-reef-dark hover:underline"
      >
        <Icon icon={ChevronLeft} aria-hidden="true" className="h-4 w-4" /> All products
      </Link>

      {item.kind === "product" ? (
        <article className="mt-6 grid gap-10 lg:grid-cols-2">
          <ProductGallery imageKeys={item.product.imageKeys} title={item.product.title} />
          <div>
            <p className="eyebrow">{categoryLabel(item.product.category)}</p>
            <h1 className="mt-2 text-3xl leading-tight font-semibold sm:text-4xl">{item.product.title}</h1>
            <div className="mt-4">
              <Price
                priceCents={item.product.priceCents}
                // An ended offer saves nobody anything any more.
                originalPriceCents={item.product.stock.kind === "offer-ended" ? null : item.product.originalPriceCents}
                size="lg"
              />
            </div>
            <p className="mt-5 text-lg leading-relaxed text-ink-soft">{item.product.description}</p>
            <PurchasePanel
              itemId={item.product.id}
              kind="product"
              stock={item.product.stock}
              purchasable={item.purchasable}
            />
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
          </div>
        </article>
      ) : (
        <article className="mt-6 grid gap-10 lg:grid-cols-2">
          <ProductGallery imageKeys={[item.bundle.imageKey]} title={item.bundle.name} />
          <div>
            <p className="eyebrow">
              Bundle{item.bundle.savingPercent !== null ? ` · save ${item.bundle.savingPercent}%` : ""}
            </p>
            <h1 className="mt-2 text-3xl leading-tight font-semibold sm:text-4xl">{item.bundle.name}</h1>
            <div className="mt-4">
              <Price priceCents={item.bundle.priceCents} originalPriceCents={item.bundle.valueCents} size="lg" />
              {item.bundle.valueCents > item.bundle.priceCents ? (
                <p className="mt-1 text-sm text-ink-soft" data-testid="bundle-value">
                  The same items bought separately today: {formatCents(item.bundle.valueCents)}
                </p>
              ) : null}
            </div>
            <p className="mt-5 text-lg leading-relaxed text-ink-soft">{item.bundle.description}</p>
            <PurchasePanel
              itemId={item.bundle.id}
              kind="bundle"
              stock={item.bundle.stock}
              purchasable={item.purchasable}
            />
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
          </div>
        </article>
      )}

      {item.kind === "product" && item.product.metadata.comboEligible && item.purchasable ? (
        <div className="mt-16">
          <ComboBuilder id="combo-builder-slot" initial={[item.product.id]} />
        </div>
      ) : null}

      <section aria-labelledby="related-heading" className="mt-20">
        <h2 id="related-heading" className="text-2xl font-semibold sm:text-3xl">
          {item.kind === "product" ? "You might also like" : "Other bundles"}
        </h2>
        <Suspense fallback={<RelatedSkeleton />}>
          <Await
            resolve={related}
            errorElement={<p className="mt-4 text-ink-soft">Suggestions could not be loaded.</p>}
          >
            {(items) => (
              <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {items.map((r) =>
                  "title" in r ? <ProductCard key={r.id} product={r} /> : <BundleCard key={r.id} bundle={r} />,
                )}
              </div>
            )}
          </Await>
        </Suspense>
      </section>
    </div>
  );
}

function RelatedSkeleton() {
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="card h-80 animate-pulse bg-sand-deep" />
      ))}
    </div>
  );
}
