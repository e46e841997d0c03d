/**
 * Stage 3, retrieval and ranking: the candidate passages of an analysed question, from the passage
 * and section indexes, each scored by the learned re-ranker (Σ weight × feature, RANK_FEATURES in
 * tuning.ts) over how much of the question it covers, what kind of answer it offers, and how close
 * the question is to the questions reefers asked of its section.
 */
import { editDistance } from "#app/domain/search";
import { isNumber, overlap, synonyms, type AnalysedQuestion } from "./analyse";
import { typoMatching, type WisdomIndex } from "./search-index";
import { RANK_FEATURES, type RankFeature } from "./tuning";
import type { SearchResult } from "minisearch";

/**
 * `f`, worked out once per key (its first argument): ranking asks the same thing of the same
 * term, section or heading match many times per question.
 */
export function memo<K, A extends unknown[], V>(f: (key: K, ...rest: A) => V): (key: K, ...rest: A) => V {
  const values = new Map<K, V>();
  return (key, ...rest) => {
    if (!values.has(key)) values.set(key, f(key, ...rest));
    return values.get(key)!;
  };
}

/** How many of the closest asked questions vote for their sections. */
const NEIGHBOUR_VOTES = 10;

/**
 * Candidates re-ranked per question, best BM25 first: the passages, and the reefers' questions that
 * may be its neighbours. A common word ("tank") matches thousands of either; those far down the
 * BM25 list share only such words with the question and never win, but scoring them all cost most
 * of an answer's time.
 */
const PASSAGE_CANDIDATES = 100;
const NEIGHBOUR_CANDIDATES = 400;
/** Coverage credit for a question term matched only by typo or prefix to an everyday word. */
const FUZZY_CREDIT = 0.25;

/** Headings that offer what an intent wants. */
export const HEADING_OFFERS = {
  howTo:
    /\b(?:how|treating|fix|fixing|removing|killing|lowering|raising|cooling|what to do|control|getting|step|dipping|first hour|next steps)\b/i,
  symptom: /\b(?:signs?|causes?|why|is it|vs\.?|looks like|turning|going|when)\b/i,
};

/**
 * How close the question comes to each section's asked questions, and to the off-topic ones: the
 * harmonic mean of the share of the question a neighbour matches and the share of the neighbour
 * the question matches (both weighted), the best per section.
 */
export interface Neighbours {
  bySection: Map<number, number>;
  /** Each section's share of the similarity of the NEIGHBOUR_VOTES closest asked questions. */
  votes: Map<number, number>;
  best: number;
  offTopic: number;
  /** The section that declines the closest off-topic question, when one does (NeighbourDoc.declinedBy). */
  declinedBy?: number;
}

/**
 * An analysed question against one index: what depends on both is worked out once, here, and
 * passed along. Coverage is called for every search result and every neighbour (thousands per
 * question), so the question's total weight is summed once and each typo's distance measured once.
 */
export interface Query {
  index: WisdomIndex;
  question: AnalysedQuestion;
  /** A question term's weight in coverage. */
  weight: (term: string) => number;
  /** The question terms' total weight. */
  total: number;
  /** The edit distance of "term variant". */
  distance: (pair: string) => number;
  neighbours?: Neighbours;
}

export function queryOf(index: WisdomIndex, question: AnalysedQuestion): Query {
  const everydayWeight = index.tuning.everydayWeight * index.rarest;
  // A word the guides never use weighs as what the question is about (index.weight), unless the
  // question wrote it as an everyday English word ("details", "kitchen"): then as a common word.
  const weight = memo((t: string) =>
    question.everyday.has(t) && !isNumber(t) && !index.guideTerms.has(t) ? everydayWeight : index.weight(t),
  );
  return {
    index,
    question,
    weight,
    total: question.terms.reduce((sum, t) => sum + weight(t), 0),
    distance: memo((pair: string) => editDistance(...(pair.split(" ") as [string, string]))),
  };
}

/**
 * The options of one search for a question, with its analysed terms (it is not analysed again). An everyday English word is spelled as meant (the
 * speller corrected the rest): its near spellings and prefixes are other words, not what was asked,
 * and looking them up walks the whole vocabulary of each index once per word.
 */
const searchOf = (query: Query) => {
  const { known } = query.index;
  const { everyday } = query.question;
  return { tokenize: () => query.question.terms, ...typoMatching((t) => !known.has(t) && !everyday.has(t)) };
};

/**
 * Weighted share of the question's terms that a search result matched (exactly, by prefix or by
 * typo). A query term matched only by typo or prefix ("brazil" ~ "basil") counts for less: it is
 * weaker evidence that the guides talk about the same thing.
 */
export function coverage(query: Query, result: SearchResult): number {
  const { total, distance } = query;
  const { asked, terms: queryTerms } = query.question;
  const weight = query.weight;
  if (total === 0 || !result.queryTerms.some((t) => !isNumber(t))) return 0;
  const hit = new Set(result.queryTerms);
  const exact = new Set(result.terms);
  const variants = result.terms.filter((d) => !asked.has(d));
  const credit = (t: string) => {
    if (exact.has(t)) return 1;
    if (!hit.has(t)) return 0;
    // A typo of a reef word ("anenome", "velvit") is the reef word; a near miss of an everyday
    // word ("betta" ~ "better") says little.
    const nearest = variants.toSorted((a, b) => distance(`${t} ${a}`) - distance(`${t} ${b}`))[0];
    return nearest !== undefined && synonyms.reefTerms.has(nearest) ? 1 : FUZZY_CREDIT;
  };
  return queryTerms.reduce((sum, t) => sum + credit(t) * weight(t), 0) / total;
}

/** The terms a result matched in the given fields. */
const termsIn = (r: SearchResult, fields: string[]) =>
  Object.entries(r.match)
    .filter(([, matched]) => fields.some((f) => matched.includes(f)))
    .map(([term]) => term);

/** Weighted share of the question that a result matched in the given fields (a passage's headings by default). */
export function fieldCoverage(query: Query, r: SearchResult, fields = ["heading", "parent"]): number {
  const terms = termsIn(r, fields);
  return coverage(query, { ...r, terms, queryTerms: terms });
}

/** The question's neighbours among the questions reefers asked (worked out once per query). */
export function neighboursOf(query: Query): Neighbours {
  if (query.neighbours) return query.neighbours;
  const { neighbourIndex, neighbourDocs } = query.index;
  const { weight } = query;
  const value: Neighbours = { bySection: new Map(), votes: new Map(), best: 0, offTopic: 0 };
  const close: Array<{ similarity: number; sections: number[] }> = [];
  for (const r of neighbourIndex.search(query.question.text, searchOf(query)).slice(0, NEIGHBOUR_CANDIDATES)) {
    const doc = neighbourDocs[r.id as number]!;
    const ofQuestion = coverage(query, r);
    if (ofQuestion === 0 || doc.weight === 0) continue;
    const ofNeighbour = Math.min(1, r.terms.reduce((sum, t) => sum + weight(t), 0) / doc.weight);
    if (ofNeighbour === 0) continue;
    const similarity = (2 * ofQuestion * ofNeighbour) / (ofQuestion + ofNeighbour);
    if (doc.sections.length === 0) {
      // An off-topic neighbour tells how near the question is to what we decline; it has no
      // section to vote for, so it must not take a share of the covered sections' votes.
      if (similarity > value.offTopic) {
        value.offTopic = similarity;
        value.declinedBy = doc.declinedBy;
      }
    } else close.push({ similarity, sections: doc.sections });
    for (const section of doc.sections) {
      value.bySection.set(section, Math.max(value.bySection.get(section) ?? 0, similarity));
      value.best = Math.max(value.best, similarity);
    }
  }
  close.sort((a, b) => b.similarity - a.similarity);
  const voters = close.slice(0, NEIGHBOUR_VOTES);
  const total = voters.reduce((sum, v) => sum + v.similarity, 0);
  for (const v of voters)
    for (const section of v.sections)
      value.votes.set(section, (value.votes.get(section) ?? 0) + v.similarity / total / v.sections.length);
  query.neighbours = value;
  return value;
}

/** A candidate passage: its section, coverage, search results (passage and section), features and score. */
export type Ranked = ReturnType<ReturnType<typeof passageFeatures>> & { score: number };

/** The candidate passages of a question, best first. */
export function rank(query: Query): Ranked[] {
  const { index, question } = query;
  if (question.terms.length === 0) return [];
  const sectionResults = new Map<number, SearchResult>();
  for (const r of index.sectionIndex.search(question.text, searchOf(query))) sectionResults.set(r.id as number, r);
  const passageResults = index.passageIndex.search(question.text, searchOf(query)).slice(0, PASSAGE_CANDIDATES);
  const features = passageFeatures(query, sectionResults, passageResults);
  const w = index.tuning.ranker;
  return passageResults
    .map((r): Ranked => {
      const c = features(r);
      return { ...c, score: RANK_FEATURES.reduce((sum, name) => sum + w[name] * c.f[name], 0) };
    })
    .sort((a, b) => b.score - a.score || a.passage - b.passage);
}

/**
 * The re-ranker's features of each candidate passage. What depends on the section alone (its
 * coverage, trigram overlaps, asks coverage) is worked out once per section.
 */
function passageFeatures(query: Query, sectionResults: Map<number, SearchResult>, passageResults: SearchResult[]) {
  const { index, question } = query;
  const { passages, sections, weight } = index;
  const { asked, intent, wantsNumber } = question;
  const maxSection = Math.max(1e-9, ...[...sectionResults.values()].map((r) => r.score));
  const maxPassage = Math.max(1e-9, ...passageResults.map((r) => r.score));
  const gramsOf = sectionGrams(query);
  const headingCoverage = headingCoverageBySet(query);
  const neighbours = neighboursOf(query);
  const posterior = index.classifier.posteriors(question.terms);
  const sectionCoverageOf = memo((section: number) => {
    const sr = sectionResults.get(section);
    return sr ? coverage(query, sr) : 0;
  });
  // Read off the section's first candidate passage: every passage of a section has its asks.
  const askCoverageOf = memo((_section: number, r: SearchResult) => fieldCoverage(query, r, ["asks"]));
  return (r: SearchResult) => {
    const p = passages[r.id as number]!;
    const s = sections[p.section]!;
    const sr = sectionResults.get(p.section);
    const sectionCoverage = sectionCoverageOf(p.section);
    const passageCoverage = coverage(query, r);
    const rowKey = p.rowKey?.some((t) => asked.has(t)) ?? false;
    const titleTerms = index.sectionTitleTerms[p.section]!;
    // What the heading is about that the question did not ask ("frag" for "how much flow for SPS"), by weight.
    const titleWeight = titleTerms.reduce((sum, t) => sum + weight(t), 0);
    const neighbour = neighbours.bySection.get(p.section) ?? 0;
    const f: Record<RankFeature, number> = {
      passage: r.score / maxPassage,
      section: sr ? sr.score / maxSection : 0,
      passageCoverage,
      sectionCoverage,
      headingCoverage: headingCoverage(r),
      number: wantsNumber && p.hasNumber ? 1 : 0,
      targetRow: intent.target && rowKey ? 1 : 0,
      targetNumber: intent.target && p.hasRange ? 1 : 0,
      duration: intent.duration && p.hasDuration ? 1 : 0,
      frequency: intent.frequency && p.hasFrequency ? 1 : 0,
      howTo: intent.howTo && HEADING_OFFERS.howTo.test(s.title) ? 1 : 0,
      symptom: intent.symptom && HEADING_OFFERS.symptom.test(s.title) ? 1 : 0,
      subsection: s.parentTitle !== undefined ? 1 : 0,
      headingPrecision: titleTerms.length === 0 ? 0 : titleTerms.filter((t) => asked.has(t)).length / titleTerms.length,
      // The heading names a thing of reef keeping the question doesn't: "Photoperiod for chaeto"
      // is about the refugium's chaeto, not the display's lights.
      subjectMiss: titleTerms.some((t) => !asked.has(t) && synonyms.reefTerms.has(t)) ? 1 : 0,
      headingMiss:
        titleWeight === 0 ? 0 : titleTerms.reduce((sum, t) => sum + (asked.has(t) ? 0 : weight(t)), 0) / titleWeight,
      targetStatement: intent.target && p.statesTarget ? 1 : 0,
      headingGrams: gramsOf(p.section)[0],
      leadGrams: gramsOf(p.section)[1],
      askCoverage: askCoverageOf(p.section, r),
      neighbour,
      neighbourVote: neighbours.votes.get(p.section) ?? 0,
      neighbourBest: neighbours.best > 0 && neighbour === neighbours.best ? 1 : 0,
      classifier: posterior[p.section]!,
    };
    return { passage: r.id as number, section: p.section, sectionCoverage, passageCoverage, r, sr, f };
  };
}

/**
 * Share of a section heading's trigrams the question has (a fuzzy "the question names the
 * heading"), and the Dice overlap of the question with the heading plus first sentence.
 */
function sectionGrams(query: Query): (section: number) => [number, number] {
  const { headingGrams, leadGrams } = query.index;
  const qGrams = query.question.grams;
  return memo((section: number): [number, number] => {
    const h = headingGrams[section]!;
    const l = leadGrams[section]!;
    return [
      h.size === 0 ? 0 : overlap(h, qGrams) / h.size,
      l.size + qGrams.size === 0 ? 0 : (2 * overlap(l, qGrams)) / (l.size + qGrams.size),
    ];
  });
}

/** Heading coverage; passages of one section mostly match the same heading words, so each set is worked out once. */
function headingCoverageBySet(query: Query): (r: SearchResult) => number {
  const bySet = memo((_terms: string, r: SearchResult) => fieldCoverage(query, r));
  return (r) => bySet(termsIn(r, ["heading", "parent"]).join(" "), r);
}
