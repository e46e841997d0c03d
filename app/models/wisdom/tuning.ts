import FITTED from "./tuning.json";

/**
 * The engine's numbers (tuning.json), overridable for calibration (bench) and tests:
 * - `boosts`, `passageBoosts`: field boosts of the section and passage indexes (a heading that
 *   names the topic says more than a passing mention; the `##` heading above a `###` one, `parent`,
 *   says less than the section's own);
 * - `bm25`: BM25+ parameters (MiniSearch defaults: k 1.2, b 0.7, d 0.5); `weights`: the weight of
 *   a typo (fuzzy) or prefix match against an exact one;
 * - `ranker`: the re-ranker's weights, a passage's score being Σ weight × feature (rank.ts), fitted
 *   pairwise on the development sets by `npx tsx bench/wisdom-retrieval.ts --fit-ranker --write`;
 * - `calibration`: P(covered) = σ(bias + Σ weight × feature) over the best passage's WisdomFeatures
 *   of the same names (decide.ts), and `threshold`, the confidence below which a question is
 *   refused, both fitted by `--calibrate --write` for a stated risk;
 * - `unknownWeight`: the weight of a question word the guides never use, relative to the rarest
 *   word they do use; `everydayWeight`: the same for one written as an everyday English word.
 * The field boosts, BM25 parameters and word weights were chosen by hand.
 */
export type RetrieverTuning = typeof FITTED;
export type RankFeature = keyof RetrieverTuning["ranker"];
export type CalibrationFeature = Exclude<keyof RetrieverTuning["calibration"], "bias">;

/** The re-ranker's features of a candidate passage, in tuning.json's order (the order they are summed in). */
export const RANK_FEATURES = Object.keys(FITTED.ranker) as RankFeature[];
/** The calibrated features of the best passage, in tuning.json's order. */
export const CALIBRATION_FEATURES = Object.keys(FITTED.calibration).filter((k) => k !== "bias") as CalibrationFeature[];

export const DEFAULT_TUNING: RetrieverTuning = FITTED;
