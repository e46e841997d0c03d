import { Link, useNavigate } from "react-router";
import { Price } from "#app/components/price";
import { ProductImage } from "#app/components/product-image";
import { SearchBox } from "#app/components/search-box";
import { StockBadge } from "#app/components/stock-badge";
import { searchShop } from "#app/models/catalogue/search.server";
import { pageMeta } from "#app/utils/seo";
import type { SnippetPart } from "#app/domain/search";
import type { Route } from "./+types/search";

/** Words that find something, offered on the empty page and when nothing matched. */
const SEARCH_IDEAS = ["chaeto", "phosphate", "coral food", "refugium", "bundle", "refractometer"];

const resultCount = (n: number) => `${n} ${n === 1 ? "result" : "results"}`;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const query = data?.results.query ?? "";
  return [
    ...pageMeta(matches, {
      title: query ? `Search results for “${query}”` : "Search",
      description: "Search Lazy Reefer's products, bundles and reef-keeping guides.",
      path: "/search",
    }),
    // Result pages are endless and thin: nothing for a search engine to keep.
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q");
  const results = await searchShop(context.services.database.db, q, context.services.clock());
  return { results };
}

function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.hit ? (
          <mark key={i} className="rounded bg-gold-light px-0.5 text-ink">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, correctedQuery, catalogue, guides } = loaderData.results;
  const total = catalogue.length + guides.length;
  const navigate = useNavigate();
  return (
    <div className="container-page py-10 sm:py-12">
      <h1 className="text-3xl font-semibold sm:text-4xl">{query ? "Search results" : "Search the shop"}</h1>
      <SearchBox
        key={query}
        inputId="search-page"
        defaultValue={query}
        focus={!query}
        className="mt-5 max-w-xl"
        navigate={navigate}
      />

      {query ? (
        <p className="mt-5 text-ink-soft" role="status" data-testid="search-count">
          {resultCount(total)} for <strong className="text-ink">“{correctedQuery ?? query}”</strong>
          {correctedQuery ? (
            <>
              {" "}
              <span className="block text-sm sm:inline">(you typed “{query}”)</span>
            </>
          ) : null}
        </p>
      ) : (
        <p className="mt-5 text-ink-soft">Products, bundles and the sections of our reef-keeping guides.</p>
      )}

      {query && total === 0 ? (
        <div className="card mt-6 p-6 sm:p-8">
          <h2 className="text-xl font-semibold">Nothing matches “{query}”</h2>
          <p className="mt-2 text-ink-soft">
            Check the spelling, use fewer words, or try one of these. Our guides may also answer it:{" "}
            <Link to="/reef-wisdom" className="font-semibold text-reef-dark underline">
              ask Reef Wisdom
            </Link>
            .
          </p>
          <SearchIdeas />
        </div>
      ) : null}
      {!query ? <SearchIdeas /> : null}

      {catalogue.length > 0 ? (
        <section aria-labelledby="catalogue-results" className="mt-8">
          <h2 id="catalogue-results" className="text-xl font-semibold">
            Products &amp; bundles <span className="text-base font-normal text-ink-soft">({catalogue.length})</span>
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="catalogue-results">
            {catalogue.map((hit) => (
              <li key={`${hit.kind}-${hit.id}`}>
                <Link to={hit.url} className="card group flex h-full gap-3 p-3 sm:gap-4">
                  <div className="w-20 shrink-0 overflow-hidden rounded-lg sm:w-24">
                    <ProductImage imageKey={hit.imageKey} alt="" sizes="6rem" />
                  </div>
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <p className="text-xs font-semibold text-ink-soft uppercase">
                      {hit.kind === "bundle" ? "Bundle" : "Product"}
                    </p>
                    <h3 className="leading-snug font-semibold group-hover:underline">{hit.title}</h3>
                    <Price
                      priceCents={hit.priceCents}
                      originalPriceCents={hit.originalPriceCents}
                      reference={hit.kind === "bundle" ? "separately" : "earlier"}
                    />
                    <p className="line-clamp-2 text-sm text-ink-soft">
                      <Snippet parts={hit.blurb} />
                    </p>
                    <div className="mt-auto pt-1">
                      <StockBadge state={hit.stock} />
                    </div>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {guides.length > 0 ? (
        <section aria-labelledby="guide-results" className="mt-10">
          <h2 id="guide-results" className="text-xl font-semibold">
            Guide sections <span className="text-base font-normal text-ink-soft">({guides.length})</span>
          </h2>
          <ul className="mt-4 divide-y divide-line border-y border-line" data-testid="guide-results">
            {guides.map((hit) => (
              <li key={hit.url} className="py-4">
                <p className="text-xs font-semibold text-reef-dark">
                  {hit.guideTitle}
                  {hit.parentHeading ? ` › ${hit.parentHeading}` : ""}
                </p>
                <h3 className="mt-1 text-lg font-semibold">
                  <Link to={hit.url} className="hover:underline">
                    {hit.heading}
                  </Link>
                </h3>
                <p className="mt-1 max-w-3xl text-sm text-ink-soft">
                  <Snippet parts={hit.snippet} />
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function SearchIdeas() {
  return (
    <div className="mt-5">
      <h2 className="text-sm font-semibold">Popular searches</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {SEARCH_IDEAS.map((idea) => (
          <li key={idea}>
            <Link
              to={`/search?q=${encodeURIComponent(idea)}`}
              className="inline-flex min-h-10 items-center rounded-full border border-line bg-paper px-4 text-sm font-medium hover:border-ink/40"
            >
              {idea}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
