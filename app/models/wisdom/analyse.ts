/**
 * Stage 1, analysis: what the index, the ranking and the sentence choice read from a text. For a
 * question, analyseQuestion works it out once (its terms, the kind of answer it wants, whether it
 * says it is about a reef) and the later stages take the result instead of the text.
 */
import { stem } from "porter2";
import { SYNONYM_GROUPS } from "#app/content/wisdom/reef-vocabulary";
import { STOP_WORD_LIST } from "#app/content/wisdom/stop-words";
import { isCommonEnglish, isEverydayEnglish } from "./spelling.server";
import { buildSynonymIndex } from "./synonyms";

/**
 * Function words and question filler (app/content/wisdom/stop-words.ts). "reef", "tank" and
 * "aquarium" are among them: nearly every section says them, so they only add noise to the
 * ranking of a reef question.
 */
export const STOP_WORDS = new Set(STOP_WORD_LIST);

export const synonyms = buildSynonymIndex(SYNONYM_GROUPS, stem, isCommonEnglish);

/**
 * Units the guides write one way and reefers another: a volume in litres is the guides' gallons
 * (converted, so "a 200 litre tank" reads as the 53 gallons the tables are in), alkalinity in
 * meq/L their dKH, a temperature named in words their degrees.
 */
const UNITS =
  /(?:(\d+(?:\.\d+)?)\s*)?\b(litres?|liters?|ltrs?|l(?=\b)(?<=\d\s*l)|gals?|g(?=\s|$)(?<=\d\s*g)(?!\s+of\b)|meq(?:\s*\/\s*l)?|centigrade|celsius|fahrenheit)\b/g;
const LITRES_PER_GALLON = 3.785;
const DKH_PER_MEQ = 2.8;

/**
 * The volume unit, as a term (litres are read as gallons): "for a 60 gallon reef" sizes the tank,
 * it doesn't ask about volumes. Other units name what is measured (°F is a temperature, dKH an
 * alkalinity), so they stay the question's subject.
 */
export const VOLUME_TERMS = new Set(processTerm("gallons") ?? []);

function normalUnit(amount: string | undefined, unit: string): string {
  const value = amount === undefined ? undefined : Number(amount);
  // Whole numbers: the index reads "52.8" as two numbers.
  const figure = (v: number) => (value === undefined ? "" : `${Math.round(v)} `);
  if (/^(?:lit|lt|l$)/.test(unit)) return ` ${figure((value ?? 0) / LITRES_PER_GALLON)}gallons `;
  if (/^gal|^g$/.test(unit)) return ` ${figure(value ?? 0)}gallons `;
  if (unit.startsWith("meq")) return ` ${figure((value ?? 0) * DKH_PER_MEQ)}dkh `;
  return ` ${figure(value ?? 0)}degrees `;
}

/** Lower-cases, folds accents and typographic marks, drops apostrophes ("don't" → "dont"), rewrites synonym phrases. */
function normalizeText(text: string): string {
  const folded = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2018\u2019']/g, "")
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/%/g, " percent ")
    .replace(/°\s*[fc]\b/g, " degrees ")
    // "86F", "78 F", "25C": a temperature, not a lone letter.
    .replace(/(\d)\s*(?:[fc]|deg)\b/g, "$1 degrees ")
    // A unit glued to its number ("40ppm", "75g", "1.025sg") is two words; "po4" and "co2" stay one.
    .replace(/(\d)([a-z])/g, "$1 $2")
    .replace(UNITS, (_, amount: string | undefined, unit: string) => normalUnit(amount, unit));
  return synonyms.rewritePhrases(folded);
}

export function tokenize(text: string): string[] {
  return normalizeText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** One token → index terms: nothing for stop words, canonical terms for synonyms, else the stem. */
export function processTerm(token: string): string[] | null {
  if (STOP_WORDS.has(token)) return null;
  const direct = synonyms.words.get(token);
  if (direct) return direct;
  const stemmed = stem(token);
  return synonyms.words.get(stemmed) ?? [stemmed];
}

/** Each word of the texts as written (lower-cased, accents folded), with how often it occurs. */
export function surfaceWords(texts: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  const words =
    texts
      .join(" ")
      .toLowerCase()
      .normalize("NFKD")
      .match(/[a-z]+/g) ?? [];
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** The terms of a text, as the index sees them. Exported for tests and the benchmark. */
export function analyze(text: string): string[] {
  return tokenize(text).flatMap((t) => processTerm(t) ?? []);
}

/**
 * Character trigrams of a text's terms (each padded with a space at both ends), as a set. Word
 * overlap misses "aptasia", "refractomer" or "skimer" against the guides' spelling, and stems miss
 * some word forms; most of a word's trigrams survive a typo or a different ending.
 */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const term of analyze(text)) {
    if (/^\d+$/.test(term)) continue;
    const padded = ` ${term} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** How many trigrams two sets share (walking the smaller one). */
export const overlap = (a: Set<string>, b: Set<string>) => {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let n = 0;
  for (const g of small) if (large.has(g)) n++;
  return n;
};

/** Questions that want a number: a target, an amount, a frequency or a duration. */
export const WANTS_NUMBER =
  /\b(what|which|how (?:much|many|often|long|big|deep|far|fast|high|low|warm|hot|cold|soon)|target|range|level|ideal|should|when)\b/i;

/**
 * What kind of answer a question wants. The re-ranker weighs each against what a passage or its
 * heading offers: a "what … should I keep" question wants the target range, "how long" wants a
 * duration, "why" wants the section on causes.
 */
export const INTENTS = {
  target:
    /\b(?:ideal|target|optimal|recommended)\b|\b(?:best|good|normal|safe|right)\s+(?:\w+\s+)?(?:level|range|number|reading|value|temp|temperature)s?\b|\bwhat\b[^?.!]*\bshould\b[^?.!]*\b(?:keep|be|run|sit|aim|at|need)\b|\bwhat (?:level|range)\b|\btoo (?:low|high)\b/i,
  duration: /\bhow (?:long|many (?:hours|days|weeks|months|minutes))\b|\bhours? (?:a|per) day\b/i,
  frequency:
    /\bhow often\b|\bhow many times\b|\bwhen (?:do|should) (?:i|you) (?:replace|change|test|harvest|clean|feed|calibrate)\b/i,
  howTo:
    /\bhow (?:do|can|should|would) (?:i|you|we)\b|\bhow to\b|\bget rid\b|\b(?:fix|remove|kill|treat|cure|stop|lower|raise|reduce|prevent|cool|bring)\b/i,
  // A statement rather than a question: "my tang has white dots", "red slime all over my sand".
  symptom: /^(?!\s*(?:what|which|how|why|when|where|who|can|could|should|is|are|do|does|will|would|whats|hows)\b)/i,
};

type Intents = Record<keyof typeof INTENTS, boolean>;

/**
 * "Reef" and "aquarium" are stop words (nearly every section says them), yet a question that says
 * them is about reef keeping: "what jobs do I do once a month on my reef". "Tank" alone does not
 * say it (septic tanks, fuel tanks): the calibrated confidence weighs the rest of the question.
 */
const SAYS_REEF = /\b(?:reefs?|reefing|reefers?|aquariums?)\b/i;

/** Numbers ("2", "40") occur in nearly every section, so a match on numbers alone proves nothing. */
export const isNumber = (term: string) => /^\d+$/.test(term);

/** Longer questions are read up to here: a pasted essay must not cost more than a question. */
const MAX_QUESTION_CHARS = 500;

/** A clause needs this many words to be judged on its own: "help" or "toss them?" asks nothing. */
const MIN_CLAUSE_WORDS = 3;
const MAX_CLAUSES = 4;

/**
 * The clauses of a question with more than one (sentences, or parts joined by a comma, a
 * semicolon or a dash), each with enough words to ask something alone.
 */
export function clausesOf(question: string): string[] {
  const parts = question
    .slice(0, MAX_QUESTION_CHARS)
    .split(/[.?!;:]+(?:\s+|$)|,\s+|\s+[-–—]+\s+/)
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length >= MIN_CLAUSE_WORDS);
  if (parts.length <= 1) return [];
  // Each clause costs a ranking (1–2 ms): a rambling 500-character message must stay under the
  // 50 ms budget. The development questions have at most four; the ask opens or closes the message.
  return parts.length > MAX_CLAUSES ? [...parts.slice(0, MAX_CLAUSES / 2), ...parts.slice(-MAX_CLAUSES / 2)] : parts;
}

/** Words that lead into a question without being part of it: "Second thing,", "And separately,". */
const LEAD_IN = String.raw`(?:(?:and|also|plus|so|but|then|oh|ok|anyway|separately|secondly|second thing|another thing|other thing|one more thing)[,:]?\s+)*`;
/** A request that asks without a question word: "need to know the right salinity", "any idea why". */
const REQUEST = String.raw`(?:i(?:'?m| am|'?d| would)? )?(?:also )?(?:(?:want(?:ed)?|need|like|love) to know|wondering|any (?:idea|advice|tips?|thoughts)s?|advice on|tell me)`;
/** Words that open a question, when it has no question mark: "how often do i harvest". */
const OPENS_QUESTION = new RegExp(
  String.raw`^${LEAD_IN}(?:${REQUEST}|what|whats|how|hows|when|why|where|which|who|should|shall|can|could|is|are|do|does|did|will|would|any|anything)\b`,
  "i",
);
/**
 * A question asked after a comma, behind what it is about: "Got a 90 litre nano, what temp should
 * it be at". Relative words ("…, which is …", "…, when the lights go off") don't start one there.
 */
const ASKS_AFTER_COMMA = new RegExp(
  String.raw`,\s+${LEAD_IN}(?:${REQUEST}|what|whats|how|hows|why|should|can|could|is|are|do|does|will|would)\b`,
  "i",
);
/** Where one question of a message ends and the next begins within a sentence: "…, and how often …". */
const NEXT_QUESTION =
  /(?:,\s*|;\s*|\s+)(?:and|also|plus|and also)\s+(?=(?:what|whats|how|when|why|where|which|should|can|could|is|are|do|does|will|would)\b)/i;
/** A numbered list of questions: "1) …", "2. …", "(3) …". Each item is asked, question mark or not. */
const NUMBERED = /(?:^|\s)\(?[1-9][).]\s+/g;
const ITEM = "\u0001";
/** A message is answered question by question up to here; the rest waits for a reply. */
const MAX_QUESTIONS = 3;

/**
 * The questions a message asks, in order: the sentences (or numbered items, or what follows a
 * colon) that end with a question mark or open like a question, split again where "and" starts
 * another ("what temp and how often do i feed"). A message asking fewer than two gets none: it
 * is answered whole, its context with it.
 */
export function questionsOf(message: string): string[] {
  const asks = asksOf(message);
  return asks.length < 2 ? [] : asks.slice(0, MAX_QUESTIONS);
}

/** Whether a sentence or clause asks something, question mark or not. */
const asks = (text: string) => OPENS_QUESTION.test(text) || ASKS_AFTER_COMMA.test(text);

/** The sentences of a message that ask something, in order. */
function asksOf(message: string): string[] {
  return message
    .replace(NUMBERED, `\n${ITEM}`)
    .split(/(?<=[?!.])\s+|:\s+|\n+/)
    .flatMap((sentence) => sentence.split(NEXT_QUESTION))
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length >= MIN_CLAUSE_WORDS && (p.startsWith(ITEM) || p.endsWith("?") || asks(p)))
    .map((p) => p.replace(ITEM, ""));
}

/** A question as every later stage reads it, analysed once. */
export interface AnalysedQuestion {
  /** The question as asked (after spelling correction), for the rules read off its whole wording. */
  whole: string;
  /** The part that is searched and ranked: the first MAX_QUESTION_CHARS characters. */
  text: string;
  /**
   * Its distinct terms, in order: "LPS corals" (which expands to "lps coral coral") must not count
   * "coral" twice.
   */
  terms: string[];
  asked: Set<string>;
  wantsNumber: boolean;
  intent: Intents;
  grams: Set<string>;
  /** Whether the question itself says it is about a reef, an aquarium or a tank, or names a reef-vocabulary word. */
  saysReef: boolean;
  /** Terms written as an everyday English word (isEverydayEnglish). */
  everyday: Set<string>;
}

export function analyseQuestion(question: string): AnalysedQuestion {
  const text = question.slice(0, MAX_QUESTION_CHARS);
  const terms = [...new Set(analyze(text))];
  return {
    whole: question,
    text,
    terms,
    asked: new Set(terms),
    wantsNumber: WANTS_NUMBER.test(text),
    intent: Object.fromEntries(Object.entries(INTENTS).map(([kind, cue]) => [kind, cue.test(text)])) as Intents,
    grams: trigrams(text),
    everyday: new Set(
      tokenize(text)
        .filter(isEverydayEnglish)
        .flatMap((token) => processTerm(token) ?? []),
    ),
    saysReef: SAYS_REEF.test(question) || terms.some((t) => synonyms.reefTerms.has(t)),
  };
}

/** Whether a part of a question says it is about reef keeping (see AnalysedQuestion.saysReef). */
export function saysReef(text: string): boolean {
  return SAYS_REEF.test(text) || analyze(text).some((t) => synonyms.reefTerms.has(t));
}
