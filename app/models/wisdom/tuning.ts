import FITTED from "./tuning.json";

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

/**
 * The fitted numbers (tuning.json): the re-ranker's weights and the calibration are written by
 * `npx tsx bench/wisdom-retrieval.ts --fit-ranker --write` and `--calibrate --write` from the
 * development sets; the field boosts, BM25 parameters and word weights were chosen by hand.
 */
export const DEFAULT_TUNING: RetrieverTuning = FITTED;
