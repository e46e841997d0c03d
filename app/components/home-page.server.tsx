import { ArrowRight, BookOpen, Leaf, ShieldCheck, Truck } from "lucide";
import { Link } from "react-router";
import { BundleCard, ProductCard } from "#app/components/product-card";
import { SpecialOffer } from "#app/components/special-offer";
import { Icon } from "#app/components/ui/icon";
import { heroImageUrl, heroSrcSet } from "#app/domain/images";
import { ARRIVE_ALIVE_HOURS } from "#app/domain/shop-policies";
import type { BundleView, ProductView } from "#app/models/catalogue/catalogue-view";

/**
 * The home page: markup only, so the loader renders it to HTML (an `Island`, app/components/island.tsx) and none of it is
 * JavaScript in the browser.
 */
interface HomePageProps {
  special: ProductView | null;
  featured: ProductView[];
  bundles: BundleView[];
  guides: Array<{ slug: string; title: string; description: string; readingMinutes: number }>;
}

const PROMISES = [
  {
    icon: Leaf,
    title: "Farm-grown, pest-checked",
    text: "Every ball of chaeto is grown under lights and inspected before it ships.",
  },
  {
    icon: Truck,
    title: "Free shipping, always",
    text: "Live plants leave Monday to Wednesday so they never sit in a depot.",
  },
  {
    icon: ShieldCheck,
    title: "Arrive-alive guarantee",
    text: `Send a photo within ${ARRIVE_ALIVE_HOURS} hours and we replace or refund it.`,
  },
];

// Image `sizes` of the two card grids (4 and 5 columns on desktop).
const FEATURED_SIZES = "(min-width: 1024px) 16rem, 46vw";
const BUNDLE_SIZES = "(min-width: 1280px) 13rem, (min-width: 1024px) 22rem, (min-width: 640px) 45vw, 92vw";

export function HomePage({ special, featured, bundles, guides }: HomePageProps) {
  return (
    <>
      <section className="relative overflow-hidden bg-[#dff1ee]">
        <picture>
          <source type="image/avif" srcSet={heroSrcSet("avif")} sizes="100vw" />
          <img
            src={heroImageUrl(1600, "webp")}
            srcSet={heroSrcSet("webp")}
            sizes="100vw"
            alt=""
            width={1600}
            height={900}
            fetchPriority="high"
            className="absolute inset-0 h-full w-full object-cover object-[70%_50%]"
          />
        </picture>
        {/* Keeps the headline readable where the artwork runs under it (phones, tablets). */}
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[#e3f3f0]/85 sm:bg-transparent sm:bg-gradient-to-r sm:from-[#e3f3f0]/95 sm:via-[#e3f3f0]/60 sm:to-transparent lg:via-transparent"
        />
        <div className="relative container-page py-16 sm:py-24 lg:py-32">
          <div className="max-w-xl">
            <p className="eyebrow">Reef keeping, the calm way</p>
            <h1 className="mt-3 text-4xl leading-[1.05] font-semibold sm:text-5xl lg:text-6xl">
              A stable reef takes less work than you think.
            </h1>
            <p className="mt-5 max-w-lg text-lg text-ink-soft sm:text-xl">
              Live chaeto that exports nutrients for you, coral food that corals actually catch, and guides that explain
              the why. Lazy, in the best sense.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/products" className="btn-primary text-base">
                Shop the reef <Icon icon={ArrowRight} aria-hidden="true" className="h-4 w-4" />
              </Link>
              <Link to="/reef-wisdom" className="btn-secondary text-base">
                Read the guides
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section aria-label="Our promises" className="border-b border-line bg-paper">
        <ul className="container-page grid gap-6 py-8 sm:grid-cols-3">
          {PROMISES.map(({ icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <Icon icon={icon} className="mt-0.5 h-6 w-6 shrink-0 text-reef" />
              <div>
                <p className="font-semibold">{title}</p>
                <p className="text-sm text-ink-soft">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {special ? <SpecialOffer product={special} /> : null}

      <section aria-labelledby="featured-heading" className="container-page mt-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="eyebrow">The essentials</p>
            <h2 id="featured-heading" className="mt-2 text-3xl font-semibold sm:text-4xl">
              Featured products
            </h2>
          </div>
          <Link to="/products" className="inline-flex items-center gap-1 font-semibold text-reef-dark hover:underline">
            All products <Icon icon={ArrowRight} aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
        <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
          {featured.map((product) => (
            <ProductCard key={product.id} product={product} sizes={FEATURED_SIZES} />
          ))}
        </div>
      </section>

      <section aria-labelledby="bundles-heading" className="container-page mt-20">
        <p className="eyebrow">Save with a bundle</p>
        <h2 id="bundles-heading" className="mt-2 text-3xl font-semibold sm:text-4xl">
          Five bundles for every stage of a reef
        </h2>
        <p className="mt-3 max-w-2xl text-ink-soft">
          Put together from what we use on our own tanks, from the first weeks after cycling to a full refugium build.
        </p>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {bundles.map((bundle) => (
            <BundleCard key={bundle.id} bundle={bundle} sizes={BUNDLE_SIZES} />
          ))}
        </div>
      </section>

      <section aria-labelledby="guides-heading" className="container-page mt-20">
        <div className="card grid gap-8 p-6 sm:p-10 lg:grid-cols-[1fr_1.6fr]">
          <div>
            <Icon icon={BookOpen} aria-hidden="true" className="h-8 w-8 text-chaeto" />
            <h2 id="guides-heading" className="mt-3 text-3xl font-semibold">
              The Lazy Reefer Guide
            </h2>
            <p className="mt-3 text-ink-soft">
              Free guides that take you from an empty tank to a reef that mostly runs itself, and a chat that answers
              from them.
            </p>
            <Link to="/reef-wisdom" className="btn-primary mt-6">
              Visit Reef Wisdom
            </Link>
          </div>
          <ol className="grid gap-3">
            {guides.map((guide, i) => (
              <li key={guide.slug}>
                <Link
                  to={`/reef-wisdom/lazy-reefer-guide/${guide.slug}`}
                  className="flex gap-4 rounded-2xl border border-line bg-white/60 p-4 transition-colors hover:border-reef"
                >
                  <span className="font-display text-2xl font-semibold text-reef" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span>
                    <span className="block font-semibold">{guide.title}</span>
                    <span className="block text-sm text-ink-soft">
                      {guide.description} · {guide.readingMinutes} min read
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
