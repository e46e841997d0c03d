/**
 * The reef-wisdom question sets under bench/, for the benchmark and the CI regression test:
 * the development set and held-out sets 1–27 (all development data now: tuning may look at them,
 * though they are never edited to pass), held-out 28 (run blind once on round 17's final code, not learned yet), and held-out 29 when one is written, the next round's blind set, read only by
 * `bench/wisdom-retrieval.ts --blind`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { EvalSet } from "./evaluate";

const BENCH_DIR = fileURLToPath(new URL("..", import.meta.url));

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
 * fixes and run blind once; both then informed the learned re-ranker. 3 was run blind once after
 * the re-ranker work and has since been development data too, like 1 and 2: the semantic signal
 * and the cross-validated re-fit looked at all three. 4 was written by someone else during that
 * work and run blind once at its end (decision 014); 5 was written blind during the next round,
 * whose result was reverted; both are development data now. 6 was written and committed before the
 * third round of work (decision 014), run once at its end and read by `--blind` and the quality
 * test; it is development data since round 4. 7 was written and committed by someone else before
 * the fourth round's work (2026-11-24), never run before it was frozen, run blind once after it and
 * is development data since round 5. 8 was written and committed by someone else before the fifth
 * round's work (2026-11-24), never run before it was frozen, run blind once after it, and is
 * development data since round 6. 9 was
 * written and committed by someone else before the sixth round's work (2026-11-25), never run
 * before it was frozen, run blind once after it (on the code before and after the round), and is
 * development data since. 10 was written and committed by someone else before the seventh round's
 * work (2026-11-25), never run before it was frozen, run blind once after it (on the code before and
 * after the round), and is development data since. 11 was written by someone else from the guides alone
 * while the eighth round's work began on another branch (2026-11-25), committed before that work was
 * merged, never run before it was frozen, run blind once after it (on the code before and after the
 * round), and is development data since. 12 was written by someone else from the guides alone while the
 * ninth round's work began on another branch (2026-11-25), never run before it was frozen, run blind
 * once after round 9 (2026-11-27, on the code before and after it), and is development data since. 13
 * was written by someone else from the guides alone, who never saw the retriever, its results or the
 * earlier sets, while round 9 was under way (2026-11-27), run blind once on round 9's code
 * (2026-11-27), and is development data since. 14 was written the same way (2026-11-27) before
 * round 10's work, scored once on the code before round 10 and once after (its misses unread), and
 * is development data since. 15 was written the same way (2026-11-27) before round 11's work, scored
 * once on the code before round 11 and once after, and is development data since. 16 was written
 * the same way (2026-11-27) before round 12's work, scored once on the code before round 12 and
 * once on a refit that was not adopted, and is development data since. 17 was written the same way
 * (2026-11-27) before the rest of round 12's work, scored once on the code before it and once
 * after, and is development data since. 18 was written the same way (2026-11-27) while
 * round 13 was under way, committed unopened, scored once on round 13's code, and is development
 * data since. 19 was written the same way (2026-11-27) before round 14's work, committed unopened,
 * scored once on the code before round 14 and once after, and is development data since. 20 was
 * written the same way while round 15 was under way, committed unopened, scored once on the code
 * before round 15 and once after, and is development data since. 21 was written the same way
 * (2026-11-27, a new session) before round 16's work, committed unopened, scored once on the
 * committed code and once after round 16's stock change, and is development data since. 22 was
 * written the same way during round 16, committed unopened, scored once before round 16's filler
 * change and once after, and is development data since. 23 was written the same way at the end
 * of round 16, committed unopened, scored once on round 16's final code, and is development data
 * since. 24 was written the same way (2026-11-27, a new session), committed unopened, scored once
 * on round 16's final code and once after round 17's categories, and is development data since.
 * 25 was written the same way while round 17 was under way, committed unopened, scored once on
 * round 17's code, and is development data since. 26 was written the same way at the end of round
 * 17, committed unopened, scored once on round 17's last code, and is development data since. So
 * is 27, written and scored the same way after 26 was learned. 28 was written the same way,
 * committed unopened and scored once on round 17's final code; the next round learns it first, and
 * needs a held-out 29, written and committed before its work.
 */
export function heldOutSet(which: number): EvalSet {
  const file = `wisdom-heldout${which === 1 ? "" : which}.json`;
  // The next blind set may not be written yet: say so, rather than fail on a missing path.
  if (!fs.existsSync(path.join(BENCH_DIR, file)))
    throw new Error(`bench/${file} does not exist: write held-out ${which} from the guides alone first`);
  return readJson(file);
}
