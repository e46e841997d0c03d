import { getPage, listGuides } from "./content.server";
import { answerEmbedded, warmEncoder } from "./wisdom/encoder.server";
import {
  createRetriever,
  WISDOM_PAGE_SLUGS,
  wisdomSectionsFromDocument,
  type WisdomAnswer,
  type WisdomRetriever,
  type WisdomSection,
} from "./wisdom/retriever";
import storedSectionVectors from "./wisdom/section-vectors.json";
import { decodeVectors, embeddingTexts, hashTexts } from "./wisdom/vectors";

let sections: WisdomSection[] | undefined;
let retriever: WisdomRetriever | undefined;

/** Every section of the bundled guides and care pages, with its heading and link: what the chat and the search box search. */
export function getWisdomSections(): WisdomSection[] {
  if (sections) return sections;
  const guides = listGuides().flatMap((doc) => wisdomSectionsFromDocument(doc, "guide"));
  const pages = WISDOM_PAGE_SLUGS.flatMap((slug) => {
    const doc = getPage(slug);
    return doc ? wisdomSectionsFromDocument(doc, "page") : [];
  });
  sections = [...guides, ...pages];
  return sections;
}

/**
 * The reef-wisdom retriever over the bundled guides and care pages, built once on first use, with
 * the stored section embeddings when they were computed from these very texts (a stale file is
 * logged and ignored: the answers are then lexical, as when the encoder can't load).
 */
export function getWisdomRetriever(): WisdomRetriever {
  if (retriever) return retriever;
  const all = getWisdomSections();
  const stored = storedSectionVectors;
  const fresh = stored.hash === hashTexts(embeddingTexts(all));
  if (!fresh)
    console.error(
      "reef wisdom: section-vectors.json is stale (run `npm run wisdom:vectors`); answering by words alone",
    );
  retriever = createRetriever(all, {}, fresh ? decodeVectors(stored, all.length) : undefined);
  return retriever;
}

/** Answers a question with its sentence embedding (encoder.server.ts); lexically without the encoder. */
export function answerWisdomQuestion(question: string): Promise<WisdomAnswer> {
  return answerEmbedded(getWisdomRetriever(), question);
}

/**
 * Loads the sentence encoder and builds the index in the background after startup, so the first
 * question doesn't wait for them (~0.2 s and ~0.2 s) and readiness doesn't either.
 */
export function warmWisdom(): void {
  setTimeout(() => {
    getWisdomRetriever();
    warmEncoder();
  }, 1000).unref();
}
