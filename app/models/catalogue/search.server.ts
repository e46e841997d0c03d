import { SYNONYM_GROUPS } from "#app/content/wisdom/reef-vocabulary";
import { inShopWindow } from "#app/domain/availability";
import {
  analyze,
  isKnownTerm,
  planQuery,
  createSearchIndex,
  mergeVocabularies,
  normalizeQuery,
  snippet,
  type SearchIndex,
  type SnippetPart,
  type Variants,
} from "#app/domain/search";
import { getSearchSections } from "#app/models/wisdom/sections.server";
import { loadCatalogueSnapshot } from "./catalogue-snapshot.server";
import { bundleView, productView } from "./catalogue-view";
import type { StockState } from "#app/domain/availability";
import type { CatalogueSnapshot } from "#app/domain/cart";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

export interface CatalogueHit {
  kind: "product" | "bundle";
  id: string;
  title: string;
  url: string;
  /** Today's price, worked out by the server (a bundle's from its contents). */
  priceCents: number;
  originalPriceCents: number | null;
  imageKey: string;
  stock: StockState;
  /** The start of the description, or the part of it that matched. */
  blurb: SnippetPart[];
}

export interface GuideHit {
  heading: string;
  /** The `##` heading above a `###` section. */
  parentHeading: string | null;
  guideTitle: string;
  url: string;
  snippet: SnippetPart[];
}

export interface SearchResults {
  /** The query as searched (cleaned and capped); "" when there was nothing to search. */
  query: string;
  /** The query with its typos corrected, when a word had to be ("cheato" → "chaeto"). */
  correctedQuery: string | null;
  catalogue: CatalogueHit[];
  guides: GuideHit[];
}

/** Guide sections listed on the results page; the rest is one refined query away. */
const MAX_GUIDE_HITS = 20;

interface Indexes {
  catalogue: SearchIndex;
  guides: SearchIndex;
  vocabulary: Map<string, number>;
}

// The guides are bundled with the server and never change while it runs: indexed once.
let guideIndex: SearchIndex | undefined;
function getGuideIndex(): SearchIndex {
  guideIndex ??= createSearchIndex(
    getSearchSections().map((s, i) => ({
      id: String(i),
      fields: { title: s.title, parent: s.parentTitle ?? "", doc: s.docTitle, text: s.text },
    })),
    // A heading that names the topic says more than a passing mention in the text.
    { title: 4, parent: 1.5, doc: 1, text: 1 },
  );
  return guideIndex;
}

/** Builds the guides' index now (server start), so that no shopper's first search waits for it. */
export function prepareGuideSearch(): void {
  getGuideIndex();
}

/**
 * What shoppers type for what a tag means: chaeto's "nutrient-export" is why someone searching
 * "phosphate" or "nitrate" wants it. Tags without an entry are searched as written.
 */
const TAG_WORDS: Record<string, string> = {
  "nutrient-export": "nutrient export nitrate phosphate",
  "coral-food": "coral food feeding",
  "care-guide": "care guide",
};

const tagWords = (tags: string[]) => tags.map((t) => TAG_WORDS[t] ?? t.replace(/-/g, " ")).join(" ");

// The catalogue index follows the snapshot (re-read at most once a second): a renamed product or
// one taken off sale is found, or not, as soon as the shop shows it so.
const catalogueIndexes = new WeakMap<CatalogueSnapshot, Indexes>();
let variants: Variants | null = null;

/**
 * The one-word names of the reef synonyms (the reef-wisdom chat's list: "ick" and "ich", "aips"
 * and "aiptasia"), each to the other words of its group: a word the shop never writes is searched
 * as the one it does.
 */
function synonymVariants(): Variants {
  if (variants) return variants;
  variants = new Map();
  for (const group of SYNONYM_GROUPS) {
    const names = [group.canonical, ...group.variants].filter((v) => !v.includes(" "));
    const words = [...new Set(names.flatMap((n) => analyze(n)))];
    for (const word of words) variants.set(word, [...(variants.get(word) ?? []), ...words.filter((w) => w !== word)]);
  }
  return variants;
}

function indexesFor(snapshot: CatalogueSnapshot): Indexes {
  const cached = catalogueIndexes.get(snapshot);
  if (cached) return cached;
  const catalogue = createSearchIndex(
    [
      ...snapshot.products.map((p) => ({
        id: `product:${p.id}`,
        fields: { title: p.title, tags: `${tagWords(p.tags)} ${p.category}`, text: p.description },
      })),
      ...snapshot.bundles.map((b) => {
        // A kit is found by what is in it: its products' names and what they are for.
        const contents = b.components.flatMap((c) => snapshot.products.find((p) => p.id === c.productId) ?? []);
        return {
          id: `bundle:${b.id}`,
          fields: {
            title: b.name,
            tags: `bundle ${contents.map((p) => `${p.title} ${tagWords(p.tags)}`).join(" ")}`,
            text: b.description,
          },
        };
      }),
    ],
    { title: 4, tags: 2, text: 1 },
  );
  const guides = getGuideIndex();
  const indexes = { catalogue, guides, vocabulary: mergeVocabularies(catalogue.vocabulary, guides.vocabulary) };
  catalogueIndexes.set(snapshot, indexes);
  return indexes;
}

/**
 * Searches the products and bundles on sale and the guide sections for what a shopper typed.
 * Typos are corrected against the words the shop uses; results are grouped and ranked within each
 * group. Any input is fine: it is cleaned and capped first (domain/search.ts).
 */
export async function searchShop(
  db: Kysely<Database>,
  rawQuery: string | null,
  now: Date,
  {
    guideLimit = MAX_GUIDE_HITS,
    catalogueLimit = Infinity,
    everyTerm = false,
  }: { guideLimit?: number; catalogueLimit?: number; everyTerm?: boolean } = {},
): Promise<SearchResults> {
  const query = normalizeQuery(rawQuery);
  const asked = analyze(query);
  if (asked.length === 0) return { query, correctedQuery: null, catalogue: [], guides: [] };

  const snapshot = await loadCatalogueSnapshot(db);
  const indexes = indexesFor(snapshot);
  const planned = planQuery(query, indexes.vocabulary, synonymVariants());
  // A correction is only offered when it finds something with every word; otherwise the shopper
  // is told plainly that nothing matched what they typed ("gift card" is not "lift card").
  const correctionFinds =
    planned.correctedQuery !== null &&
    (indexes.catalogue.search(planned.terms, { everyTerm: true }).length > 0 ||
      indexes.guides.search(planned.terms, { everyTerm: true }).length > 0);
  const { terms, correctedQuery } = correctionFinds ? planned : { terms: [...new Set(asked)], correctedQuery: null };
  // A word the shop never uses cannot be matched: results for the other words alone would answer
  // a different question.
  if (terms.some((t) => !isKnownTerm(t, indexes.vocabulary)))
    return { query, correctedQuery: null, catalogue: [], guides: [] };

  const products = new Map(snapshot.products.map((p) => [p.id, p]));
  const bundles = new Map(snapshot.bundles.map((b) => [b.id, b]));
  const catalogue = indexes.catalogue.search(terms, { everyTerm }).flatMap(({ id }): CatalogueHit[] => {
    const [kind, itemId = ""] = id.split(":");
    if (kind === "product") {
      const p = products.get(itemId);
      if (!p || !inShopWindow(p, now)) return [];
      const view = productView(p, now);
      return [
        {
          kind: "product",
          id: p.id,
          title: p.title,
          url: `/product/${p.id}`,
          priceCents: p.priceCents,
          originalPriceCents: p.originalPriceCents,
          imageKey: p.imageKeys[0] ?? p.id,
          stock: view.stock,
          blurb: snippet(p.description, terms, 140),
        },
      ];
    }
    const b = bundles.get(itemId);
    if (!b) return [];
    const view = bundleView(b, snapshot.products, now);
    return [
      {
        kind: "bundle",
        id: b.id,
        title: b.name,
        url: `/product/${b.id}`,
        priceCents: b.priceCents,
        originalPriceCents: null,
        imageKey: b.imageKey,
        stock: view.stock,
        blurb: snippet(b.description, terms, 140),
      },
    ];
  });

  const sections = getSearchSections();
  const guides = indexes.guides
    .search(terms)
    .slice(0, guideLimit)
    .map(({ id }): GuideHit => {
      const s = sections[Number(id)]!;
      return {
        heading: s.title,
        parentHeading: s.parentTitle ?? null,
        guideTitle: s.docTitle,
        url: s.url,
        snippet: snippet(s.text, terms),
      };
    });

  return {
    query,
    correctedQuery,
    catalogue: catalogue.slice(0, catalogueLimit),
    guides,
  };
}
