/**
 * The engine's fitted numbers: the re-ranker's weights (rank.ts) and the refusal calibration
 * (decide.ts), both fitted by bench/wisdom-retrieval.ts, and the index's field boosts.
 */

/** The re-ranker's features of a candidate passage, in the order of RetrieverTuning.ranker. */
export const RANK_FEATURES = [
  "passage",
  "section",
  "passageCoverage",
  "sectionCoverage",
  "headingCoverage",
  "number",
  "rowKey",
  "targetRow",
  "targetNumber",
  "duration",
  "frequency",
  "why",
  "howTo",
  "symptom",
  "subsection",
  "headingPrecision",
  "headingMiss",
  "targetStatement",
  "scopeMiss",
  "headingGrams",
  "leadGrams",
  "askCoverage",
  "neighbour",
  "neighbourBest",
  "neighbourVote",
  "classifier",
  "classifierBest",
] as const;
export type RankFeature = (typeof RANK_FEATURES)[number];

/** Ranking knobs, overridable for calibration (bench) and tests. */
export interface RetrieverTuning {
  /** Field boosts of the section index: a heading that names the topic says more than a passing mention. */
  boosts: { title: number; parentTitle: number; docTitle: number; text: number; asks: number };
  /** Field boosts of the passage index: the passage itself, its section's heading and the `##` heading above that. */
  passageBoosts: { text: number; heading: number; parent: number; asks: number };
  /** BM25+ parameters (MiniSearch defaults: k 1.2, b 0.7, d 0.5). */
  bm25: { k: number; b: number; d: number };
  /** Relative weight of typo (fuzzy) and prefix matches against exact ones. */
  weights: { fuzzy: number; prefix: number };
  /**
   * Weights of the learned re-ranker: a passage's score is Σ weight × feature (RANK_FEATURES),
   * fitted pairwise on the development sets (bench/wisdom-retrieval.ts --fit-ranker).
   */
  ranker: Record<RankFeature, number>;

  /**
   * Logistic calibration of the confidence from the best passage's features, fitted on the
   * development set (bench/wisdom-retrieval.ts --calibrate): P(covered) = σ(bias + Σ weight × feature).
   */
  calibration: {
    bias: number;
    section: number;
    passage: number;
    specificity: number;
    reefTerm: number;
    heading: number;
    /** The closest asked question's similarity, and the closest off-topic one's. */
    neighbour: number;
    offTopicNeighbour: number;
    /** Shares of the question in words the guides never use, everyday and other (WisdomFeatures). */
    unknownEveryday: number;
    unknownRare: number;
  };
  /** Confidence (calibrated probability that the guides cover the question) below which it is refused. */
  threshold: number;
  /** Weight of a question word the guides never use, relative to the rarest word they do use. */
  unknownWeight: number;
  /** The same, for one written as an everyday English word (rank.ts queryOf). */
  everydayWeight: number;
}

export const DEFAULT_TUNING: RetrieverTuning = {
  boosts: { title: 2, parentTitle: 1, docTitle: 0.5, text: 1, asks: 1 },
  passageBoosts: { text: 1, heading: 1, parent: 0.3, asks: 0.5 },
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
  weights: { fuzzy: 0.45, prefix: 0.375 },
  // Fitted by `npx tsx bench/wisdom-retrieval.ts --fit-ranker` on the development sets (which
  // ones: bench/wisdom/EXPERIMENTS.md), from the previous weights, each set's candidates drawn by a
  // retriever that has not learned that set's questions.
  ranker: {
    passage: 3.67,
    section: 1.71,
    passageCoverage: 0.69,
    sectionCoverage: 1.23,
    headingCoverage: 0.06,
    number: 0.81,
    rowKey: 0.02,
    targetRow: -0.88,
    targetNumber: 1.07,
    duration: 1.34,
    frequency: 2.21,
    why: -0.34,
    howTo: 0.09,
    symptom: 0.14,
    subsection: 1.28,
    headingPrecision: -1.05,
    headingMiss: -0.12,
    targetStatement: 2.46,
    scopeMiss: -0.83,
    headingGrams: 0.94,
    leadGrams: 1.11,
    askCoverage: -1.24,
    neighbour: 2.76,
    neighbourBest: 0.65,
    neighbourVote: 1.74,
    classifier: 0.97,
    classifierBest: 0.24,
  },

  calibration: {
    bias: -5.17,
    section: 2.75,
    passage: 2.77,
    specificity: 0.34,
    reefTerm: 1.48,
    heading: 0.89,
    neighbour: 3.68,
    offTopicNeighbour: -4.74,
    unknownEveryday: -2.58,
    unknownRare: 0.33,
  },
  threshold: 0.55,
  unknownWeight: 2,
  everydayWeight: 0.4,
};
