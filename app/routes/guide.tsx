import { ArrowLeft, ArrowRight } from "lucide";
import { data, Link } from "react-router";
import { Article } from "#app/components/article";
import { ProductImage } from "#app/components/product-image";
import { routeErrorBoundary } from "#app/components/route-error";
import { Icon } from "#app/components/ui/icon";
import { formatCents } from "#app/domain/money";
import { getProductsByIds } from "#app/models/catalogue/catalogue.server";
import { articleView, getGuide, listGuides } from "#app/models/content/content.server";
import { pageMeta, rootConfig } from "#app/utils/seo";
import type { Route } from "./+types/guide";

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  // The error page names itself (app/components/error-pages.tsx).
  if (!page) return [];
  const { publicUrl, shopName } = rootConfig(matches);
  const path = `/reef-wisdom/lazy-reefer-guide/${page.guide.slug}`;
  return pageMeta(matches, {
    title: page.guide.title,
    description: page.guide.description,
    path,
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: page.guide.title,
      description: page.guide.description,
      dateModified: page.guide.updated,
      mainEntityOfPage: `${publicUrl}${path}`,
      author: { "@type": "Organization", name: shopName },
      publisher: { "@type": "Organization", name: shopName },
    },
  });
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const guide = getGuide(params.slug);
  if (!guide) throw data(null, { status: 404 });
  const guides = listGuides();
  const index = guides.findIndex((g) => g.slug === guide.slug);
  const neighbour = (g: (typeof guides)[number] | undefined) => (g ? { slug: g.slug, title: g.title } : null);
  const products = await getProductsByIds(context.services.database.db, guide.relatedProducts);
  const related = guide.relatedProducts
    .map((id) => products.find((p) => p.id === id && p.active))
    .filter((p) => p !== undefined)
    .map((p) => ({ id: p.id, title: p.title, priceCents: p.priceCents, imageKey: p.imageKeys[0] ?? p.id }));
  return {
    guide: articleView(context, guide),
    previous: neighbour(guides[index - 1]),
    next: neighbour(guides[index + 1]),
    related,
    position: index + 1,
    count: guides.length,
  };
}

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  const { guide, previous, next, related, position, count } = loaderData;
  return (
    <Article
      doc={guide}
      eyebrow={`The Lazy Reefer Guide · Part ${position} of ${count}`}
      aside={
        related.length > 0 ? (
          <section
            aria-labelledby="related-products-heading"
            className="mt-6 rounded-2xl border border-line bg-paper p-5"
          >
            <h2 id="related-products-heading" className="font-sans text-sm font-semibold tracking-wide uppercase">
              Useful for this guide
            </h2>
            <ul className="mt-3 space-y-3">
              {related.map((p) => (
                <li key={p.id}>
                  <Link to={`/product/${p.id}`} className="flex items-center gap-3 rounded-xl hover:bg-sand">
                    <span className="w-14 shrink-0 overflow-hidden rounded-lg">
                      <ProductImage imageKey={p.imageKey} alt="" sizes="3.5rem" />
                    </span>
                    <span className="text-sm">
                      <span className="block font-semibold">{p.title}</span>
                      <span className="text-ink-soft">{formatCents(p.priceCents)}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null
      }
      footer={
        <nav aria-label="More guides" className="mt-14 grid max-w-3xl gap-4 border-t border-line pt-8 sm:grid-cols-2">
          {previous ? (
            <Link
              to={`/reef-wisdom/lazy-reefer-guide/${previous.slug}`}
              rel="prev"
              className="card p-5 hover:ring-2 hover:ring-reef"
            >
              <span className="flex items-center gap-1 text-sm text-ink-soft">
                <Icon icon={ArrowLeft} aria-hidden="true" className="h-4 w-4" /> Previous guide
              </span>
              <span className="mt-1 block font-semibold">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link
              to={`/reef-wisdom/lazy-reefer-guide/${next.slug}`}
              rel="next"
              className="card p-5 text-right hover:ring-2 hover:ring-reef"
            >
              <span className="flex items-center justify-end gap-1 text-sm text-ink-soft">
                Next guide <Icon icon={ArrowRight} aria-hidden="true" className="h-4 w-4" />
              </span>
              <span className="mt-1 block font-semibold">{next.title}</span>
            </Link>
          ) : (
            <Link to="/reef-wisdom" className="card p-5 text-right hover:ring-2 hover:ring-reef">
              <span className="text-sm text-ink-soft">You've finished the guide</span>
              <span className="mt-1 block font-semibold">Back to Reef Wisdom</span>
            </Link>
          )}
        </nav>
      }
    />
  );
}

export const ErrorBoundary = routeErrorBoundary("guide");
