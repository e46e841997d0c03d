/**
 * Stage 4, the decision: answer or refuse, with the reason. The best passage's features are
 * calibrated into a confidence (the probability that the guides cover the question, fitted by
 * bench/wisdom-retrieval.ts --calibrate); a question is answered when that clears the threshold,
 * the match is evidence that it is about reef keeping at all, and neither question rule
 * (question-rules.ts: a stock question, a comparison of unknown products) refuses it. A message whose whole scores too low is judged clause by clause.
 */
import { editDistance } from "#app/domain/search";
import { analyseQuestion, analyze, clausesOf, isNumber, saysReef, synonyms } from "./analyse";
import { ruleOut } from "./question-rules";
import { fieldCoverage, neighboursOf, queryOf, rank, type Query, type Ranked } from "./rank";
import { CALIBRATION_FEATURES, type RetrieverTuning } from "./tuning";
import type { WisdomIndex } from "./search-index";
import type { WisdomFeatures } from "./types";

/**
 * A question this close to one reefers asked before, and closer to it than to any off-topic one, is
 * about reef keeping although its words are everyday ones ("can i put my tank next to a window").
 */
const NEIGHBOUR_EVIDENCE = 0.7;

/** A question with no reef-vocabulary word needs at least this many words matched exactly. */
const MIN_EVERYDAY_TERMS = 3;

/** How many of the whole message's best sections a clause may answer from. */
const CLAUSE_SECTIONS = 3;

/** This many distinct question words said by the best section is as much evidence as more. */
const MATCHED_TERMS = 8;

/** A gap in re-ranker score this wide between the best section and the next is a clear lead. */
const RANKER_SPREAD = 4;

export interface Judgement {
  ranked: Ranked[];
  /** The best passage's calibration features, or null when nothing matches. */
  features: WisdomFeatures | null;
  best: Ranked | undefined;
  confidence: number;
  /** Whether the match is evidence that the question is about reef keeping at all (hasReefEvidence). */
  evidence: boolean;
  /** The best passage matched a reef-vocabulary word, or the question says it is about a reef. */
  topical: boolean;
  /** Distinct question terms the best passage or its section matched exactly. */
  exact: number;
  /** Closer to a question known to be off-topic than to any the guides answer. */
  likeOffTopic: boolean;
  /** When likeOffTopic, the section that says the guides leave that question out, if one does. */
  declinedBy: number | undefined;
  /** Refused by a fixed rule (no match, no reef evidence, a question rule), whatever its confidence. */
  ruled: boolean;
  ok: boolean;
  /** Why it is answered or refused. */
  reason: string;
}

function calibrate(c: RetrieverTuning["calibration"], f: WisdomFeatures): number {
  return 1 / (1 + Math.exp(-CALIBRATION_FEATURES.reduce((z, k) => z + c[k] * f[k], c.bias)));
}

/** The calibration features of a ranked passage (worked out for the best one only: they cost more). */
export function featuresOf(query: Query, ranked: Ranked[]): WisdomFeatures {
  const { index, question } = query;
  const best = ranked[0]!;
  const nextScore = ranked.find((r) => r.section !== best.section)?.score ?? -Infinity;
  const { asked, terms: queryTerms } = question;
  // How specific the best matched word is: a reef term or a rare word says "this is about reef
  // keeping"; matching only "light" or "speed" does not.
  const exact = [...best.r.terms, ...(best.sr?.terms ?? [])].filter((t) => asked.has(t) && !isNumber(t));
  // A typo of a reef word ("refractometr") is evidence too: the doc term it matched is the reef word.
  const typoOfReefWord = [...best.r.terms, ...(best.sr?.terms ?? [])].some(
    (d) =>
      !asked.has(d) &&
      synonyms.reefTerms.has(d) &&
      queryTerms.some((t) => !best.r.terms.includes(t) && editDistance(t, d) <= 2),
  );
  const reefTerm = exact.some((t) => synonyms.reefTerms.has(t)) || typoOfReefWord ? 1 : 0;
  const specificity = Math.max(0, ...exact.map((t) => Math.min(1, query.weight(t) / index.rarest)));
  const neighbours = neighboursOf(query);
  return {
    unknownEveryday: unknownShare(query),
    neighbour: neighbours.best,
    offTopicNeighbour: neighbours.offTopic,
    sectionCoverage: best.sectionCoverage,
    passageCoverage: best.passageCoverage,
    specificity,
    reefTerm,
    // The share of the question its headings name: guides answer under a heading that says what
    // the section is about, while a passing mention ("or a calcium reactor") sits under another.
    headingCoverage: fieldCoverage(query, best.r),
    exactTerms: new Set(exact).size,
    saysReef: question.saysReef ? 1 : 0,
    // How far the best section stands above the next one: a long message covers little of its
    // words with any section, yet one section can still stand out (a share of RANKER_SPREAD).
    margin: Math.min(1, (best.score - nextScore) / RANKER_SPREAD),
    // How many of its words the best section says, saturating: unlike the shares above, a long
    // post that names its subject many times is not weighed down by the rest of its story.
    matched: Math.min(1, new Set(exact).size / MATCHED_TERMS),
  };
}

/**
 * Everyday English words the guides never use ("kitchen", "heatwave"), as a share of the
 * question's weight: more often how someone put a covered question than what it is about, they
 * lower the confidence less than their weight in the coverage does.
 */
function unknownShare(query: Query): number {
  const { index, question, total } = query;
  if (total === 0) return 0;
  return (
    question.terms
      .filter((t) => !isNumber(t) && !index.guideTerms.has(t) && question.everyday.has(t))
      .reduce((sum, t) => sum + query.weight(t), 0) / total
  );
}

/**
 * Ranks a question (or a part of one, `text`) and says whether its best passage may be quoted.
 * Question rules are read off the whole `question`.
 */
export function judge(index: WisdomIndex, text: string, question = text): Judgement {
  const query = queryOf(index, analyseQuestion(text));
  const ranked = rank(query);
  const best = ranked[0];
  const f = best ? featuresOf(query, ranked) : null;
  const confidence = f ? calibrate(index.tuning.calibration, f) : 0;
  const rule = best && ruleOut(question, index.sections[best.section]!, index.guideTerms);
  // Without a reef word, a couple of everyday words ("speed of light") matching is no evidence at all.
  const evidence = f !== null && hasReefEvidence(f);
  const ok = best !== undefined && evidence && confidence >= index.tuning.threshold && !rule;
  const likeOffTopic = f !== null && f.offTopicNeighbour > f.neighbour;
  const refusedBy = !best ? "nothing matched" : !evidence ? "no evidence it is about reef keeping" : rule;
  return {
    ranked,
    features: f,
    best,
    confidence,
    evidence,
    topical: f !== null && (f.reefTerm === 1 || f.saysReef === 1),
    exact: f?.exactTerms ?? 0,
    likeOffTopic,
    declinedBy: likeOffTopic ? neighboursOf(query).declinedBy : undefined,
    ruled: Boolean(refusedBy),
    ok,
    reason: refusedBy || (ok ? "answered" : "confidence below the threshold"),
  };
}

/**
 * Answer or refuse a whole message. A long or chatty question ("came home from work and the tank
 * smells bad, one fish is missing …, what do i do first") spreads its weight over words the guides
 * never use, so the whole scores under the threshold although one of its clauses asks something
 * they answer. Each clause is then judged on its own, by the same calibration, and the
 * best-supported one answers.
 *
 * A clause stands in for the whole only when the clause names reef keeping, or the whole question
 * is about it (a reef word, enough of the guides' words, or close to a reefer's question) and the
 * rest of it ties the clause to its answer (restVouches). Asking the whole to name reef vocabulary
 * would refuse covered questions such as "green marble things multiplying on the rockwork, ok to
 * just squish em?". Nor does the whole vouch for a clause when it reads like a known off-topic
 * question more than like a reefer's: "my car makes a grinding noise when i brake, should i be
 * worried or can it wait" would have its "can it wait" clause answered from "Fish to save for later".
 */
export function decide(
  index: WisdomIndex,
  question: string,
  whole = question,
  first: Judgement = judge(index, question, whole),
): Judgement {
  // A message that reads more like a question the guides don't answer than like one they do is
  // not rescued by a clause: "seahorse tank …, what temperature do they like".
  if (first.ok || first.likeOffTopic) return first;
  let judged = first;
  const asked = [...new Set(analyze(question))].filter((t) => !isNumber(t));
  // A clause answers for the whole only from a section the whole ranks near the top: "What's the
  // order I should be doing things in" must not take a puddle under the sump to the privacy page.
  const agreed = new Set([...new Set(first.ranked.map((r) => r.section))].slice(0, CLAUSE_SECTIONS));
  for (const clause of clausesOf(question)) {
    const c = judge(index, clause, whole);
    if (!c.ok || c.confidence <= (judged.ok ? judged.confidence : 0) || !agreed.has(c.best!.section)) continue;
    if (!c.topical && !(first.evidence && restVouches(index, question, clause, c, asked))) continue;
    judged = c;
  }
  return judged;
}

/**
 * Whether the rest of the question, beyond one clause, ties that clause to its answer. A clause that
 * names nothing of reef keeping ("should i worry", "how do i get rid of it safely") has no subject
 * of its own: the whole vouches for it only by a word the answering section says too, or by being
 * about reef keeping while the clause matches at least two words of its own. Otherwise "theres a
 * wasp nest under my deck, how do i get rid of it safely" would have its last clause answered with
 * a hermit's habits.
 */
function restVouches(index: WisdomIndex, question: string, clause: string, c: Judgement, asked: string[]) {
  if (c.best === undefined) return false;
  const own = new Set(analyze(clause));
  const said = index.ownTerms[c.best.section]!;
  if (asked.some((t) => !own.has(t) && said.has(t))) return true;
  return saysReef(question.replace(clause, " ")) && c.exact >= 2;
}

/**
 * Whether the match is evidence that the question is about reef keeping (or our shop) at all: a
 * reef-vocabulary word, the question saying "reef" or "aquarium", or at least three everyday
 * words, or two that the section's heading names ("what should I check every day" → "Daily
 * checks").
 */
export function hasReefEvidence(f: WisdomFeatures): boolean {
  return (
    f.reefTerm === 1 ||
    f.saysReef === 1 ||
    f.exactTerms >= MIN_EVERYDAY_TERMS ||
    (f.exactTerms >= 2 && f.headingCoverage >= 0.6) ||
    (f.neighbour >= NEIGHBOUR_EVIDENCE && f.neighbour > f.offTopicNeighbour)
  );
}
