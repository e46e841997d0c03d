/**
 * What the reef-wisdom engine takes and gives: the sections it answers from, its answers, and the
 * one interface (WisdomRetriever) that the server, the tests and the benchmark use, whatever the
 * stages behind it (analyse.ts, search-index.ts, rank.ts, decide.ts, compose.ts).
 */
import type { TextBlock } from "#app/models/content/markdown.server";
import type { CalibrationFeature, RankFeature } from "./tuning";

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
  /** Paragraphs, list items, numbered steps and table rows; without them `text` is read as one paragraph. */
  blocks?: TextBlock[];
  /** The questions the section answers, as a reefer would ask them (the document's front matter `asks`). */
  asks?: string[];
  /** Questions the guides leave out, which this section says so of (the document's front matter `declines`). */
  declines?: string[];
}

export interface WisdomLink {
  title: string;
  url: string;
}

/** One quoted passage of an answer, with the heading it sits under and a link to that section. */
export interface WisdomQuote {
  heading: string;
  text: string;
  url: string;
}

export interface WisdomAnswer {
  /** Plain text: the quoted passages with their headings, or the "not covered" message. */
  answer: string;
  sources: WisdomLink[];
  grounded: boolean;
  /** The quoted passages (grounded answers only). */
  quotes: WisdomQuote[];
  /** Calibrated relevance (0–1) of the best passage; answers below REFUSAL_THRESHOLD are refused. */
  confidence: number;
  /** Refusals only: where a real person answers. */
  contact?: WisdomLink;
  /** Refusals only: the guide closest to the question, when one is at least about the same thing. */
  suggestion?: WisdomLink;
  /**
   * Refusals of a question about what the shop stocks ("do you guys sell live rock"): what it asks
   * for ("live rock"), which the server looks up in the catalogue (models/wisdom.server.ts).
   */
  stockQuery?: string;
}

export interface WisdomHit {
  section: WisdomSection;
  score: number;
  /** Share (0–1) of the question's weighted terms this section matched, exactly, by prefix or by typo. */
  coverage: number;
}

/**
 * What the refusal decision is calibrated on, for the best passage (decide.ts featuresOf); the
 * calibration weighs those of tuning.json's `calibration`, by name:
 * - sectionCoverage, passageCoverage: the weighted share of the question's terms its section, and
 *   the passage with its headings, matched;
 * - specificity: the weight of the rarest word matched exactly, relative to the rarest indexed
 *   word (0–1); reefTerm: 1 when a reef-vocabulary term matched exactly, else 0;
 * - headingCoverage: the weighted share of the question's terms the passage's headings match;
 * - neighbour, offTopicNeighbour: the similarity (0–1) of the closest question the guides answer
 *   (an ask), and of the closest one they decline;
 * - unknownEveryday: the share of the question's weight in everyday English words the guides
 *   never use (a rare word they never use is weighed by the coverage itself, as what the
 *   question is about);
 * - exactTerms: the distinct question terms (not numbers) the passage or its section matched exactly;
 * - saysReef: 1 when the question itself says it is about a reef, an aquarium or a tank ("… on my
 *   reef"), or names a reef-vocabulary word the best passage didn't match ("… get rid of dinos"
 *   answered from a general algae section), else 0.
 */
export type WisdomFeatures = Record<CalibrationFeature | "exactTerms" | "saysReef", number>;

export interface WisdomRetriever {
  search(question: string, limit?: number): WisdomHit[];
  answer(question: string): WisdomAnswer;
  /** The best passage's calibration features (benchmark and calibration only). */
  features(question: string): WisdomFeatures | null;
  /** Whether a fixed rule (no reef evidence, a stock question, an unknown comparison) refuses it, whatever its confidence (calibration only). */
  ruledOut(question: string): boolean;
  /** The best-ranked passages' sections and re-ranker features (fitting the re-ranker only). */
  candidates(question: string, limit?: number): Array<{ url: string; features: Record<RankFeature, number> }>;
}
