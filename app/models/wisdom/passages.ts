/**
 * The passages an answer can quote: the sentences, list items, numbered steps and table rows of a
 * section, each with what the ranking reads off it (a number, a range stated as a target, a
 * duration, a frequency) and the context it needs to keep its meaning when quoted alone.
 */
import { analyze } from "./analyse";
import { plainText } from "./documents";
import type { TextBlock } from "#app/models/content/markdown.server";
import type { WisdomSection } from "./types";

/** Sentences longer than this are run-together lists, not something to quote. */
const MAX_SENTENCE_WORDS = 55;

/** A "sentence" this short is a bold list label ("Remove it by hand.") and is kept with the next one. */
const LABEL_MAX_WORDS = 4;

/**
 * Splits plain text into sentences at ., ! or ? followed by a capital, digit or quote. Very short
 * sentences are joined to the next, so a list label never stands alone without its explanation.
 */
export function splitSentences(text: string): string[] {
  const raw = plainText(text)
    .split(/(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const units: string[] = [];
  let pending = "";
  for (const sentence of raw) {
    const unit = pending ? `${pending} ${sentence}` : sentence;
    pending = sentence.split(/\s+/).length <= LABEL_MAX_WORDS ? unit : "";
    if (!pending) units.push(unit);
  }
  if (pending) units.push(pending);
  return units;
}

/** Sentences that lean on the one before: "It …", "This is why …", "So …". */
const LEANS_BACK =
  /^(it|its|they|them|this|that|these|those|there|he|she|so|but|then|also|otherwise|however|instead|even so|that's|it's|they're)\b/i;

/**
 * A sentence that ends by setting itself against the one before ("… point to brooklynella
 * instead.") is a caveat to it: quoted alone, "my clownfish has white spots" would read as
 * "it's brooklynella", not "ich, unless there is also heavy mucus".
 */
const CONTRASTS = /\binstead[.!]?$/i;

/**
 * Sentences that tell the reader to do something. Quoted alone they can change meaning ("Stop
 * dosing alkalinity" is step 1 of a measurement, not advice), so they are quoted with their condition.
 */
const STEP = /^Step \d+: /;
const IMPERATIVE =
  /^(add|aim|avoid|buy|calibrate|change|check|choose|clean|cover|cut|do|don't|dose|dip|empty|feed|fill|find|give|harvest|keep|leave|let|look|lower|match|mix|move|never|pick|place|put|quarantine|raise|reduce|remove|replace|rinse|run|scrape|set|siphon|skip|start|stop|take|test|treat|try|turn|use|wait|watch)\b/i;

/** A condition or purpose inside the sentence itself makes it safe to quote on its own. */
const HAS_CONDITION =
  /\b(if|when|whenever|once|unless|until|before|after|while|during|so that|to keep|to avoid|for (?:a|an|the|most|any|every)\b)/i;

const NUMBER_WITH_UNIT =
  /\d\s*(?:[–-]\s*\d+(?:[.,]\d+)?\s*)?(?:%|°|ppm|ppb|ppt|dkh|meq|sg|gallons?|gal|liters?|l\b|lb|kg|inch|inches|in\b|cm|mm|watts?|w\b|hours?|days?|weeks?|months?|years?|minutes?|seconds?|times|×|x\b|par|psi|micron|teaspoons?|g\/l|k\b)/i;

/** Amounts written in words: "two or three empty shells", "one third of the ball". */
const SPELLED_NUMBER = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twice|half|third|quarter)\b/i;

const RANGE = /\d\s*(?:[–-]|to)\s*\d/;
const TARGET_CUE =
  /\b(?:keep (?:it|them|this|that)? ?(?:at|between|around|within|near)|keep (?:a|an|the)? ?\w+ (?:at|between|of)|aim for|target|ideal|should (?:be|sit|stay|read)|stays? (?:at|between|within)|hold it)\b/i;
const DURATION = /\d\s*(?:[–-]\s*\d+\s*)?(?:hours?|days?|weeks?|months?|years?|minutes?)\b/i;
const FREQUENCY =
  /\b(?:every|daily|weekly|monthly|once|twice|times an? (?:day|week|month)|a (?:day|week|month)|per (?:day|week))\b/i;

export interface Passage {
  section: number;
  /** Reading order inside the section. */
  position: number;
  /** What is matched against the question. */
  match: string;
  /** What is quoted: the passage with the context it needs to keep its meaning. */
  quote: string;
  hasNumber: boolean;
  /** A range ("7–11 dKH", "76–80 °F"): what a "what should I keep" question wants. */
  hasRange: boolean;
  /** A range stated as the target: "Keep it at 7–11 dKH", "aim for 76–80 °F". */
  statesTarget: boolean;
  /** A duration with its unit ("8–10 hours", "4–6 weeks"). */
  hasDuration: boolean;
  /** A frequency ("every 2 weeks", "daily", "twice a day"). */
  hasFrequency: boolean;
  /** A table row's label ("Alkalinity") as terms: it names what the row gives a number for. */
  rowKey?: string[];
  /** The quote's length in words: answers are kept short by it. */
  words: number;
  /** A list item or numbered step: what a sentence ending with a colon announces. */
  item: boolean;
  /** It tells the reader to do something: a numbered step, or a sentence that opens with a verb ("Remove it …"). */
  instructs: boolean;
}

export function passagesOf(section: WisdomSection, sectionIndex: number): Passage[] {
  const blocks: TextBlock[] = section.blocks ?? [{ kind: "paragraph", text: section.text }];
  const out: Passage[] = [];
  const push = (match: string, quote: string, rowKey?: string[], item = false) =>
    out.push({
      item,
      ...(rowKey !== undefined ? { rowKey } : {}),
      section: sectionIndex,
      position: out.length,
      match,
      quote,
      words: quote.split(/\s+/).length,
      hasNumber: NUMBER_WITH_UNIT.test(quote) || SPELLED_NUMBER.test(quote),
      hasRange: RANGE.test(quote),
      statesTarget: RANGE.test(quote) && TARGET_CUE.test(quote),
      hasDuration: DURATION.test(quote),
      hasFrequency: FREQUENCY.test(quote),
      instructs: IMPERATIVE.test(match) || STEP.test(quote),
    });

  for (const block of blocks) {
    if (block.kind === "row") {
      const cells = block.cells.map(plainText);
      const header = block.header.map(plainText);
      // "Alkalinity: target range 7–11 dKH; units dKH or meq/L" reads as an answer; bare cells don't.
      const parts = cells
        .slice(1)
        .flatMap((cell, i) => (cell ? [`${header[i + 1] ?? ""}: ${cell}`.replace(/^: /, "")] : []));
      const quote = `${cells[0]} — ${parts.join("; ")}.`.replace(/\.\.$/, ".");
      push(header.map((h, i) => `${h} ${cells[i] ?? ""}`).join(" "), quote, analyze(cells[0] ?? ""));
      continue;
    }
    const text = plainText(block.text);
    if (block.kind === "step") {
      // A numbered step only makes sense as part of its procedure, named by the heading.
      push(text, `Step ${block.number}: ${text}`, undefined, true);
      continue;
    }
    if (block.kind === "item" && text.split(/\s+/).length <= MAX_SENTENCE_WORDS) {
      push(text, text, undefined, true);
      continue;
    }
    const sentences = splitSentences(text);
    sentences.forEach((sentence, i) => {
      if (sentence.split(/\s+/).length > MAX_SENTENCE_WORDS) return;
      const previous = sentences[i - 1];
      const needsContext =
        previous !== undefined &&
        (LEANS_BACK.test(sentence) ||
          CONTRASTS.test(sentence) ||
          (IMPERATIVE.test(sentence) && !HAS_CONDITION.test(sentence)));
      push(sentence, needsContext ? `${previous} ${sentence}` : sentence);
    });
  }
  return out;
}
