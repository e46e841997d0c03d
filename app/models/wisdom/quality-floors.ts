/**
 * The answer-quality floors of reef wisdom (issue 20, docs/decisions/014): each evaluation set and
 * the figures it must keep. Checked by quality-floors-*.test.ts, split in two files so that the
 * sets — tens of seconds each — are scored on two cores at once.
 */
import { expect } from "vitest";
import { developmentSet, heldOutSet } from "./eval-sets.server";
import { evaluate, type EvalReport } from "./evaluate";
import { learnedAsks } from "./learned";
import { loadWisdomSectionsFromFiles } from "./load-sections.server";
import { createRetriever } from "./retriever";

const CONTENT_DIR = new URL("../../content", import.meta.url).pathname;
let sections: ReturnType<typeof loadWisdomSectionsFromFiles> | undefined;

/**
 * Measured on 2026-11-27 after round 9 (a section classifier; decision 014), in percent: top-1,
 * top-3, false refusals, off-topic refused. Each set is scored with the learned questions of the
 * other sets only (leave one set out); the ranker and calibration were fitted on all thirteen sets,
 * each set's candidates drawn the same way. Floors sit about two points under (over, for false
 * refusals) the measured figure; the comment gives the measured one, then the set's blind run.
 */
export const FLOORS: Array<{ name: string; set: () => ReturnType<typeof developmentSet>; min: Partial<EvalReport> }> = [
  // 94.0 / 99.1 / 0.5 / 98.6.
  { name: "development", set: developmentSet, min: { top1: 92, top3: 97, falseRefusal: 3, offTopicRefused: 98 } },
  // 92.3 / 100 / 1.1 / 100 (blind run: 64.8 / 89.0 / 13.2 / 100).
  { name: "held-out 1", set: () => heldOutSet(1), min: { top1: 90, top3: 98, falseRefusal: 4, offTopicRefused: 100 } },
  // 95.4 / 98.5 / 0 / 100 (blind run: 69.2 / 90.8 / 10.8 / 93.8).
  { name: "held-out 2", set: () => heldOutSet(2), min: { top1: 93, top3: 96, falseRefusal: 2, offTopicRefused: 100 } },
  // 95.4 / 98.9 / 1.1 / 100 (blind run: 69.0 / 87.4 / 11.5 / 100).
  { name: "held-out 3", set: () => heldOutSet(3), min: { top1: 93, top3: 96, falseRefusal: 4, offTopicRefused: 100 } },
  // 87.8 / 98.3 / 3.5 / 95.7 (blind run: 63.5 / 88.7 / 27 / 95.7).
  { name: "held-out 4", set: () => heldOutSet(4), min: { top1: 85, top3: 96, falseRefusal: 6, offTopicRefused: 95 } },
  // 84.8 / 95.7 / 3.6 / 91.7 (blind run: 68.8 / 91.3 / 12.3 / 91.7).
  { name: "held-out 5", set: () => heldOutSet(5), min: { top1: 82, top3: 93, falseRefusal: 6, offTopicRefused: 91 } },
  // 87.6 / 95.9 / 5.0 / 100 (blind run, round 3: 60.3 / 83.5 / 19.8 / 100).
  { name: "held-out 6", set: () => heldOutSet(6), min: { top1: 85, top3: 93, falseRefusal: 7, offTopicRefused: 100 } },
  // 90.4 / 98.3 / 2.8 / 100 (blind run, round 4: 75.8 / 94.4 / 13.5 / 92.3).
  { name: "held-out 7", set: () => heldOutSet(7), min: { top1: 88, top3: 96, falseRefusal: 5, offTopicRefused: 100 } },
  // 80.0 / 94.2 / 6.8 / 100 (blind run, round 5: 61.6 / 84.7 / 19.5 / 97.1).
  { name: "held-out 8", set: () => heldOutSet(8), min: { top1: 78, top3: 92, falseRefusal: 9, offTopicRefused: 100 } },
  // 92.5 / 96.8 / 0.5 / 100 (blind run on the round-5 code: 80.1 / 93.8 / 5.9 / 82.9).
  // Off-topic 97.1 since round 11: "diy wooden canopy for my tank, what wood and finish hold up to
  // humidity" is answered at 0.55 from the floor-weight section (decision 014).
  { name: "held-out 9", set: () => heldOutSet(9), min: { top1: 90, top3: 94, falseRefusal: 3, offTopicRefused: 97 } },
  // 91.4 / 98.6 / 0.6 / 97.9 (blind run, round 7: 84.0 / 94.9 / 3.1 / 89.6).
  { name: "held-out 10", set: () => heldOutSet(10), min: { top1: 89, top3: 96, falseRefusal: 3, offTopicRefused: 97 } },
  // 89.1 / 97.5 / 2.3 / 96.4 (blind run, round 8: 85.7 / 97.1 / 2.9 / 92.9).
  { name: "held-out 11", set: () => heldOutSet(11), min: { top1: 87, top3: 95, falseRefusal: 5, offTopicRefused: 96 } },
  // 85.9 / 96.6 / 2.5 / 95.0 (blind run, round 9: 85.9 / 96.4 / 2.3 / 91.7).
  { name: "held-out 12", set: () => heldOutSet(12), min: { top1: 83, top3: 94, falseRefusal: 5, offTopicRefused: 93 } },
  // 84.9 / 95.7 / 3.2 / 96.7 (blind run on the round-9 code: 84.1 / 95.7 / 3.2 / 95.0).
  { name: "held-out 13", set: () => heldOutSet(13), min: { top1: 82, top3: 93, falseRefusal: 6, offTopicRefused: 93 } },
  // 85.1 / 96.7 / 1.6 / 100 (blind runs, rounds 9 and 10: 84.0 / 96.2 / 2.0 / 93.3 and 84.9 / 96.6 / 1.6 / 93.3).
  { name: "held-out 14", set: () => heldOutSet(14), min: { top1: 83, top3: 94, falseRefusal: 4, offTopicRefused: 98 } },
  // 90.7 / 96.9 / 1.3 / 100 (blind runs, rounds 10 and 11: 88.3 / 96.1 / 1.1 / 96.7 and 90.7 / 96.9 / 1.3 / 98.3).
  { name: "held-out 15", set: () => heldOutSet(15), min: { top1: 88, top3: 94, falseRefusal: 4, offTopicRefused: 98 } },
  // Measured after round 13 (2026-11-27): 90.9 / 96.7 / 0.9 / 100 (blind runs, round 11 and the refit
  // not adopted: 88.2 / 96.0 / 2.5 / 100 and 89.3 / 96.0 / 1.4 / 98.3).
  { name: "held-out 16", set: () => heldOutSet(16), min: { top1: 88, top3: 94, falseRefusal: 3, offTopicRefused: 98 } },
  // 94.2 / 97.9 / 0.7 / 98.3 (blind runs, rounds 11 and 12: 92.1 / 97.2 / 1.6 / 96.7 and 94.0 / 97.9 / 0.9 / 96.7).
  { name: "held-out 17", set: () => heldOutSet(17), min: { top1: 92, top3: 95, falseRefusal: 3, offTopicRefused: 96 } },
  // 93.4 / 97.3 / 1.1 / 96.7 (blind run, round 13: 93.4 / 97.3 / 1.1 / 91.7; its off-topic misses
  // became known gaps, and its off-topic questions neighbours, after that run).
  { name: "held-out 18", set: () => heldOutSet(18), min: { top1: 91, top3: 95, falseRefusal: 3, offTopicRefused: 95 } },
  // 94.0 / 98.4 / 0.7 / 98.3 (blind runs, rounds 13 and 14: 93.5 / 98.4 / 0.9 / 91.7 both times).
  { name: "held-out 19", set: () => heldOutSet(19), min: { top1: 92, top3: 96, falseRefusal: 3, offTopicRefused: 96 } },
  // 93.0 / 97.7 / 1.6 / 100 (blind runs, rounds 14 and 15: 93.0 / 97.7 / 1.6 / 95.0 and 92.8 / 97.7 / 1.8 / 96.7).
  { name: "held-out 20", set: () => heldOutSet(20), min: { top1: 91, top3: 95, falseRefusal: 3, offTopicRefused: 98 } },
  // 95.8 / 97.9 / 0.3 / 100 (blind runs, round 15's committed code and round 16: 95.8 / 97.9 / 0.3 / 98.3 both times).
  { name: "held-out 21", set: () => heldOutSet(21), min: { top1: 93, top3: 96, falseRefusal: 3, offTopicRefused: 98 } },
  // 95.4 / 98.8 / 0.5 / 100 (blind runs, round 16 before and after its filler change: 95.4 / 98.8 / 0.5 / 98.3 both times).
  { name: "held-out 22", set: () => heldOutSet(22), min: { top1: 93, top3: 96, falseRefusal: 3, offTopicRefused: 98 } },
  // 93.9 / 98.2 / 1.1 / 100 (blind run, round 16's code before its held-out 23 fixes: 93.9 / 98.2 / 0.9 / 96.7).
  { name: "held-out 23", set: () => heldOutSet(23), min: { top1: 91, top3: 96, falseRefusal: 3, offTopicRefused: 98 } },
  // 93.1 / 97.7 / 1.1 / 100 (blind runs, round 16's final code and round 17's categories: 93.0 / 97.7 / 1.1 / 93.3
  // and 93.0 / 97.7 / 1.1 / 95.0; its two everyday misses led to round 17's clause rule).
  { name: "held-out 24", set: () => heldOutSet(24), min: { top1: 91, top3: 95, falseRefusal: 3, offTopicRefused: 98 } },
  // 94.5 / 98.2 / 0.4 / 100 (blind run, round 17's code: 94.5 / 98.2 / 0.4 / 96.7).
  { name: "held-out 25", set: () => heldOutSet(25), min: { top1: 92, top3: 96, falseRefusal: 3, offTopicRefused: 98 } },
  // 95.2 / 98.8 / 0.5 / 98.3 (blind run, round 17's last code: 95.2 / 98.8 / 0.5 / 98.3; its land-hermit
  // question is answered by the section saying land hermits are not covered).
  { name: "held-out 26", set: () => heldOutSet(26), min: { top1: 93, top3: 96, falseRefusal: 3, offTopicRefused: 98 } },
  // 95.7 / 99.0 / 0.7 / 100 (blind run, round 17's last code with held-out 26 learned: 95.7 / 99.0 / 0.7 / 98.3).
  { name: "held-out 27", set: () => heldOutSet(27), min: { top1: 93, top3: 96, falseRefusal: 3, offTopicRefused: 98 } },
];

/** Scores one set with the learned questions of the other sets only (round 7) and checks its floors. */
export function expectAboveFloors({ name, set, min }: (typeof FLOORS)[number]) {
  sections ??= loadWisdomSectionsFromFiles(CONTENT_DIR);
  // Answers only: latency is the benchmark's to measure (bench/wisdom-retrieval.ts).
  const report = evaluate(createRetriever(sections, {}, learnedAsks(name)), set(), sections, { timingRuns: 1 });
  expect(report.top1).toBeGreaterThanOrEqual(min.top1!);
  expect(report.top3).toBeGreaterThanOrEqual(min.top3!);
  expect(report.falseRefusal).toBeLessThanOrEqual(min.falseRefusal!);
  expect(report.offTopicRefused).toBeGreaterThanOrEqual(min.offTopicRefused!);
}
