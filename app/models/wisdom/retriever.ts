/**
 * Reef-wisdom engine: answers hobbyists' questions from our Markdown guides by full-text retrieval
 * (MiniSearch, BM25) over two levels, sections and the sentences, list items and table rows inside
 * them, and quotes the one that answers. It never writes anything of its own about reef keeping:
 * an answer is made of quoted text from the section it cites, and a question the guides don't
 * cover gets an honest "not covered" with a link to a real person.
 *
 * The engine is a pipeline of stages, each a module, behind the one WisdomRetriever interface:
 *   analyse.ts       the question's terms, intents and reef cues, worked out once
 *   search-index.ts  the indexes and per-section signals, built once from the sections
 *   rank.ts          candidate passages and the learned re-ranker
 *   decide.ts        answer or refuse (calibrated confidence, evidence, question-rules.ts), with a reason
 *   compose.ts       the quoted answer, or the refusal with the closest guide
 * This module only assembles them. Each stage takes the index and the analysed question as
 * arguments: no state is kept between questions.
 *
 * Pure module: no file system, no bundler globs. Callers hand it the sections (see
 * wisdomSectionsFromDocument in documents.ts and, for tests and benchmarks, bench/wisdom/load-sections.ts).
 * Decision record: docs/decisions/014-reef-wisdom-answers.md.
 */
import { analyseQuestion, questionsOf } from "./analyse";
import { composeAnswer, composeAnswers, composeRefusal } from "./compose";
import { decide, judge, type Judgement } from "./decide";
import { queryOf, rank } from "./rank";
import { buildIndex, type WisdomIndex } from "./search-index";
import { DEFAULT_TUNING, type RetrieverTuning } from "./tuning";
import type { WisdomAnswer, WisdomHit, WisdomRetriever, WisdomSection } from "./types";

export function createRetriever(sections: WisdomSection[], overrides: Partial<RetrieverTuning> = {}): WisdomRetriever {
  const index = buildIndex(sections, { ...DEFAULT_TUNING, ...overrides });
  // Misspelt words are read as the guides' words before any stage sees the question.
  const respell = (question: string) => index.speller.respell(question);
  return {
    search: (question, limit) => search(index, respell(question), limit),
    answer: (question) => answer(index, respell(question)),
    features: (question) => judge(index, respell(question)).features,
    candidates: (question, limit) => candidates(index, respell(question), limit),
    ruledOut: (question) => judge(index, respell(question)).ruled,
  };
}

function answer(index: WisdomIndex, message: string): WisdomAnswer {
  const whole = judge(index, message);
  // A message closer to a question the guides don't answer than to one they do is not taken
  // apart: "seahorse tank …, what temperature do they like, can they go with soft corals".
  const parts = whole.likeOffTopic ? [] : answeredParts(index, message);
  if (parts.length > 0) return composeAnswers(parts.map((p) => composeAnswer(index, p.judged, p.question)));
  const judged = decide(index, message, message, whole);
  return judged.ok && judged.best ? composeAnswer(index, judged, message) : composeRefusal(index, judged, message);
}

/**
 * A message that asks two or three things gets each answered in turn, from its own section.
 * Fewer than two answered: the message is answered whole.
 */
function answeredParts(index: WisdomIndex, message: string): Array<{ question: string; judged: Judgement }> {
  const questions = questionsOf(message);
  if (questions.length === 0) return [];
  const context = questions.reduce((rest, q) => rest.replace(q, " "), message).trim();
  const parts: Array<{ question: string; judged: Judgement }> = [];
  for (const [i, q] of questions.entries()) {
    // Two answered are needed: stop once the questions left can't make up the count.
    if (parts.length + questions.length - i < 2) break;
    // A question that names nothing of reef keeping, or can't be answered alone, is read with the
    // message's other sentences, which say what it is about: "What should it be?" after "My alk is 7".
    const taken = (j: Judgement) => j.ok && j.best && !parts.some((p) => p.judged.best!.section === j.best!.section);
    const alone = judge(index, q, message);
    if (alone.topical && taken(alone)) {
      parts.push({ question: q, judged: alone });
      continue;
    }
    const question = context ? `${context} ${q}` : q;
    const judged = context ? judge(index, question, message) : alone;
    if (taken(judged)) parts.push({ question, judged });
  }
  return parts.length >= 2 ? parts : [];
}

/** The best-ranked sections, one hit each. */
function search(index: WisdomIndex, question: string, limit = 5): WisdomHit[] {
  const ranked = rank(queryOf(index, analyseQuestion(question)));
  return ranked
    .filter((r, i) => ranked.findIndex((o) => o.section === r.section) === i)
    .slice(0, limit)
    .map((r) => ({ section: index.sections[r.section]!, score: r.score, coverage: r.sectionCoverage }));
}

/** The best-ranked passages' sections and re-ranker features (fitting the re-ranker only). */
function candidates(index: WisdomIndex, question: string, limit = 40) {
  return rank(queryOf(index, analyseQuestion(question)))
    .slice(0, limit)
    .map((c) => ({ url: index.sections[c.section]!.url, features: c.f }));
}
