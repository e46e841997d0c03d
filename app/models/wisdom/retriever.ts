/**
 * Reef-wisdom retrieval engine: answers hobbyists' questions from the sections of our Markdown
 * guides, by full-text retrieval (MiniSearch, BM25) and extractive answers. It never writes
 * anything of its own about reef keeping: an answer is made only of sentences copied from the
 * sections it cites, and a question the guides don't cover gets an honest "not covered".
 *
 * Pure module: no file system, no bundler globs. Callers hand it the sections (see
 * wisdomSectionsFromDocument and, for tests and benchmarks, load-sections.server.ts).
 */
import MiniSearch, { type SearchResult } from "minisearch";
import { stem } from "./stem";
import { buildSynonymIndex, SYNONYM_GROUPS } from "./synonyms";

export interface WisdomSection {
  /** Heading anchor of the section, unique within its document. */
  id: string;
  title: string;
  /** Plain text of the section (inline Markdown is stripped again here, so raw inline text is fine). */
  text: string;
  docTitle: string;
  /** Link to the section: page path plus `#id`. */
  url: string;
  /** Title of the enclosing `##` section for a `###` one: "Step by step" alone says little. */
  parentTitle?: string;
}

export interface WisdomAnswer {
  answer: string;
  sources: Array<{ title: string; url: string }>;
  grounded: boolean;
}

export interface WisdomHit {
  section: WisdomSection;
  score: number;
  /** Share (0–1) of the question's distinct terms this section matched, exactly, by prefix or by typo. */
  coverage: number;
}

export interface WisdomRetriever {
  search(question: string, limit?: number): WisdomHit[];
  answer(question: string): WisdomAnswer;
}

/** Pages (besides the guides) that the reef-wisdom chat may answer from. Legal pages are left out on purpose. */
export const WISDOM_PAGE_SLUGS = ["care", "hermit", "shipping-info"] as const;

export const GUIDE_URL_BASE = "/reef-wisdom/lazy-reefer-guide";

export const NOT_COVERED_ANSWER =
  "Sorry, our reef guides don't cover that, and I'd rather not guess. " +
  "If it's about your tank or an order, ask us on the contact page (/contact) and a real reefer will answer.";

// ---------------------------------------------------------------------------------------------
// Building sections from rendered documents
// ---------------------------------------------------------------------------------------------

/** The parts of a rendered content document (see markdown.server.ts and content.server.ts) we need. */
export interface WisdomSourceDocument {
  slug: string;
  title: string;
  toc: Array<{ id: string; title: string; level: 2 | 3 }>;
  sections: Array<{ id: string; title: string; text: string }>;
}

/** Turns one rendered guide or page into retrievable sections with links to their anchors. */
export function wisdomSectionsFromDocument(doc: WisdomSourceDocument, kind: "guide" | "page"): WisdomSection[] {
  const base = kind === "guide" ? `${GUIDE_URL_BASE}/${doc.slug}` : `/${doc.slug}`;
  const parentOf = new Map<string, string>();
  let currentH2: string | undefined;
  for (const entry of doc.toc) {
    if (entry.level === 2) currentH2 = entry.title;
    else if (currentH2 !== undefined) parentOf.set(entry.id, currentH2);
  }
  return doc.sections.map((s) => {
    const parentTitle = parentOf.get(s.id);
    return {
      id: s.id,
      title: plainText(s.title),
      text: plainText(s.text),
      docTitle: doc.title,
      url: `${base}#${s.id}`,
      ...(parentTitle !== undefined ? { parentTitle: plainText(parentTitle) } : {}),
    };
  });
}

/**
 * Strips inline Markdown (emphasis, code, links) that renderMarkdown leaves in section text,
 * so answers read as prose. Idempotent on plain text.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Text analysis, shared by the index, the query and sentence selection
// ---------------------------------------------------------------------------------------------

/**
 * Function words and question filler. "reef", "tank" and "aquarium" are here too: nearly every
 * section says them, so they only add noise to the ranking of a reef question.
 */
const STOP_WORDS = new Set(
  // Function words. Particles such as "out", "off", "up" and "down" are kept on purpose:
  // "out of its shell", "top off" and "ramp up" depend on them.
  (
    "a about after again all also am an and any are as at be because been before being both but by can could did do does " +
    "doing done during each for from further get gets getting got had has have having he her here hers him his how i if in " +
    "into is it its itself just me my myself no nor not now of on once or other our ours own she should so some such than " +
    "that the their them then there these they this those through to too until very was we were what when where which while " +
    "who whom will with would you your yours per " +
    // Contractions with the apostrophe already dropped.
    "im ive id dont doesnt didnt isnt arent wont cant shouldnt whats hows thats theres youre " +
    // Chat filler.
    "anyone anybody someone guys hi hey hello please thanks thank help want know tell ok okay really pretty lot lots " +
    "thing things stuff yes yeah like maybe actually kinda sorta one go goes going gone buy " +
    // Said by nearly every section, so they only add noise to the ranking of a reef question.
    "reef reefs reefing tank tanks aquarium aquariums"
  ).split(/\s+/),
);

const synonyms = buildSynonymIndex(SYNONYM_GROUPS, stem);

/** Lower-cases, folds accents and typographic marks, drops apostrophes ("don't" → "dont"), rewrites synonym phrases. */
function normalizeText(text: string): string {
  const folded = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2018\u2019']/g, "")
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/%/g, " percent ")
    .replace(/°\s*[fc]\b/g, " degrees ");
  return synonyms.rewritePhrases(folded);
}

function tokenize(text: string): string[] {
  return normalizeText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** One token → index terms: nothing for stop words, canonical terms for synonyms, else the stem. */
function processTerm(token: string): string[] | null {
  if (STOP_WORDS.has(token)) return null;
  const direct = synonyms.words.get(token);
  if (direct) return direct;
  const stemmed = stem(token);
  return synonyms.words.get(stemmed) ?? [stemmed];
}

/** The terms of a text, as the index sees them. Exported for tests and the benchmark. */
export function analyze(text: string): string[] {
  return tokenize(text).flatMap((t) => processTerm(t) ?? []);
}

// ---------------------------------------------------------------------------------------------
// Ranking
// ---------------------------------------------------------------------------------------------

/** Ranking knobs, overridable for calibration (bench) and tests. */
export interface RetrieverTuning {
  /** Field boosts: a heading that names the topic says more than a passing mention in the text. */
  boosts: { title: number; parentTitle: number; docTitle: number; text: number };
  /** BM25+ parameters (MiniSearch defaults: k 1.2, b 0.7, d 0.5). */
  bm25: { k: number; b: number; d: number };
  /** Relative weight of typo (fuzzy) and prefix matches against exact ones. */
  weights: { fuzzy: number; prefix: number };
}

export const DEFAULT_TUNING: RetrieverTuning = {
  boosts: { title: 2, parentTitle: 1, docTitle: 0.5, text: 1 },
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
  weights: { fuzzy: 0.45, prefix: 0.375 },
};

/**
 * Typos: one edit for terms of 5–7 letters, two from 8 ("alkalinty", "phospate"); shorter terms
 * must match exactly, or "salt" would meet "sand". Prefix matching from 5 letters on helps
 * half-typed words ("refract"); shorter prefixes match too much ("flat" would pull in "flatworm").
 */
const fuzzy = (term: string) => (term.length >= 5 ? 0.2 : false);
const prefix = (term: string) => term.length >= 5;

/**
 * Relevance threshold, calibrated with bench/wisdom-questions.json and its off-topic questions.
 * The best section must match at least half of the question's distinct terms (all of them when
 * the question has only one or two), not only numbers, and either match a reef-vocabulary term
 * (see synonyms.ts) or reach a minimum MiniSearch score. On-topic questions scored 25 and up;
 * off-topic ones that still matched half their terms ("how do I grow tomatoes", "what time is
 * it") scored 19 at most. The reef-vocabulary rule keeps short questions about common reef
 * words ("what does a refugium do"), whose score is low because every guide says "refugium".
 */
const MIN_COVERAGE = 0.5;
const MIN_SCORE = 22;
const SECOND_SOURCE_RATIO = 0.6;

/** Sentences quoted from the best section; a second section may add one more (2–4 in all). */
const MAIN_SENTENCES = 3;
/** A second section's sentence must carry at least this share of the best quoted sentence's weight. */
const EXTRA_SENTENCE_RATIO = 0.8;
/** Extra weight for a section's opening sentence, as a share of its best sentence's score. */
const OPENING_BONUS = 0.5;

const MAX_QUESTION_CHARS = 500;

interface IndexedSection {
  key: number;
  title: string;
  parentTitle?: string;
  docTitle: string;
  text: string;
}

function buildIndex(sections: WisdomSection[], tuning: RetrieverTuning): MiniSearch<IndexedSection> {
  const index = new MiniSearch<IndexedSection>({
    idField: "key",
    fields: ["title", "parentTitle", "docTitle", "text"],
    tokenize,
    processTerm,
    searchOptions: {
      // The question is analysed in one go and de-duplicated, so "LPS corals" (which expands to
      // "lps coral coral") does not count "coral" twice.
      tokenize: (question) => [...new Set(analyze(question))],
      processTerm: (term) => term,
      boost: tuning.boosts,
      bm25: tuning.bm25,
      weights: tuning.weights,
      fuzzy,
      prefix,
      maxFuzzy: 2,
      combineWith: "OR",
    },
  });
  index.addAll(
    sections.map((s, key) => ({
      key,
      title: s.title,
      docTitle: s.docTitle,
      text: plainText(s.text),
      ...(s.parentTitle !== undefined ? { parentTitle: s.parentTitle } : {}),
    })),
  );
  return index;
}

/** Share of the question's distinct terms that a result matched (exactly, by prefix or by typo). */
function coverage(result: SearchResult, queryTerms: string[]): number {
  return queryTerms.length === 0 ? 0 : new Set(result.queryTerms).size / queryTerms.length;
}

/** Numbers ("2", "40") occur in nearly every section, so a match on numbers alone proves nothing. */
const isNumber = (term: string) => /^\d+$/.test(term);

function isRelevant(result: SearchResult, queryTerms: string[]): boolean {
  const minCoverage = queryTerms.length <= 2 ? 1 : MIN_COVERAGE;
  const matched = result.queryTerms;
  return (
    coverage(result, queryTerms) >= minCoverage &&
    matched.some((t) => !isNumber(t)) &&
    (result.score >= MIN_SCORE || matched.some((t) => synonyms.reefTerms.has(t)))
  );
}

// ---------------------------------------------------------------------------------------------
// Extractive answers
// ---------------------------------------------------------------------------------------------

/** Sentences longer than this are table rows or run-together lists, not something to quote. */
const MAX_SENTENCE_WORDS = 55;

/** A "sentence" this short is a bold list label ("Remove it by hand.") and is kept with the next one. */
const LABEL_MAX_WORDS = 4;

/**
 * Splits plain text into sentences at ., ! or ? followed by a capital, digit or quote. Very short
 * sentences are joined to the next, so a list label never stands alone without its explanation.
 */
export function splitSentences(text: string): string[] {
  const raw = plainText(text)
    .split(/(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const units: string[] = [];
  let pending = "";
  for (const sentence of raw) {
    const unit = pending ? `${pending} ${sentence}` : sentence;
    pending = sentence.split(/\s+/).length <= LABEL_MAX_WORDS ? unit : "";
    if (!pending) units.push(unit);
  }
  if (pending) units.push(pending);
  return units;
}

interface ScoredSentence {
  text: string;
  position: number;
  score: number;
}

/**
 * Scores each sentence by the rarity-weighted query terms it shares with the question
 * (the document-side terms MiniSearch matched, so typo and prefix matches count too).
 */
function scoreSentences(section: WisdomSection, matched: Set<string>, idf: (term: string) => number): ScoredSentence[] {
  return splitSentences(section.text)
    .map((text, position) => {
      const terms = new Set(analyze(text));
      let score = 0;
      for (const term of terms) if (matched.has(term)) score += idf(term);
      return { text, position, score };
    })
    .filter((s) => s.text.split(/\s+/).length <= MAX_SENTENCE_WORDS);
}

/**
 * Picks `count` sentences: those sharing the most (rarity-weighted) question terms, with a bonus
 * for the section's opening sentence, which usually states the point. If too few share a term,
 * the sentence right after a picked one (it usually continues the thought), then the opening
 * sentences, fill in. Returned in reading order.
 */
function pickSentences(scored: ScoredSentence[], count: number): ScoredSentence[] {
  const maxScore = Math.max(0, ...scored.map((s) => s.score));
  const priority = (s: ScoredSentence) => s.score + (s.position === 0 ? maxScore * OPENING_BONUS : 0);
  const picked = scored
    .filter((s) => priority(s) > 0)
    .sort((a, b) => priority(b) - priority(a) || a.position - b.position)
    .slice(0, count);
  const followers = picked.map((p) => scored[scored.indexOf(p) + 1]);
  for (const s of [...followers, ...scored]) {
    if (picked.length >= count) break;
    if (s && !picked.includes(s)) picked.push(s);
  }
  return picked.sort((a, b) => a.position - b.position);
}

function mostSpecificTerm(terms: string[], idf: (term: string) => number): string {
  return terms.reduce((best, t) => (idf(t) > idf(best) ? t : best), terms[0] ?? "");
}

function sourceOf(section: WisdomSection): { title: string; url: string } {
  return { title: `${section.docTitle} — ${section.title}`, url: section.url };
}

// ---------------------------------------------------------------------------------------------
// The retriever
// ---------------------------------------------------------------------------------------------

export function createRetriever(sections: WisdomSection[], tuning: Partial<RetrieverTuning> = {}): WisdomRetriever {
  const index = buildIndex(sections, { ...DEFAULT_TUNING, ...tuning });
  const idf = inverseDocumentFrequency(sections);

  // Questions are capped: a chat message longer than this is not a question the guides answer
  // better for being long, and fuzzy matching cost grows with every term.
  const rawSearch = (question: string) => index.search(question.slice(0, MAX_QUESTION_CHARS));

  function search(question: string, limit = 5): WisdomHit[] {
    const queryTerms = [...new Set(analyze(question.slice(0, MAX_QUESTION_CHARS)))];
    return rawSearch(question)
      .slice(0, limit)
      .map((r) => ({ section: sections[r.id as number]!, score: r.score, coverage: coverage(r, queryTerms) }));
  }

  const sentencesOf = (result: SearchResult) =>
    scoreSentences(sections[result.id as number]!, new Set(result.terms), idf);

  function answer(question: string): WisdomAnswer {
    const queryTerms = [...new Set(analyze(question.slice(0, MAX_QUESTION_CHARS)))];
    const relevant = rawSearch(question).filter((r) => isRelevant(r, queryTerms));
    // The best relevant section that has quotable text carries the answer.
    const topIndex = relevant.findIndex((r) => sentencesOf(r).length > 0);
    const top = relevant[topIndex];
    if (!top) return { answer: NOT_COVERED_ANSWER, sources: [], grounded: false };

    const main = pickSentences(sentencesOf(top), MAIN_SENTENCES);
    const picks = [{ section: sections[top.id as number]!, sentences: main }];

    // A runner-up that scores nearly as well adds its single best sentence, if it is about the
    // same thing: it must match the question's most specific term that the best section matched
    // ("kalk", not "gallon"), and its sentence must weigh nearly as much as the best quoted one.
    const anchor = mostSpecificTerm(top.queryTerms, idf);
    const runnerUp = relevant[topIndex + 1];
    if (runnerUp && runnerUp.score >= top.score * SECOND_SOURCE_RATIO && runnerUp.queryTerms.includes(anchor)) {
      const bestMain = Math.max(...main.map((s) => s.score));
      const candidates = sentencesOf(runnerUp).filter((s) => s.score > 0 && s.score >= bestMain * EXTRA_SENTENCE_RATIO);
      const [extra] = pickSentences(candidates, 1);
      if (extra && !main.some((s) => s.text === extra.text)) {
        picks.push({ section: sections[runnerUp.id as number]!, sentences: [extra] });
      }
    }

    return {
      answer: picks.flatMap((p) => p.sentences.map((s) => s.text)).join(" "),
      sources: picks.map((p) => sourceOf(p.section)),
      grounded: true,
    };
  }

  return { search, answer };
}

/** log(N / df) over whole sections, so a sentence that shares a rare query term beats one that shares "water". */
function inverseDocumentFrequency(sections: WisdomSection[]): (term: string) => number {
  const df = new Map<string, number>();
  for (const s of sections) {
    for (const term of new Set(analyze(`${s.title} ${s.text}`))) df.set(term, (df.get(term) ?? 0) + 1);
  }
  const n = Math.max(1, sections.length);
  // A term no section contains (usually a typo that only fuzzy search can match) counts as rare.
  return (term) => Math.log(1 + n / (df.get(term) ?? 1));
}
