/** Building the synonym lookups the analyser and the index share from the reef vocabulary (app/content/wisdom). */
import type { SynonymGroup } from "#app/content/wisdom/reef-vocabulary";

/** Lookup tables built from the groups: single words by their raw and stemmed form, phrases as one regex. */
export interface SynonymIndex {
  /** Single-word variant (raw lower-case, or its stem) or phrase placeholder → canonical terms. */
  words: Map<string, string[]>;
  /** Rewrites multi-word variants in lower-case text to a placeholder word found in `words`. */
  rewritePhrases: (text: string) => string;
  /** Canonical terms of the reef-vocabulary groups (not the `general` ones). */
  reefTerms: Set<string>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Builds the lookup tables. `stemWord` is the same function the retriever applies to every
 * other word, so canonical terms come out exactly as the index stores them.
 * Throws when one word belongs to two groups, because rewriting would then depend on order.
 * `everyday` names the common English words ("back", "store", "sea") that a multi-word canonical
 * ("hang on back", "local fish store", "sea star") is made of: they are not reef vocabulary alone
 * (round 15: "how do i get back to main" counted as a reef question for "back").
 */
export function buildSynonymIndex(
  groups: SynonymGroup[],
  stemWord: (w: string) => string,
  everyday: (word: string) => boolean = () => false,
): SynonymIndex {
  const words = new Map<string, string[]>();
  const owner = new Map<string, string>();
  const phrases: Array<{ variant: string; key: string }> = [];
  const reefTerms = new Set<string>();

  groups.forEach((group, i) => {
    const canonicalWords = group.canonical.split(/\s+/);
    const canonicalTerms = canonicalWords.map(stemWord);
    if (!group.general)
      canonicalWords.forEach((word, k) => {
        if (canonicalWords.length === 1 || !everyday(word)) reefTerms.add(canonicalTerms[k]!);
      });
    // Phrases are rewritten to a placeholder word that maps to the canonical terms. Writing the
    // canonical phrase itself would let its words be rewritten again ("lps coral" → "lps" → …).
    const key = `zsyn${i}`;
    words.set(key, canonicalTerms);
    for (const variant of group.variants) {
      const parts = variant
        .toLowerCase()
        .split(/[\s\-/]+/)
        .filter(Boolean);
      if (parts.length > 1) {
        phrases.push({ variant: parts.join(" "), key });
        continue;
      }
      const word = parts[0];
      if (!word) continue;
      for (const k of new Set([word, stemWord(word)])) {
        const previous = owner.get(k);
        if (previous !== undefined && previous !== group.canonical) {
          throw new Error(`Synonym "${k}" is in both "${previous}" and "${group.canonical}"`);
        }
        owner.set(k, group.canonical);
        words.set(k, canonicalTerms);
      }
    }
  });

  // Longest phrases first, so "red slime algae" wins over "red slime".
  phrases.sort((a, b) => b.variant.length - a.variant.length);
  const keyOf = new Map(phrases.map((p) => [p.variant, p.key]));
  const pattern = phrases.map((p) => p.variant.split(" ").map(escapeRegExp).join("[\\s\\-/]+")).join("|");
  const regex = pattern ? new RegExp(`\\b(?:${pattern})\\b`, "g") : null;

  const rewritePhrases = (text: string) =>
    regex ? text.replace(regex, (match) => ` ${keyOf.get(match.split(/[\s\-/]+/).join(" ")) ?? match} `) : text;

  return { words, rewritePhrases, reefTerms };
}
