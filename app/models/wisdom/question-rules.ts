/**
 * The two refusals that no calibrated signal can make, because they are about what kind of
 * question it is rather than how well the guides answer it. Neither names a topic:
 * - a question about what the shop stocks ("do you guys sell live rock") is for the catalogue,
 *   not the guides, unless the answering section speaks of selling what it asks for;
 * - a comparison of two things the guides never name ("apex vs hydros") asks for a product
 *   review, which they don't give.
 * Read off the whole question, not the clause that answers.
 */
import { editDistance } from "#app/domain/search";
import { analyze, isNumber, STOP_WORDS, tokenize } from "./analyse";
import type { WisdomSection } from "./types";

/**
 * "Do you guys sell live rock": what the shop stocks is in its catalogue, not its guides, which
 * only say what it doesn't sell (fish medications). Refused unless the answering section says
 * "sell".
 */
const ASKS_STOCK = /\b(?:do|does) (?:you|u|ya|y'all|lazy reefer)(?: guys| all)? (?:sell|carry|stock|have in stock)\b/i;
const SAYS_SELL = /\b(?:sell|sold)\b/i;

/**
 * "apex vs hydros", "radion or kessil, which is better": a comparison of things the guides never
 * name is a product review, which they don't give, however well its other words ("controller",
 * "led", "sps tank") match. Each side's nearest word must be one the guides use, or a typo of one
 * ("float swtich vs optical sensor"); returns the first unknown one.
 */
const COMPARISON = /\s(?:vs\.?|versus)\s|\sor\s(?=.*\b(?:better|best)\b)/i;
function unknownComparison(question: string, guideTerms: Set<string>): string | undefined {
  const match = COMPARISON.exec(question.toLowerCase());
  if (!match) return undefined;
  const before = tokenize(question.toLowerCase().slice(0, match.index)).filter((w) => !STOP_WORDS.has(w));
  const after = tokenize(question.toLowerCase().slice(match.index + match[0].length)).filter((w) => !STOP_WORDS.has(w));
  const known = (word: string) => {
    const terms = analyze(word);
    if (terms.length === 0 || terms.some((t) => guideTerms.has(t) || isNumber(t))) return true;
    const slack = word.length >= 6 ? 2 : 1;
    return terms.some((t) =>
      [...guideTerms].some((g) => Math.abs(g.length - t.length) <= slack && editDistance(t, g) <= slack),
    );
  };
  return [before.at(-1), after[0]].find((word) => word !== undefined && !known(word));
}

/** Words around the thing asked for that are not part of it: "do you sell *any* live rock *here*". */
const STOCK_ASK_LEAD = /^(?:(?:any|some|a|an|the|ur|your|like)\s+)+/i;
const STOCK_ASK_TAIL =
  /(?:\s+(?:here|anymore|any more|online|too|also|as well|at all|by any chance|in stock|right now|now|yet|still|lol|though|guys|or not))+$/i;
/** Longer than this, the rest of the sentence is a story, not the name of a product. */
const MAX_STOCK_ASK_WORDS = 5;

/** What a question about the shop's stock asks for ("live rock"), if it is one and names something short enough to look up. */
export function stockQueryOf(question: string): { stockQuery?: string } {
  const asked = ASKS_STOCK.exec(question);
  if (!asked) return {};
  const item = question
    .slice(asked.index + asked[0].length)
    .split(/[?.!,;:()]/)[0]!
    .toLowerCase()
    // Quotes and markup around a name are not part of it: do you sell "live rock".
    .replace(/[^\p{L}\p{N}\s'+&-]+/gu, " ")
    .trim()
    .replace(STOCK_ASK_LEAD, "")
    .replace(STOCK_ASK_TAIL, "")
    .replace(/\s+/g, " ")
    .trim();
  const words = item.split(" ").filter(Boolean).length;
  // "Do you sell a" names nothing to look for.
  return words <= MAX_STOCK_ASK_WORDS && analyze(item).length > 0 ? { stockQuery: item } : {};
}

/**
 * A question about what the shop stocks, unless the answering section speaks of selling what it
 * asks for: "do you sell fish meds" is answered by the medication stance ("We don't sell fish
 * medications"), "do you sell clownfish" no longer is.
 */
function unsoldProduct(question: string, section: WisdomSection): string | undefined {
  const asked = ASKS_STOCK.exec(question);
  if (!asked) return undefined;
  if (!SAYS_SELL.test(section.text)) return asked[0];
  const item = stockQueryOf(question).stockQuery;
  if (item === undefined) return undefined;
  const said = new Set(analyze(`${section.title} ${section.text}`));
  return analyze(item).every((term) => said.has(term)) ? undefined : asked[0];
}

/**
 * The rule that refuses a question whatever its confidence, as "rule: what it named", or undefined.
 * Read off the whole question, not the clause that answers: "my cat licked some spilled aquarium
 * salt" must not be answered from its aquarium-salt clause.
 */
export function ruleOut(question: string, section: WisdomSection, guideTerms: Set<string>): string | undefined {
  const unsold = unsoldProduct(question, section);
  if (unsold !== undefined) return `not sold: ${unsold}`;
  const compared = unknownComparison(question, guideTerms);
  return compared === undefined ? undefined : `unknown comparison: ${compared}`;
}
