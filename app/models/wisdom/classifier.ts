/**
 * A multinomial naive Bayes classifier over the guides' sections (decision 014, round 9).
 *
 * Each section is a class whose training text is what reefers ask of it (its front matter's asks)
 * plus its headings and, weakly, its own text. Where the neighbour signal
 * reads the single closest earlier question, this pools every word ever asked of a section, so a
 * new phrasing that shares a word with one earlier question and another with a second still finds
 * it. Alone, over twelve sets each scored without its own questions, it puts the answering section
 * first for 90.2 % of covered questions (89.5 % without the IDF weighting below), as often as the
 * whole re-ranker of round 8 does (90.1 %); they miss different questions, so the re-ranker weighs
 * it with the rest.
 */

/** Training text of one section, each piece with how much its words count. */
export type ClassDocument = Array<{ terms: string[]; weight: number }>;

/**
 * Additive smoothing of the word counts. Small, so a word asked once of a section still tells it
 * apart from the 398 others; chosen by leave-one-set-out over 0.02–0.3.
 */
const ALPHA = 0.05;

export interface SectionClassifier {
  /**
   * The posterior probability of every section given the question's terms (uniform prior), in
   * section order; all zero when no term is known.
   */
  posteriors(terms: string[]): Float64Array;
}

export function createSectionClassifier(documents: ClassDocument[]): SectionClassifier {
  const classes = documents.length;
  // term → [section, count] pairs; totals per section.
  const counts = new Map<string, Map<number, number>>();
  const totals = new Float64Array(classes);
  documents.forEach((doc, section) => {
    for (const { terms, weight } of doc)
      for (const term of terms) {
        let bySection = counts.get(term);
        if (!bySection) counts.set(term, (bySection = new Map()));
        bySection.set(section, (bySection.get(section) ?? 0) + weight);
        totals[section]! += weight;
      }
  });
  const vocabulary = counts.size;
  const logDenominator = Array.from(totals, (total) => Math.log(total + ALPHA * vocabulary));
  const logAlpha = Math.log(ALPHA);
  // A word asked of few sections says more than one asked of many ("aiptasia" against "water"):
  // each term's log-likelihood is weighted by the square root of its inverse section frequency.
  const weightOf = (term: string) => Math.sqrt(Math.log(1 + classes / counts.get(term)!.size));

  function posteriors(queryTerms: string[]): Float64Array {
    const out = new Float64Array(classes);
    // Typos were read as the guides' words before the question got here (spelling.server.ts).
    const terms = new Set(queryTerms.filter((t) => counts.has(t)));
    if (terms.size === 0) return out;
    const totalWeight = [...terms].reduce((sum, term) => sum + weightOf(term), 0);
    const scores = logDenominator.map((d) => totalWeight * (logAlpha - d));
    for (const term of terms) {
      const w = weightOf(term);
      for (const [section, count] of counts.get(term)!) scores[section]! += w * (Math.log(count + ALPHA) - logAlpha);
    }
    const top = Math.max(...scores);
    scores.forEach((s, i) => (out[i] = Math.exp(s - top)));
    const sum = out.reduce((total, p) => total + p, 0);
    for (let i = 0; i < classes; i++) out[i]! /= sum;
    return out;
  }

  return { posteriors };
}
