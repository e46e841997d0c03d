/**
 * Scores the reef-wisdom retriever on a question set: the benchmark (bench/wisdom-retrieval.ts)
 * and the CI regression test (evaluate.test.ts) share it, so both measure the same thing.
 */
import { GUIDE_URL_BASE } from "#app/models/wisdom/documents";
import type { WisdomRetriever, WisdomSection } from "#app/models/wisdom/types";

interface EvalQuestion {
  question: string;
  /** Sections that answer it: "guide-slug#anchor" (under GUIDE_URL_BASE) or "/page#anchor". */
  expected: string[];
  /** When present, the answer text must contain one of these. */
  answerIncludes?: string[];
  /** One of the examples in the issue that asked for this work (issue 20). */
  fromIssue?: boolean;
}

export interface EvalSet {
  questions: EvalQuestion[];
  offTopic: string[];
}

interface EvalRow {
  question: string;
  expected: string[];
  cited: string | null;
  top3: string[];
  top1: boolean;
  top3Hit: boolean;
  refused: boolean;
  includesOk: boolean;
  confidence: number;
  ms: number;
}

export interface EvalReport {
  questions: number;
  offTopicQuestions: number;
  /** Percentages, one decimal. */
  top1: number;
  top3: number;
  falseRefusal: number;
  offTopicRefused: number;
  p50Ms: number;
  p99Ms: number;
  rows: EvalRow[];
  offTopic: Array<{ question: string; refused: boolean; cited: string | null; confidence: number; ms: number }>;
}

export const expandUrl = (entry: string) => (entry.startsWith("/") ? entry : `${GUIDE_URL_BASE}/${entry}`);

const pct = (count: number, total: number) => (total === 0 ? 0 : Math.round((1000 * count) / total) / 10);

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(100 * sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!) / 100;
}

/**
 * Answer time as the server sees it: one `answer()` call, after the index is built and warm. The
 * benchmark times each question `runs` times and keeps the median, so a moment when the shared
 * machine schedules something else is not counted as the cost of the answer; a test that checks
 * only the answers asks once.
 */
function timed<T>(fn: () => T, runs: number): [T, number] {
  let value: T | undefined;
  const times = Array.from({ length: runs }, () => {
    const start = performance.now();
    value = fn();
    return performance.now() - start;
  });
  return [value as T, times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!];
}

/**
 * Section URL → URL of its `##` parent, for `###` sections. A cited subsection of an expected
 * section counts as that section: "Treating flukes" answers a question whose expected section is
 * "Flukes", and on the page it sits inside it.
 */
export function parentUrls(sections: WisdomSection[]): Map<string, string> {
  const parents = new Map<string, string>();
  let h2: WisdomSection | undefined;
  for (const s of sections) {
    const doc = s.url.split("#")[0];
    if (s.parentTitle === undefined) h2 = s;
    else if (h2 && h2.url.split("#")[0] === doc && h2.title === s.parentTitle) parents.set(s.url, h2.url);
  }
  return parents;
}

export function evaluate(
  retriever: WisdomRetriever,
  set: EvalSet,
  sections: WisdomSection[],
  { timingRuns = 3 }: { timingRuns?: number } = {},
): EvalReport {
  const parents = parentUrls(sections);
  const answers = (expected: string[], url: string | null | undefined) =>
    url != null && (expected.includes(url) || expected.includes(parents.get(url) ?? ""));
  // Warm up: the first calls pay for JIT compilation, which a running server has long paid.
  for (const q of set.questions.slice(0, 10)) retriever.answer(q.question);

  const rows = set.questions.map((q): EvalRow => {
    const expected = q.expected.map(expandUrl);
    const [answer, ms] = timed(() => retriever.answer(q.question), timingRuns);
    const top3 = retriever.search(q.question, 3).map((h) => h.section.url);
    const cited = answer.grounded ? (answer.sources[0]?.url ?? null) : null;
    const includesOk = !q.answerIncludes || q.answerIncludes.some((s) => answer.answer.includes(s));
    return {
      question: q.question,
      expected,
      cited,
      top3,
      top1: answers(expected, cited) && includesOk,
      top3Hit: top3.some((u) => answers(expected, u)),
      refused: !answer.grounded,
      includesOk,
      confidence: Math.round(answer.confidence * 1000) / 1000,
      ms,
    };
  });
  const offTopic = set.offTopic.map((question) => {
    const [answer, ms] = timed(() => retriever.answer(question), timingRuns);
    return {
      question,
      refused: !answer.grounded,
      cited: answer.sources[0]?.url ?? null,
      confidence: Math.round(answer.confidence * 1000) / 1000,
      ms,
    };
  });
  return summarize(rows, offTopic);
}

/** The figures of a run from its rows: also for rows gathered from several runs (cross-validation folds). */
export function summarize(rows: EvalRow[], offTopic: EvalReport["offTopic"]): EvalReport {
  const times = [...rows.map((r) => r.ms), ...offTopic.map((r) => r.ms)];
  return {
    questions: rows.length,
    offTopicQuestions: offTopic.length,
    top1: pct(rows.filter((r) => r.top1).length, rows.length),
    top3: pct(rows.filter((r) => r.top3Hit).length, rows.length),
    falseRefusal: pct(rows.filter((r) => r.refused).length, rows.length),
    offTopicRefused: pct(offTopic.filter((r) => r.refused).length, offTopic.length),
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    rows,
    offTopic,
  };
}
