import { formatDate } from "#app/domain/dates";
import { againstTarget, parametersNamed, readingsMentioned, type MentionedReading } from "#app/domain/reading-mentions";
import { searchShop } from "#app/models/catalogue/search.server";
import { phraseReply, type PhrasingNote } from "./phrase.server";
import { createRetriever } from "./retriever";
import { getWisdomSections } from "./sections.server";
import type { WisdomLlmConfig } from "#app/config.server";
import type { Database } from "#database/schema";
import type { WisdomAnswer, WisdomRetriever } from "./types";
import type { Kysely } from "kysely";

let retriever: WisdomRetriever | undefined;

/** The reef-wisdom retriever over the bundled guides and care pages, built once on first use. */
export function getWisdomRetriever(): WisdomRetriever {
  retriever ??= createRetriever(getWisdomSections());
  return retriever;
}

/** What a search of the shop found for a question about its stock. */
export interface ShopLookup {
  /** What was searched for, typos corrected ("live rock"). */
  query: string;
  /** Products and bundles on sale whose name, tags or description have every word of it. */
  items: Array<{ title: string; url: string }>;
  /** The search page, which shows each one's price and stock as of the moment it is opened. */
  searchUrl: string;
}

export type WisdomReply = Omit<WisdomAnswer, "confidence" | "stockQuery"> & {
  shop?: ShopLookup;
  /** The reefer's own numbers beside the guides' targets: from the question, else their log. */
  yours?: string;
} & PhrasingNote;

/** A logged reading the chat may quote back to its owner. */
export interface OwnReading extends MentionedReading {
  takenAt: string;
}

/**
 * "Your alkalinity, 6.8 dKH, is below …": each reading the question gives, and for each parameter
 * it names without a number, the customer's latest logged one. Nothing is kept of either.
 */
function yourNumbers(question: string, logged: readonly OwnReading[]): string | undefined {
  const said = readingsMentioned(question);
  const fromLog = parametersNamed(question)
    .filter((p) => !said.some((r) => r.parameter === p))
    .flatMap((p) => logged.filter((r) => r.parameter === p));
  const lines = [...said.map((r) => againstTarget(r)), ...fromLog.map((r) => againstTarget(r, formatDate(r.takenAt)))];
  return lines.length > 0 ? lines.join(" ") : undefined;
}

/** Items listed in a stock answer; the search page has the rest. */
const MAX_SHOP_ITEMS = 4;

/**
 * Answers a reefer's question from the guides. "Do you guys sell live rock" is not a question for
 * the guides but for the catalogue: it is answered by a search of what is on sale now, every word
 * required (so "live rock" never finds live chaeto). Prices and stock are left to the pages linked:
 * the chat keeps its history in the browser, where figures would go stale. With a language model
 * configured (`llm`), a guide answer may be worded by it, checked against the quoted passages.
 */
export async function askReefWisdom(
  db: Kysely<Database>,
  question: string,
  now: Date,
  llm: WisdomLlmConfig | null = null,
  logged: readonly OwnReading[] = [],
): Promise<WisdomReply> {
  const { confidence: _confidence, stockQuery, ...answer } = getWisdomRetriever().answer(question);
  if (stockQuery === undefined) {
    const yours = answer.grounded ? yourNumbers(question, logged) : undefined;
    const reply = llm ? await phraseReply(llm, question, answer) : answer;
    return yours ? { ...reply, yours } : reply;
  }
  const results = await searchShop(db, stockQuery, now, {
    guideLimit: 0,
    catalogueLimit: MAX_SHOP_ITEMS,
    everyTerm: true,
  });
  const query = results.correctedQuery ?? results.query;
  if (!query) return answer;
  const items = results.catalogue.map((hit) => ({ title: hit.title, url: hit.url }));
  const found = items.length > 0;
  return {
    ...answer,
    answer: found
      ? `Searching the shop for “${query}” finds ${items.map((i) => i.title).join(", ")}. Each page has today's price and stock.`
      : `Searching the shop for “${query}” finds nothing on sale right now, and our reef guides don't cover it. ` +
        "If you're looking for it, ask us on the contact page and a real reefer will answer.",
    shop: { query, items, searchUrl: `/search?q=${encodeURIComponent(query)}` },
  };
}
