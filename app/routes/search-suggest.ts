import { formatCents } from "#app/domain/money";
import { searchShop } from "#app/models/catalogue/search.server";
import type { Suggestion } from "#app/domain/search";
import type { Route } from "./+types/search-suggest";

/**
 * GET /search/suggest?q= — a few products and guide sections for the search box as the shopper
 * types, then "all results". JSON; any input answers 200 (an empty list when nothing matches).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const results = await searchShop(
    context.services.database.db,
    new URL(request.url).searchParams.get("q"),
    context.services.clock(),
    { catalogueLimit: 4, guideLimit: 4 },
  );
  const suggestions: Suggestion[] = [
    ...results.catalogue.map((hit) => ({
      kind: hit.kind,
      label: hit.title,
      detail: `${hit.kind === "bundle" ? "Bundle" : "Product"} · ${formatCents(hit.priceCents)}`,
      url: hit.url,
    })),
    ...results.guides.map((hit) => ({
      kind: "guide" as const,
      label: hit.heading,
      detail: `Guide · ${hit.guideTitle}`,
      url: hit.url,
    })),
  ];
  if (results.query) {
    const shown = results.correctedQuery ?? results.query;
    suggestions.push({
      kind: "all",
      label: `See all results for “${shown}”`,
      detail: suggestions.length === 0 ? "Nothing matches yet" : "Products, bundles and guides",
      url: `/search?q=${encodeURIComponent(results.query)}`,
    });
  }
  return Response.json(
    { query: results.query, suggestions },
    // Prices may change: a short private cache only spares the repeat of the same letters.
    { headers: { "Cache-Control": "private, max-age=30" } },
  );
}
