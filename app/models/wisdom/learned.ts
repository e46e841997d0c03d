/**
 * The questions each section answers, as reefers ask them: the hand-written asks (the guides' front matter) and the
 * learned ones, the questions of the development sets filed under the sections that answer them
 * (bench/wisdom/learned-asks.ts builds learned-asks.json).
 */
import { GUIDE_URL_BASE } from "./documents";
import LEARNED_ASKS from "./learned-asks.json";
import type { WisdomSection } from "./types";

/** Reefers' own questions, labelled: covered ones by the section key that answers them, and off-topic ones. */
export interface LearnedQuestions {
  asks: Record<string, string[]>;
  offTopic: string[];
}

/**
 * The learned questions (bench/wisdom/learned-asks.ts) of every set but those named: a set's own
 * questions must not be in the index that is scored on it, or its figures say nothing about a new
 * reefer's.
 */
export function learnedAsks(...except: string[]): LearnedQuestions {
  const merged: LearnedQuestions = { asks: {}, offTopic: [] };
  for (const [set, learned] of Object.entries(LEARNED_ASKS as unknown as Record<string, LearnedQuestions>)) {
    if (except.includes(set)) continue;
    for (const [key, asks] of Object.entries(learned.asks)) (merged.asks[key] ??= []).push(...asks);
    merged.offTopic.push(...learned.offTopic);
  }
  return merged;
}

const sectionKey = (section: WisdomSection) => section.url.replace(`${GUIDE_URL_BASE}/`, "");

/** The questions a section answers, as a reefer would ask them: its front matter's, then the learned ones. */
export function asksListOf(section: WisdomSection, extra: Record<string, string[]>): string[] {
  return [...(section.asks ?? []), ...(extra[sectionKey(section)] ?? [])];
}
