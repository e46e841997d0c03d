/**
 * A small English suffix stemmer for the reef-wisdom retriever.
 *
 * It is deliberately lighter than Porter: what matters for retrieval is that the forms of one
 * word family land on the same stem ("dose", "dosing", "dosed", "doses" → "dos"), on both the
 * indexed guides and the question. Linguistic correctness of the stem itself does not matter,
 * and every rule below is chosen so it rarely merges unrelated words. "-er" is not stripped on
 * purpose: it would turn "water" into "wat" and "heater" into "heat".
 */

const VOWEL = /[aeiouy]/;

/**
 * Irregular forms that suffix rules cannot reach, mapped straight to their final stem. "care"
 * is here because the rules would give "car" and merge it with the vehicle.
 */
const IRREGULAR: Record<string, string> = {
  fed: "feed",
  grew: "grow",
  grown: "grow",
  died: "die",
  dying: "die",
  bought: "buy",
  kept: "keep",
  lost: "los",
  loss: "los",
  losses: "los",
  care: "care",
  cares: "care",
  cared: "care",
  caring: "care",
  leaves: "leaf",
  teeth: "tooth",
};

/**
 * Comparatives of common adjectives, so "smaller heaters" meets "small" and "lower nitrate"
 * meets "low". A table rather than a rule: stripping every "-er" would wreck "water" and "filter".
 */
const COMPARATIVES: Record<string, string> = {
  smaller: "small",
  smallest: "small",
  larger: "large",
  largest: "large",
  bigger: "big",
  biggest: "big",
  higher: "high",
  highest: "high",
  lower: "low",
  lowest: "low",
  faster: "fast",
  slower: "slow",
  warmer: "warm",
  cooler: "cool",
  colder: "cold",
  longer: "long",
  shorter: "short",
  deeper: "deep",
  shallower: "shallow",
  cheaper: "cheap",
  brighter: "bright",
  stronger: "strong",
  weaker: "weak",
  easier: "easy",
  paler: "pale",
  darker: "dark",
  lighter: "light",
  heavier: "heavy",
  harder: "hard",
};

/** Derivational suffixes, tried in order; the first that fits wins. [suffix, replacement, min stem length] */
const DERIVATIONAL: Array<[string, string, number]> = [
  ["ilization", "le", 3], // stabilization → stable (joins stable/stability/stabilize)
  ["ilisation", "le", 3],
  ["ilize", "le", 3], // stabilize → stable
  ["ilise", "le", 3],
  ["ization", "", 4], // acclimatization → acclimat
  ["isation", "", 4],
  ["bility", "ble", 2], // stability → stable
  ["ation", "ate", 4], // calibration → calibrate, joins calibrating/calibrated
  ["ment", "", 4], // treatment → treat
  ["ness", "", 3], // cloudiness → cloudi
  ["ity", "", 4], // toxicity → toxic
  ["ize", "", 4], // acclimatize → acclimat
  ["ly", "", 4], // weekly → week, slowly → slow (but "daily" keeps its "ly": stem too short)
];

function hasVowel(s: string): boolean {
  return VOWEL.test(s);
}

/** "dipp" → "dip", "skimm" → "skim"; l, s and z stay doubled ("fill", "glass", "fizz"). */
function undouble(word: string): string {
  const last = word[word.length - 1];
  if (
    word.length > 2 &&
    last === word[word.length - 2] &&
    last !== undefined &&
    !"lsz".includes(last) &&
    !VOWEL.test(last)
  ) {
    return word.slice(0, -1);
  }
  return word;
}

/** Plurals and third-person "-s": "corals" → "coral", "supplies" → "supply", "boxes" → "boxe" (→ "box" later). */
function stripPlural(word: string): string {
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

/**
 * "-ing" and "-ed", only when what is left still has a vowel ("bring", "shed" stay whole).
 * Like Porter, an "e" is restored after "at", "bl" and "iz" so "calibrating" meets "calibrate".
 */
function stripInflection(word: string): string {
  if (word.endsWith("eed")) return word; // "need", "feed", "seed" are not "-ed" forms
  for (const suffix of ["ing", "ed"]) {
    if (!word.endsWith(suffix)) continue;
    const rest = word.slice(0, -suffix.length);
    if (rest.length < 2 || !hasVowel(rest)) return word;
    if (/(at|bl|iz)$/.test(rest)) return `${rest}e`;
    return undouble(rest);
  }
  return word;
}

function stripDerivational(word: string): string {
  for (const [suffix, replacement, minStem] of DERIVATIONAL) {
    if (word.endsWith(suffix) && word.length - suffix.length >= minStem) {
      return word.slice(0, -suffix.length) + replacement;
    }
  }
  return word;
}

/**
 * Final clean-up that makes families meet: drop a final "e" ("dose"/"dosing" → "dos"),
 * turn a final consonant+"y" into "i" ("dry"/"dries"/"dried" → "dri"), and undouble
 * ("add"/"added" → "ad").
 */
function normalizeEnding(word: string): string {
  let w = word;
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  if (w.length > 2 && /[^aeiou]y$/.test(w)) w = `${w.slice(0, -1)}i`;
  return undouble(w);
}

/** Stems one lower-case word. Words of three letters or fewer, and numbers, are left alone. */
export function stem(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular !== undefined) return irregular;
  if (word.length <= 3 || /\d/.test(word)) return word;
  const comparative = COMPARATIVES[word];
  if (comparative !== undefined) return stem(comparative);
  let w = stripPlural(word);
  w = stripInflection(w);
  w = COMPARATIVES[w] ?? w; // also after "-ing"/"-ed": "lowering" → "lower" → "low"
  w = stripDerivational(w);
  return normalizeEnding(w);
}
