/**
 * Stage 5, composition: the answer's text from the decided section, made only of quoted passages
 * (the one that answers, the passages of the same section that help, a procedure from its first
 * step), or the "not covered" refusal with the closest guide and, for a stock question, what to
 * look up in the catalogue. Nothing here writes anything of its own about reef keeping.
 */
import { analyze, INTENTS, isNumber, VOLUME_TERMS, WANTS_NUMBER } from "./analyse";
import { judge, type Judgement } from "./decide";
import { stockQueryOf } from "./question-rules";
import { HEADING_OFFERS, type Ranked } from "./rank";
import type { Passage } from "./passages";
import type { WisdomIndex } from "./search-index";
import type { WisdomAnswer, WisdomLink, WisdomSection } from "./types";

const CONTACT_LINK: WisdomLink = { title: "Ask a reefer on the contact page", url: "/contact" };

export const NOT_COVERED_ANSWER =
  "Sorry, our reef guides don't cover that, and I'd rather not guess. " +
  "If it's about your tank or an order, ask us on the contact page and a real reefer will answer.";

/** Quoted passages: the one that answers, plus up to two more from the same section that help. */
const MAX_QUOTES = 3;
/** A further passage must score at least this share of the best one. */
const EXTRA_QUOTE_RATIO = 0.75;
/** A quoted numbered step, as passagesOf writes it. */
const STEP_QUOTE = /^Step (\d+): /;
/** "What do I do", "what now", "help!": a request for the procedure, not for one fact in it. */
const ASKS_WHAT_TO_DO = /\bwhat (?:do|should|can|shall) (?:i|we) do\b|\bwhat now\b|\bhelp\b/i;
/** Quotes stop growing past this many words. */
const MAX_ANSWER_WORDS = 90;
/** An answer quotes at most this many sections. */
const MAX_SOURCES = 3;
/** A further section's passage must score at least this share of the best one. */
const EXTRA_SOURCE_RATIO = 0.8;
/** How far down the ranking further quotes are looked for. */
const QUOTE_CANDIDATES = 40;

/** A link to a section's guide or page, to the section itself, or to it as an answer's source. */
function linkTo(section: WisdomSection, as: "page" | "section" | "source"): WisdomLink {
  if (as === "page") return { title: section.docTitle, url: section.url.split("#")[0]! };
  return { title: as === "source" ? `${section.docTitle} — ${section.title}` : section.title, url: section.url };
}

/** The refusal: where a real person answers, and the closest guide when it is at least about the same thing. */
export function composeRefusal(index: WisdomIndex, judged: Judgement, question: string): WisdomAnswer {
  // The closest guide is worth suggesting only when the best section is at least partly about the
  // question, and the question about reef keeping: "best pizza topping" matched "top off" in the
  // water-chemistry guide, which it then suggested.
  // A stock question's closest guide is the one about what it asks for: "do you sell chaeto"
  // matched the medication stance on "sell", and the chaeto care page is what helps.
  const stock = stockQueryOf(question);
  const about = stock.stockQuery === undefined ? judged : judge(index, stock.stockQuery);
  // A question the guides leave out on purpose, with no guide near it, is pointed at the section
  // that says so.
  const declining = judged.declinedBy === undefined ? undefined : index.sections[judged.declinedBy];
  const near = about.best && about.evidence && about.best.sectionCoverage >= index.tuning.threshold / 2;
  const suggestion = near
    ? linkTo(index.sections[about.best!.section]!, "page")
    : declining && linkTo(declining, "section");
  return {
    answer: NOT_COVERED_ANSWER,
    sources: [],
    grounded: false,
    quotes: [],
    confidence: judged.confidence,
    contact: CONTACT_LINK,
    ...(suggestion ? { suggestion } : {}),
    ...stock,
  };
}

/**
 * The grounded answer: quoted passages of the best passage's section, under its heading, and of up
 * to two more sections when the question asks for what the first doesn't say ("what should my
 * nitrate and phosphate be" quotes the phosphate target, then the nitrate one).
 */
export function composeAnswer(index: WisdomIndex, judged: Judgement, question: string): WisdomAnswer {
  const best = judged.best!;
  const lead = leadPassage(index, judged.ranked, best, question);
  const chosen = chooseQuotes(index, judged.ranked, best, lead);
  // Someone asking what to do, or telling what went wrong, gets a procedure from its first step.
  const wantsAction = ASKS_WHAT_TO_DO.test(question) || INTENTS.symptom.test(question);
  const quoted = wantsAction ? withInstruction(index, procedureFor(index, best, lead, chosen)) : chosen;
  const parts = [{ section: best.section, quoted }];
  const beside =
    wantsAction && !quoted.some((p) => index.passages[p]!.instructs) ? instructionBeside(index, best) : undefined;
  if (beside !== undefined) parts.push({ section: index.passages[beside]!.section, quoted: [beside] });
  const further = furtherSections(index, judged.ranked, best, question, quoted);
  for (const extra of further.slice(0, MAX_SOURCES - parts.length))
    parts.push({ section: extra.section, quoted: chooseQuotes(index, judged.ranked, extra, extra) });
  const quotes = parts.map(({ section: i, quoted: q }) => {
    const section = index.sections[i]!;
    const heading = section.parentTitle ? `${section.parentTitle} › ${section.title}` : section.title;
    return {
      heading,
      text: withList(index, q)
        .map((p) => index.passages[p]!.quote)
        .join(" … "),
      url: section.url,
    };
  });
  return {
    answer: quotes.map((q) => `${q.heading}: “${q.text}”`).join("\n\n"),
    sources: parts.map(({ section }) => linkTo(index.sections[section]!, "source")),
    grounded: true,
    quotes,
    confidence: judged.confidence,
  };
}

/**
 * Sections that say what the quoted passages leave out of the question: the best-ranked passage
 * of another section that has a word of the question no quote has, scoring nearly as well as the
 * best, until every such word is quoted or the answer has MAX_SOURCES sections.
 */
function furtherSections(
  index: WisdomIndex,
  ranked: Ranked[],
  best: Ranked,
  question: string,
  quoted: number[],
): Ranked[] {
  const wanted = new Set(
    analyze(question).filter(
      (t) => index.weight(t) > 0 && !isNumber(t) && !VOLUME_TERMS.has(t) && index.guideTerms.has(t),
    ),
  );
  const said = (passage: number) => {
    const p = index.passages[passage]!;
    const s = index.sections[p.section]!;
    return analyze(`${s.title} ${s.parentTitle ?? ""} ${p.match}`);
  };
  for (const p of quoted) for (const t of said(p)) wanted.delete(t);
  const extra: Ranked[] = [];
  for (const r of ranked.slice(1, QUOTE_CANDIDATES)) {
    if (wanted.size === 0 || extra.length >= MAX_SOURCES - 1) break;
    if (r.score < best.score * EXTRA_SOURCE_RATIO) break;
    if (r.section === best.section || extra.some((e) => e.section === r.section)) continue;
    const adds = said(r.passage).filter((t) => wanted.has(t));
    if (adds.length === 0) continue;
    for (const t of adds) wanted.delete(t);
    extra.push(r);
  }
  return extra;
}

/**
 * A question that asks for a figure ("how many extra shells per hermit?") is answered by the
 * section's sentence that gives one, when it scores nearly as well as the best: the ranker is
 * fitted on which section answers, so within a section a sentence that repeats the question's
 * words ("Without spare shells, hermits attack snails") can outscore the one with the number.
 */
function leadPassage(index: WisdomIndex, ranked: Ranked[], best: Ranked, question: string): Ranked {
  const { passages } = index;
  if (!WANTS_NUMBER.test(question) || passages[best.passage]!.hasNumber) return best;
  return (
    ranked
      .slice(1, QUOTE_CANDIDATES)
      .find(
        (r) =>
          r.section === best.section && passages[r.passage]!.hasNumber && r.score >= best.score * EXTRA_QUOTE_RATIO,
      ) ?? best
  );
}

/** The lead passage and further passages from the same section that score nearly as well, in reading order. */
function chooseQuotes(index: WisdomIndex, ranked: Ranked[], best: Ranked, lead: Ranked): number[] {
  const { passages } = index;
  const chosen = [lead];
  let words = passages[lead.passage]!.words;
  for (const r of ranked.slice(0, QUOTE_CANDIDATES)) {
    if (r === lead) continue;
    if (chosen.length >= MAX_QUOTES) break;
    if (r.section !== best.section || r.score < best.score * EXTRA_QUOTE_RATIO) continue;
    // It must earn its place by its own words, not by sharing the best passage's heading.
    const ownWords = Object.values(r.r.match).some((fields) => fields.includes("text"));
    if (!ownWords || r.r.score < best.r.score * EXTRA_QUOTE_RATIO) continue;
    const quote = passages[r.passage]!.quote;
    if (chosen.some((c) => passages[c.passage]!.quote.includes(quote) || quote.includes(passages[c.passage]!.quote)))
      continue;
    const extra = passages[r.passage]!.words;
    if (words + extra > MAX_ANSWER_WORDS) continue;
    words += extra;
    chosen.push(r);
  }
  chosen.sort((a, b) => a.passage - b.passage);
  return chosen.map((c) => c.passage);
}

/**
 * "Water all over the floor under the sump" matched step 3 ("Find the source: a leaking seam …");
 * someone in that spot needs the procedure from its first step ("Protect yourself first"), as far
 * as the answer's length allows.
 */
function procedureFor(index: WisdomIndex, best: Ranked, lead: Ranked, chosen: number[]): number[] {
  const { passages } = index;
  if (Number(STEP_QUOTE.exec(passages[lead.passage]!.quote)?.[1] ?? 1) <= 1) return chosen;
  const steps = runAround(index, lead.passage, (p) => p.section === best.section).filter((i) =>
    STEP_QUOTE.test(passages[i]!.quote),
  );
  let total = 0;
  const quoted = steps.filter((i) => (total += passages[i]!.words) <= MAX_ANSWER_WORDS);
  return quoted.length === 0 ? [steps[0]!] : quoted;
}

/**
 * Someone telling what went wrong ("nem looks melted and mouth gaping") needs what to do, not only
 * the sign that matched: when no quote instructs, the section's next instruction ("Remove it
 * immediately, …") is quoted too, as far as the answer's length allows.
 */
function withInstruction(index: WisdomIndex, quoted: number[]): number[] {
  const { passages } = index;
  if (quoted.some((p) => passages[p]!.instructs)) return quoted;
  const first = quoted[0]!;
  const section = passages[first]!.section;
  const next = runAround(index, first, (p) => p.section === section).find((i) => i > first && passages[i]!.instructs);
  if (next === undefined) return quoted;
  const instruction = passages[next]!;
  // Quoted with the sentence it leans on, it may already hold a quote.
  const kept = quoted.filter((p) => !instruction.quote.includes(passages[p]!.quote));
  const words = [...kept, next].reduce((sum, p) => sum + passages[p]!.words, 0);
  return words > MAX_ANSWER_WORDS ? quoted : [...kept, next].sort((a, b) => a - b);
}

/**
 * A quote that announces a list ("… treat them there with one proven method:") is followed by the
 * list's items, as far as the answer's length allows.
 */
function withList(index: WisdomIndex, quoted: number[]): number[] {
  const { passages } = index;
  const out = [...quoted];
  let words = quoted.reduce((sum, p) => sum + passages[p]!.words, 0);
  for (const p of quoted.filter((q) => passages[q]!.quote.endsWith(":")))
    for (let n = p + 1; passages[n]?.section === passages[p]!.section && passages[n]!.item; n++) {
      if (out.includes(n) || (words += passages[n]!.words) > MAX_ANSWER_WORDS) break;
      out.push(n);
    }
  return out.sort((a, b) => a - b);
}

/**
 * A sign described, answered from a section that says no more ("Signs of ich"), is answered too
 * from the section beside it, under the same heading, that says how ("Treating ich"): its first
 * instruction.
 */
function instructionBeside(index: WisdomIndex, best: Ranked): number | undefined {
  const { passages, sections } = index;
  const s = sections[best.section]!;
  if (s.parentTitle === undefined) return undefined;
  return runAround(index, best.passage, (p) => sections[p.section]!.docTitle === s.docTitle).find((i) => {
    const o = sections[passages[i]!.section]!;
    const beside = o !== s && o.parentTitle === s.parentTitle;
    return passages[i]!.instructs && beside && HEADING_OFFERS.howTo.test(o.title);
  });
}

/**
 * The passages around one that share something with it, in reading order: a section's passages,
 * and a document's, sit together in the index.
 */
function runAround(index: WisdomIndex, from: number, keep: (p: Passage) => boolean): number[] {
  const { passages } = index;
  let start = from;
  while (start > 0 && keep(passages[start - 1]!)) start--;
  const run: number[] = [];
  for (let i = start; i < passages.length && keep(passages[i]!); i++) run.push(i);
  return run;
}

/** One answer to a message that asked several things: each part's quotes and sources, in the order asked. */
export function composeAnswers(parts: WisdomAnswer[]): WisdomAnswer {
  return {
    answer: parts.map((p) => p.answer).join("\n\n"),
    sources: parts.flatMap((p) => p.sources),
    grounded: true,
    quotes: parts.flatMap((p) => p.quotes),
    confidence: Math.min(...parts.map((p) => p.confidence)),
  };
}
