/**
 * Stage 2, the index: everything the engine knows about the sections, built once when the engine
 * is created. Full-text indexes (MiniSearch, BM25) over sections and over their passages, the
 * questions reefers asked of each section as neighbours of their own, a naive Bayes classifier,
 * term weights, and the per-section signals the ranking reads (heading terms and trigrams). The later
 * stages take the built WisdomIndex as an argument; nothing here depends on a question.
 */
import MiniSearch, { type SearchOptions } from "minisearch";
import { SYNONYM_GROUPS } from "#app/content/wisdom/reef-vocabulary";
import { analyze, isNumber, processTerm, STOP_WORDS, surfaceWords, tokenize, trigrams } from "./analyse";
import { createSectionClassifier, type SectionClassifier } from "./classifier";
import { plainText } from "./documents";
import { passagesOf, splitSentences, type Passage } from "./passages";
import { createSpeller, type Speller } from "./spelling.server";
import type { RetrieverTuning } from "./tuning";
import type { WisdomSection } from "./types";

/**
 * Typos: one edit for terms of 5–7 letters, two from 8 ("alkalinty", "phospate"); shorter terms
 * must match exactly, or "salt" would meet "sand". Prefix matching from 5 letters on helps
 * half-typed words ("refract"); shorter prefixes match too much ("flat" would pull in "flatworm").
 */
export function typoMatching(mayBeTypo: (term: string) => boolean) {
  const typo = (term: string) => term.length >= 5 && mayBeTypo(term);
  return { fuzzy: (term: string) => (typo(term) ? 0.2 : false), prefix: typo };
}

/**
 * Search options shared by the indexes. Typo and prefix matching apply only to question words the
 * guides never use: a word they do use ("first", "light") is already matched exactly, and fuzzy
 * variants of it only add noise and cost (a typo search walks the whole vocabulary).
 */
function searchOptions(tuning: RetrieverTuning, known: Set<string>) {
  return {
    // A question is analysed in one go and de-duplicated (analyseQuestion); rank.ts hands the
    // analysed terms to each search, so this tokenizer only serves a search given raw text.
    tokenize: (text: string) => [...new Set(analyze(text))],
    processTerm: (term: string) => term,
    bm25: tuning.bm25,
    weights: tuning.weights,
    ...typoMatching((term) => !known.has(term)),
    maxFuzzy: 2,
    combineWith: "OR" as const,
  };
}

/** A question reefers asked before, labelled with the sections that answer it (none when off-topic). */
export interface NeighbourDoc {
  text: string;
  sections: number[];
  weight: number;
  /** For a question the guides leave out: the section that says so ("What we don't cover"). */
  declinedBy?: number;
}

export interface WisdomIndex {
  sections: WisdomSection[];
  tuning: RetrieverTuning;
  passages: Passage[];
  sectionIndex: MiniSearch;
  passageIndex: MiniSearch;
  neighbourIndex: MiniSearch;
  neighbourDocs: NeighbourDoc[];
  /** A question term's weight in coverage (0 for numbers and for the form words of a question). */
  weight: (term: string) => number;
  /** Each section's own terms (not its asks). */
  ownTerms: Array<Set<string>>;
  /** The words the guides themselves use (not the asks): what a compared product must be named with. */
  guideTerms: Set<string>;
  speller: Speller;
  sectionTitleTerms: string[][];
  classifier: SectionClassifier;
  /** What each section answers, as character trigrams: its heading (with the `##` one above it). */
  headingGrams: Array<Set<string>>;
  /** The heading with its first sentence, which in these guides states the section's point. */
  leadGrams: Array<Set<string>>;
  /** The weight of the rarest indexed word. */
  rarest: number;
  /** Words indexed anywhere (guides and asks): a question word among them is matched exactly, never as a typo. */
  known: Set<string>;
}

export function buildIndex(sections: WisdomSection[], tuning: RetrieverTuning): WisdomIndex {
  const askLists = sections.map((s) => s.asks ?? []);
  const offTopic = sections.flatMap((s, i) => (s.declines ?? []).map((text) => ({ text, declinedBy: i })));
  const sectionAsks = askLists.map((asks) => asks.join(" \n "));
  const known = new Set(
    sections.flatMap((s, i) => analyze(`${s.title} ${s.parentTitle ?? ""} ${s.docTitle} ${s.text} ${sectionAsks[i]}`)),
  );
  const passages = sections.flatMap((s, i) => passagesOf(s, i));
  const weight = termWeights(sections, tuning.unknownWeight);
  const ownTerms = sections.map((s) => new Set(analyze(`${s.title} ${s.parentTitle ?? ""} ${s.docTitle} ${s.text}`)));
  const options = searchOptions(tuning, known);
  const neighbours = neighbourSearch(askLists, offTopic, weight, options);
  return {
    sections,
    tuning,
    passages,
    sectionIndex: searchOver(
      ["title", "parentTitle", "docTitle", "text", "asks"],
      { ...options, boost: tuning.boosts },
      sections.map((s, key) => ({
        key,
        title: s.title,
        docTitle: s.docTitle,
        text: plainText(s.text),
        asks: sectionAsks[key]!,
        ...(s.parentTitle !== undefined ? { parentTitle: s.parentTitle } : {}),
      })),
    ),
    // The parent heading is its own, weaker field: "Alkalinity stability" under "Alkalinity (alk,
    // dKH) and why stability matters" should not say "alkalinity" twice as loud as its parent.
    passageIndex: searchOver(
      ["text", "heading", "parent", "asks"],
      { ...options, boost: tuning.passageBoosts },
      passages.map((p, key) => {
        const s = sections[p.section]!;
        return { key, text: p.match, heading: s.title, parent: s.parentTitle ?? "", asks: sectionAsks[p.section]! };
      }),
    ),
    known,
    neighbourIndex: neighbours.index,
    neighbourDocs: neighbours.docs,
    weight,
    ownTerms,
    guideTerms: new Set(ownTerms.flatMap((terms) => [...terms])),
    // Misspelt words are read as the guides' words before anything else (spelling.server.ts); the
    // words of known off-topic questions ("hlle", "uronema") stay as they are: "HLLE" read as
    // "hole" would be answered from a section about holes.
    speller: createSpeller(
      surfaceWords([
        ...sections.map((s) => `${s.title} ${s.parentTitle ?? ""} ${s.docTitle} ${plainText(s.text)}`),
        ...sectionAsks,
        ...SYNONYM_GROUPS.flatMap((g) => g.variants),
      ]),
      STOP_WORDS,
      new Set(surfaceWords(offTopic.map((q) => q.text)).keys()),
    ),
    sectionTitleTerms: sections.map((s) => [...new Set(analyze(s.title))].filter((t) => !isNumber(t))),
    // Naive Bayes over sections: what reefers asked of each, its headings and, weakly, its text.
    classifier: createSectionClassifier(
      sections.map((s, i) => [
        ...askLists[i]!.map((ask) => ({ terms: analyze(ask), weight: 1 })),
        { terms: analyze(`${s.title} ${s.parentTitle ?? ""}`), weight: 3 },
        { terms: analyze(plainText(s.text)), weight: 0.3 },
      ]),
    ),
    headingGrams: sections.map((s) => trigrams(`${s.title} ${s.parentTitle ?? ""}`)),
    leadGrams: sections.map((s) => trigrams(`${s.title} ${splitSentences(s.text)[0] ?? ""}`)),
    rarest: Math.log(1 + Math.max(1, sections.length)),
  };
}

/** A full-text index of the documents over the fields, searched with the options. */
function searchOver<T extends { key: number }>(
  fields: Array<keyof T & string>,
  options: SearchOptions,
  documents: T[],
) {
  const index = new MiniSearch<T>({ idField: "key", fields, tokenize, processTerm, searchOptions: options });
  index.addAll(documents);
  return index;
}

/**
 * Neighbours: every ask, learned question and learned off-topic question as a document of its own,
 * labelled with the sections that answer it (none when off-topic). A question close to one reefers
 * asked before is likely answered where theirs was, or not at all; the asks field of the section
 * index blends a section's asks into one bag of words and loses that.
 */
function neighbourSearch(
  askLists: string[][],
  offTopic: Array<{ text: string; declinedBy?: number }>,
  weight: (term: string) => number,
  options: ReturnType<typeof searchOptions>,
) {
  // One document per distinct question, with every section it is asked of.
  const byText = new Map<string, NeighbourDoc>();
  const add = (text: string, section?: number, declinedBy?: number) => {
    let doc = byText.get(text);
    if (!doc) {
      const weighed = [...new Set(analyze(text))].reduce((sum, t) => sum + weight(t), 0);
      byText.set(text, (doc = { text, sections: [], weight: weighed }));
    }
    if (section !== undefined && !doc.sections.includes(section)) doc.sections.push(section);
    if (declinedBy !== undefined) doc.declinedBy ??= declinedBy;
  };
  askLists.forEach((asks, i) => asks.forEach((ask) => add(ask, i)));
  for (const q of offTopic) add(q.text, undefined, q.declinedBy);
  const docs = [...byText.values()];
  const index = searchOver(
    ["text"],
    options,
    docs.map((d, key) => ({ key, text: d.text })),
  );
  return { index, docs };
}

/**
 * Term weights for coverage: log(1 + N / df) over sections, so "aiptasia" counts for more than
 * "water". A word no section uses ("pizza", "mortgage") gets `unknownWeight` times the weight of
 * the rarest indexed word: it is what the question is about, and the guides don't have it.
 */
function termWeights(sections: WisdomSection[], unknownWeight: number): (term: string) => number {
  const df = new Map<string, number>();
  for (const s of sections)
    for (const term of new Set(analyze(`${s.title} ${s.text}`))) df.set(term, (df.get(term) ?? 0) + 1);
  const n = Math.max(1, sections.length);
  const unknown = unknownWeight * Math.log(1 + n);
  // Weighed once here: ranking asks for the same words' weights thousands of times per answer.
  const weights = new Map([...df].map(([term, count]) => [term, isNumber(term) ? 0 : Math.log(1 + n / count)]));
  // "How do I …", "how many …" and "what do I do …" say what kind of answer is wanted (the
  // re-ranker's intent cues), not what it is about: "How many watts per gallon" must not count as
  // covering "how many hermits per gallon", nor a "How to …" heading the aiptasia question.
  for (const t of analyze("how to how many what to do where")) weights.set(t, 0);
  return (term) => weights.get(term) ?? (isNumber(term) ? 0 : unknown);
}
