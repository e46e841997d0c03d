/**
 * The reef-wisdom question sets under bench/, for the benchmark and the CI regression test:
 * the development set (tuning may look at it) and the three frozen held-out sets (never edited).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { EvalSet } from "./evaluate";

const BENCH_DIR = fileURLToPath(new URL("../../../bench", import.meta.url));

const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(BENCH_DIR, file), "utf8")) as T;

interface LegacyFile {
  questions: Array<{ question: string; expected: string; alsoAccept?: string[] }>;
  offTopic: string[];
  offTopicHoldout?: string[];
  offTopicHoldout2?: string[];
}

/** The older benchmark (all of it was used for earlier tuning) plus wisdom-dev.json. */
export function developmentSet(): EvalSet {
  const legacy = readJson<LegacyFile>("wisdom-questions.json");
  const dev = readJson<EvalSet>("wisdom-dev.json");
  return {
    questions: [
      ...legacy.questions.map((q) => ({ question: q.question, expected: [q.expected, ...(q.alsoAccept ?? [])] })),
      ...dev.questions,
    ],
    offTopic: [
      ...legacy.offTopic,
      ...(legacy.offTopicHoldout ?? []),
      ...(legacy.offTopicHoldout2 ?? []),
      ...dev.offTopic,
    ],
  };
}

/**
 * Frozen held-out sets. 1 was run blind once and then informed fixes; 2 was written after those
 * fixes and run blind once; both have since informed the learned re-ranker, so they are development
 * data too. 3 was written before the re-ranker work and is the only set still blind.
 */
export function heldOutSet(which: 1 | 2 | 3): EvalSet {
  return readJson(["wisdom-heldout.json", "wisdom-heldout2.json", "wisdom-heldout3.json"][which - 1]!);
}
