/**
 * The check a language model's phrasing of a reef-wisdom answer must pass before a reefer sees it
 * (issue 34, decision 039). The model is given numbered passages from the guides; what it writes
 * is shown only when every citation names one of those passages and every number it states, with
 * its unit when it gives one, is written in the passages it cites. A dose, a temperature or a
 * salinity the guides don't give is exactly the mistake a reefer cannot spot and a tank cannot
 * survive, so anything else is rejected and the extractive quote answers instead.
 */

export interface PhrasingPassage {
  /** The number the model cites it by: [1], [2] … */
  id: number;
  text: string;
}

export type PhrasingVerdict =
  | { ok: true; cited: number[] }
  | { ok: false; reason: "empty" | "no-citation" | "unknown-citation" | "unsupported-number"; detail?: string };

/** "[1]", "[2, 3]", "[1][2]": bracketed ids only, so "[see the guide]" is left as text. */
const CITATION = /\[\s*(\d+(?:\s*,\s*\d+)*)\s*\]/g;

/**
 * A number as written: "1,000", "1.025", ".5", "25", then an optional unit. Thousands commas are
 * taken only in groups of three, so "1,2" stays two numbers.
 */
const QUANTITY =
  /(?<![\d.])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d*\.\d+|\d+)(?:\s*(°\s*[fc]|degrees?\s*[fc]|fahrenheit|celsius|centigrade|%|percent|per\s+cent|ppm|ppb|ppt|dkh|meq\/l|gallons?|gal|litres?|liters?|ml|l|weeks?|days?|hours?|hrs?|minutes?|mins?|months?)(?![a-z]))?/gi;

/** Number words a model may use for a figure the guides write in digits, and the other way round. */
const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
};
// "one" is left out: "the one you have", "one of them" are not figures.
const NUMBER_WORD = new RegExp(`\\b(${Object.keys(NUMBER_WORDS).join("|")})\\b`, "gi");

interface Quantity {
  value: number;
  /** Normalised unit ("f", "%", "week"), or null when none is written next to the number. */
  unit: string | null;
  written: string;
}

function unitOf(raw: string | undefined): string | null {
  if (!raw) return null;
  const u = raw.toLowerCase().replace(/\s+/g, "");
  if (/^(°f|degreesf|degreef|fahrenheit)$/.test(u)) return "f";
  if (/^(°c|degreesc|degreec|celsius|centigrade)$/.test(u)) return "c";
  if (/^(%|percent)$/.test(u)) return "%";
  if (/^(gallons?|gal)$/.test(u)) return "gal";
  if (/^(litres?|liters?|l)$/.test(u)) return "l";
  if (/^(hours?|hrs?)$/.test(u)) return "hour";
  if (/^(minutes?|mins?)$/.test(u)) return "minute";
  return u.replace(/s$/, "");
}

/** Every figure in a text: digits with their unit, and number words as their value. */
export function quantitiesIn(text: string): Quantity[] {
  const found: Quantity[] = [];
  for (const m of text.matchAll(QUANTITY)) {
    found.push({ value: Number(m[1]!.replace(/,/g, "")), unit: unitOf(m[2]), written: m[0].trim() });
  }
  for (const m of text.matchAll(NUMBER_WORD)) {
    found.push({ value: NUMBER_WORDS[m[1]!.toLowerCase()]!, unit: null, written: m[0] });
  }
  return found;
}

/**
 * A figure is supported when a cited passage has the same value, and, when the answer gives it a
 * unit, with that unit or with none written next to it ("76–78 °F" writes no unit after 76).
 */
function supported(q: Quantity, passages: Quantity[]): boolean {
  return passages.some((p) => p.value === q.value && (q.unit === null || p.unit === null || p.unit === q.unit));
}

/** Decides whether a model's answer may be shown in place of the quote. */
export function checkPhrasedAnswer(answer: string, passages: readonly PhrasingPassage[]): PhrasingVerdict {
  if (answer.trim() === "") return { ok: false, reason: "empty" };
  const cited = new Set<number>();
  for (const m of answer.matchAll(CITATION)) for (const id of m[1]!.split(",")) cited.add(Number(id.trim()));
  if (cited.size === 0) return { ok: false, reason: "no-citation" };
  const given = new Map(passages.map((p) => [p.id, p]));
  const unknown = [...cited].filter((id) => !given.has(id));
  if (unknown.length > 0) return { ok: false, reason: "unknown-citation", detail: `[${unknown.join("], [")}]` };
  const backing = [...cited].flatMap((id) => quantitiesIn(given.get(id)!.text));
  // Citation markers are ids, not figures: "[2]" must not need a 2 in the passages.
  for (const q of quantitiesIn(answer.replace(CITATION, " "))) {
    if (!supported(q, backing)) return { ok: false, reason: "unsupported-number", detail: q.written };
  }
  return { ok: true, cited: [...cited].sort((a, b) => a - b) };
}
