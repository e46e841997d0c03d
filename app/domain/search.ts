/**
 * The shop's search box rules (docs/decisions/019-search.md): what a query may be, how text turns
 * into terms, how a typo is corrected against the words the shop actually uses, how results are
 * ranked and how a snippet is cut. Pure: the use case (app/models/catalogue/search.server.ts) hands it the
 * catalogue and the guide sections.
 */
import MiniSearch from "minisearch";

/** Longer queries are cut: nobody types more into a search box, and it bounds the work per request. */
export const MAX_QUERY_CHARS = 100;

/**
 * What was typed, made safe to search and to show again: Unicode compatibility forms folded
 * (full-width letters, ligatures), control, format and unpaired-surrogate characters dropped
 * (NUL, zero-width joiners, bidi overrides), whitespace collapsed, at most MAX_QUERY_CHARS
 * characters. "" when nothing is left.
 */
export function normalizeQuery(raw: string | null | undefined): string {
  if (!raw) return "";
  const cleaned = raw
    // Bound the work before normalising: NFKC can grow a string, and the tail is dropped anyway.
    .slice(0, MAX_QUERY_CHARS * 4)
    .normalize("NFKC")
    .replace(/\p{C}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  // By code point, so a cut never leaves half of an emoji behind.
  return Array.from(cleaned).slice(0, MAX_QUERY_CHARS).join("").trim();
}

/** Words that say nothing about what is wanted: "how to grow chaeto" searches "grow chaeto". */
const STOP_WORDS = new Set(
  (
    "a an and are as at be by can do does for from how i in is it my of on or the to what when where which why " +
    "with you your me we our should"
  ).split(" "),
);

/**
 * One word family, one term: plural "s" is dropped ("phosphates" → "phosphate", "corals" →
 * "coral"), but not from "-ss", "-us" or "-is" words ("glass", "fungus", "oasis") or short ones.
 */
function foldPlural(word: string): string {
  return word.length > 4 && word.endsWith("s") && !/(ss|us|is)$/.test(word) ? word.slice(0, -1) : word;
}

/** Lower-cased, accents folded, apostrophes dropped ("don't" → "dont"), split on anything but letters and digits. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/['\u2019]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The terms of a text as the index sees them: no stop words, plurals folded. */
export function analyze(text: string): string[] {
  return words(text)
    .filter((w) => !STOP_WORDS.has(w))
    .map(foldPlural);
}

/**
 * How many typos a word may carry and still be corrected: none under four letters ("ich" and
 * "ph" are words of their own), one up to five, two from six ("cheato" → "chaeto").
 */
export function typoBudget(term: string): number {
  return term.length < 4 ? 0 : term.length < 6 ? 1 : 2;
}

/**
 * Edit distance with adjacent transpositions counting as one edit (optimal string alignment):
 * "cheato" is one slip from "chaeto", not two. Gives up (returns max + 1) once it must exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, twoBack[j - 2]! + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    twoBack = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** How many documents each term occurs in: the words the shop uses, for spelling correction. */
export type Vocabulary = Map<string, number>;

/** Terms shorter than this are not completed as prefixes: "co" would match half the shop. */
const MIN_PREFIX = 3;

/** Whether the shop uses `term` as a word, or as the start of one ("phos" while typing). */
export function isKnownTerm(term: string, vocabulary: Vocabulary): boolean {
  if (vocabulary.has(term)) return true;
  if (term.length >= MIN_PREFIX) for (const word of vocabulary.keys()) if (word.startsWith(term)) return true;
  return false;
}

/** Another spelling or name of a word ("ick" for "ich"): each word to the words it may stand for. */
export type Variants = Map<string, string[]>;

/** The most common of `words` the shop uses, if any. */
function mostCommon(words: readonly string[], vocabulary: Vocabulary): string | null {
  let best: string | null = null;
  for (const w of words) if (vocabulary.has(w) && (!best || vocabulary.get(w)! > vocabulary.get(best)!)) best = w;
  return best;
}

/**
 * Two words the shop uses written as one ("coralfood" → "coral food", "reefcare" → "reef care"),
 * each part at least MIN_PREFIX letters; of several splits the one whose rarer part is the more
 * common wins.
 */
function splitCompound(term: string, vocabulary: Vocabulary): string[] | null {
  let best: { parts: string[]; weight: number } | null = null;
  for (let i = MIN_PREFIX; i <= term.length - MIN_PREFIX; i++) {
    const left = term.slice(0, i);
    const right = analyze(term.slice(i))[0];
    if (!right || !vocabulary.has(left) || !vocabulary.has(right)) continue;
    const weight = Math.min(vocabulary.get(left)!, vocabulary.get(right)!);
    if (!best || weight > best.weight) best = { parts: [left, right], weight };
  }
  return best?.parts ?? null;
}

/**
 * The nearest word the shop uses within the term's typo budget (the more common one on a tie),
 * starting with the same letter: a slip in the first letter is rare, and without this rule
 * "gift" became "lift".
 */
function nearestWord(term: string, vocabulary: Vocabulary): string | null {
  const budget = typoBudget(term);
  if (budget === 0) return null;
  let best: { word: string; distance: number; count: number } | undefined;
  for (const [word, count] of vocabulary) {
    if (word[0] !== term[0]) continue;
    const distance = editDistance(term, word, budget);
    if (distance > budget) continue;
    if (!best || distance < best.distance || (distance === best.distance && count > best.count))
      best = { word, distance, count };
  }
  return best?.word ?? null;
}

/**
 * The query's terms, each one kept when the shop uses it (or begins a word it uses), otherwise,
 * in this order: replaced by the variant the shop uses ("ick" → "ich"), split into two words the
 * shop uses ("coralfood"), corrected to the nearest word within its typo budget, or kept as it is
 * (and then finds nothing).
 */
function correctTerms(
  terms: string[],
  vocabulary: Vocabulary,
  variants: Variants,
): { terms: string[]; corrected: boolean } {
  let corrected = false;
  const out = terms.flatMap((term) => {
    if (isKnownTerm(term, vocabulary)) return [term];
    const replacement =
      mostCommon(variants.get(term) ?? [], vocabulary) ??
      splitCompound(term, vocabulary) ??
      nearestWord(term, vocabulary);
    if (!replacement) return [term];
    corrected = true;
    return typeof replacement === "string" ? [replacement] : replacement;
  });
  return { terms: out, corrected };
}

/**
 * The terms to search for `query`, typos corrected, and the query as the shopper would have typed
 * it without them ("cheato balls" → "chaeto balls"), or null when nothing needed correcting.
 * `variants`: other names of words (the reef synonyms), tried before spelling correction.
 */
export function planQuery(
  query: string,
  vocabulary: Vocabulary,
  variants: Variants = new Map(),
): { terms: string[]; correctedQuery: string | null } {
  let changed = false;
  const terms: string[] = [];
  const shown = query.split(" ").map((token) => {
    const asked = analyze(token);
    const { terms: fixed, corrected } = correctTerms(asked, vocabulary, variants);
    terms.push(...fixed);
    if (!corrected) return token;
    changed = true;
    return fixed.join(" ");
  });
  return { terms: [...new Set(terms)], correctedQuery: changed ? shown.join(" ") : null };
}

export interface SearchDocument {
  id: string;
  /** Searchable text per field; the field names are the keys of the index's boosts. */
  fields: Record<string, string>;
}

export interface SearchIndex {
  vocabulary: Vocabulary;
  /**
   * Ids of the documents matching every term (or, when none does and `everyTerm` isn't asked for,
   * any term), best first.
   */
  search(terms: string[], options?: { everyTerm?: boolean }): Array<{ id: string; score: number }>;
}

/**
 * Results scoring below this share of the best one are dropped: a passing mention of one of two
 * words is not a result next to a page about both.
 */
const MIN_RELATIVE_SCORE = 0.12;

/**
 * A BM25 index (MiniSearch) over `documents`, fields weighted by `boosts`: a title naming the
 * topic counts more than a mention in the text. Terms are matched exactly or, from three letters,
 * as the start of a word (as-you-type); typos are corrected before, against the vocabulary.
 */
export function createSearchIndex(documents: SearchDocument[], boosts: Record<string, number>): SearchIndex {
  const fields = Object.keys(boosts);
  const index = new MiniSearch<{ id: string } & Record<string, string>>({
    fields,
    tokenize: analyze,
    processTerm: (term) => term,
    searchOptions: {
      boost: boosts,
      tokenize: (text) => text.split(" ").filter(Boolean),
      processTerm: (term) => term,
      prefix: (term) => term.length >= MIN_PREFIX,
      weights: { fuzzy: 0, prefix: 0.5 },
    },
  });
  index.addAll(documents.map((d) => ({ id: d.id, ...d.fields })));
  const vocabulary: Vocabulary = new Map();
  for (const d of documents) {
    for (const term of new Set(analyze(Object.values(d.fields).join(" "))))
      vocabulary.set(term, (vocabulary.get(term) ?? 0) + 1);
  }
  return {
    vocabulary,
    search(terms, { everyTerm = false } = {}) {
      if (terms.length === 0) return [];
      const query = terms.join(" ");
      let results = index.search(query, { combineWith: "AND" });
      if (results.length === 0 && terms.length > 1 && !everyTerm) results = index.search(query, { combineWith: "OR" });
      const best = results[0]?.score ?? 0;
      return results
        .filter((r) => r.score >= best * MIN_RELATIVE_SCORE)
        .map((r) => ({ id: String(r.id), score: r.score }));
    },
  };
}

/** Both vocabularies as one, for correcting a query that searches both indexes. */
export function mergeVocabularies(...vocabularies: Vocabulary[]): Vocabulary {
  const merged: Vocabulary = new Map();
  for (const v of vocabularies) for (const [term, count] of v) merged.set(term, (merged.get(term) ?? 0) + count);
  return merged;
}

export interface SnippetPart {
  text: string;
  /** A word the query matched: shown highlighted. */
  hit: boolean;
}

/**
 * Up to `length` characters of `text` around the first word the query matched (whole words, with
 * "…" where it was cut), split into parts so the matched words can be highlighted. Without a match,
 * the start of the text.
 */
export function snippet(text: string, terms: string[], length = 180): SnippetPart[] {
  const tokens = [...text.matchAll(/[\p{L}\p{N}'\u2019]+/gu)];
  const matches = (word: string) => {
    const [term] = analyze(word);
    return term !== undefined && terms.some((t) => term === t || (t.length >= MIN_PREFIX && term.startsWith(t)));
  };
  const first = tokens.find((m) => matches(m[0]));
  let start = first ? Math.max(0, first.index - Math.floor(length / 3)) : 0;
  let end = Math.min(text.length, start + length);
  // Whole words only: move the cuts to the nearest spaces inside the window.
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space === -1 || space >= (first?.index ?? end) ? start : space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    end = space > start ? space : end;
  }
  const parts: SnippetPart[] = [];
  let at = start;
  for (const m of tokens) {
    if (m.index < start || m.index + m[0].length > end || !matches(m[0])) continue;
    if (m.index > at) parts.push({ text: text.slice(at, m.index), hit: false });
    parts.push({ text: m[0], hit: true });
    at = m.index + m[0].length;
  }
  if (at < end) parts.push({ text: text.slice(at, end), hit: false });
  if (start > 0) parts.unshift({ text: "…", hit: false });
  if (end < text.length) parts.push({ text: "…", hit: false });
  return parts;
}

/** One line of the search box's instant suggestions. */
export interface Suggestion {
  kind: "product" | "bundle" | "guide" | "all";
  label: string;
  detail: string;
  url: string;
}
