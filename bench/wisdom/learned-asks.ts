/**
 * Learned asks, for comparison only (decision 050): the questions of the frozen evaluation sets,
 * each filed under the sections that answer it, as extra asks of those sections. The server ships
 * none of them; the bench builds them in memory when run with `WISDOM_LEARNED=1`, to measure what
 * the content's own asks give up against them.
 */
import { GUIDE_URL_BASE } from "#app/models/wisdom/documents";
import { developmentSet, heldOutSet } from "./eval-sets";
import type { WisdomSection } from "#app/models/wisdom/types";
import type { EvalSet } from "./evaluate";

/** Reefers' own questions, labelled: covered ones by the section key that answers them, and off-topic ones. */
export interface LearnedQuestions {
  asks: Record<string, string[]>;
  offTopic: string[];
}

/**
 * The sections with the learned questions in their front matter's place: each covered one among
 * the asks of the section that answers it, the off-topic ones among the first section's declines.
 */
export function withLearned(sections: WisdomSection[], learned: LearnedQuestions): WisdomSection[] {
  return sections.map((s, i) => {
    const asks = learned.asks[s.url.replace(`${GUIDE_URL_BASE}/`, "")] ?? [];
    const declines = i === 0 ? learned.offTopic : [];
    if (asks.length + declines.length === 0) return s;
    return { ...s, asks: [...(s.asks ?? []), ...asks], declines: [...(s.declines ?? []), ...declines] };
  });
}

/**
 * By set name: its covered questions by section key (`guide-slug#anchor` or `/page#anchor`, as in
 * asks.ts), and its off-topic questions, which the retriever's neighbour signal reads as examples
 * of what the guides don't answer.
 */
export type LearnedAsksFile = Record<string, { asks: Record<string, string[]>; offTopic: string[] }>;

/** The last held-out set that has been run blind and become development data. */
const LAST_LEARNED_SET = 27;

/** The sets whose covered questions are learned: every set that has been run blind once. */
export function learnedSets(): Record<string, EvalSet> {
  const sets: Record<string, EvalSet> = { development: developmentSet() };
  for (let which = 1; which <= LAST_LEARNED_SET; which++) sets[`held-out ${which}`] = heldOutSet(which);
  return sets;
}

export function buildLearnedAsks(sets: Record<string, EvalSet>): LearnedAsksFile {
  const out: LearnedAsksFile = {};
  for (const [name, set] of Object.entries(sets)) {
    const bySection: Record<string, string[]> = {};
    for (const q of set.questions) for (const key of q.expected) (bySection[key] ??= []).push(q.question);
    out[name] = { asks: bySection, offTopic: set.offTopic };
  }
  return out;
}

let built: LearnedAsksFile | undefined;

/**
 * The learned questions of every set but those named (experiments only: the server learns none):
 * a set's own questions must not be in the index that is scored on it.
 */
export function learnedAsks(...except: string[]): LearnedQuestions {
  built ??= buildLearnedAsks(learnedSets());
  const merged: LearnedQuestions = { asks: {}, offTopic: [] };
  for (const [set, learned] of Object.entries(built)) {
    if (except.includes(set)) continue;
    for (const [key, asks] of Object.entries(learned.asks)) (merged.asks[key] ??= []).push(...asks);
    merged.offTopic.push(...learned.offTopic);
  }
  return merged;
}
