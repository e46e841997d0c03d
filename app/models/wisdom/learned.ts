/**
 * The questions each section answers, as reefers ask them: the content's own `asks` (front matter),
 * plus, for experiments only, questions from elsewhere filed under the sections that answer them.
 * The server passes none: it ships no evaluation data.
 */
import { GUIDE_URL_BASE } from "./documents";
import type { WisdomSection } from "./types";

/** Reefers' own questions, labelled: covered ones by the section key that answers them, and off-topic ones. */
export interface LearnedQuestions {
  asks: Record<string, string[]>;
  offTopic: string[];
}

export const NO_LEARNED: LearnedQuestions = { asks: {}, offTopic: [] };

const sectionKey = (section: WisdomSection) => section.url.replace(`${GUIDE_URL_BASE}/`, "");

/** The questions a section answers, as a reefer would ask them: its front matter's, then any extra ones. */
export function asksListOf(section: WisdomSection, extra: Record<string, string[]>): string[] {
  return [...(section.asks ?? []), ...(extra[sectionKey(section)] ?? [])];
}
