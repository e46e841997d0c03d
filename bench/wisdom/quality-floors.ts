/**
 * The reef-wisdom answer-quality floors CI keeps (issue 34: at most three frozen sets), checked by
 * quality-floors.test.ts. Each floor sits about two points under (over, for refusals) the figure
 * measured when the engine last changed; raise them when the figures improve, and never edit a
 * frozen set to pass.
 * - development: the older benchmark and wisdom-dev.json;
 * - held-out 28: run blind once;
 * - fresh forum 2: long forum posts, several questions per message (bench/wisdom/README.md),
 *   development data for issue 34's work.
 * Fresh forum sets 1 and 3 measure and stay out of CI: only their aggregate figures are read.
 */
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { createRetriever } from "#app/models/wisdom/retriever";
import { developmentSet, heldOutSet } from "./eval-sets";
import { evaluate } from "./evaluate";
import { readFreshSet, scoreFresh } from "./fresh-score";
import { loadWisdomSectionsFromFiles } from "./load-sections";

const CONTENT_DIR = fileURLToPath(new URL("../../app/content", import.meta.url));
const sections = () => loadWisdomSectionsFromFiles(CONTENT_DIR);

/** Percent floors: top-1, top-3, false refusals (at most), off-topic refused. */
export const SET_FLOORS = [
  // Measured 2026-11-30, from the content alone (decision 050): 88.8 / 98.6 / 2.3 / 98.6.
  { name: "development", set: developmentSet, min: { top1: 86, top3: 96, falseRefusal: 4, offTopicRefused: 96 } },
  // Measured 2026-11-30: 88.9 / 97.2 / 2.4 / 93.3.
  {
    name: "held-out 28",
    set: () => heldOutSet(28),
    min: { top1: 86, top3: 95, falseRefusal: 4.5, offTopicRefused: 90 },
  },
];

export function expectSetAboveFloors({ set, min }: (typeof SET_FLOORS)[number]) {
  const all = sections();
  // Answers only: latency is the benchmark's to measure (bench/wisdom-retrieval.ts).
  const report = evaluate(createRetriever(all), set(), all, { timingRuns: 1 });
  expect(report.top1).toBeGreaterThanOrEqual(min.top1);
  expect(report.top3).toBeGreaterThanOrEqual(min.top3);
  expect(report.falseRefusal).toBeLessThanOrEqual(min.falseRefusal);
  expect(report.offTopicRefused).toBeGreaterThanOrEqual(min.offTopicRefused);
}

/**
 * Fresh forum set 2's floors, in percent (fresh-score.ts). Measured 2026-11-30 (decision 052):
 * right section 71.5, number or action 55.7, covered refused 12.5, off-topic refused 92, both
 * parts 40 — far from issue 34's bars (92 / 90 / 3 / 97 / 85), which these floors only keep from
 * sliding back.
 */
const FRESH_FLOORS = { rightSection: 68, numberOrAction: 52, coveredRefused: 15, offTopicRefused: 88, bothParts: 36 };

export function expectFreshAboveFloors() {
  const all = sections();
  const report = scoreFresh(
    createRetriever(all),
    readFreshSet(fileURLToPath(new URL("./fresh-forum-2.json", import.meta.url))),
    all,
  );
  expect(report.rightSection).toBeGreaterThanOrEqual(FRESH_FLOORS.rightSection);
  expect(report.numberOrAction).toBeGreaterThanOrEqual(FRESH_FLOORS.numberOrAction);
  expect(report.coveredRefused).toBeLessThanOrEqual(FRESH_FLOORS.coveredRefused);
  expect(report.offTopicRefused).toBeGreaterThanOrEqual(FRESH_FLOORS.offTopicRefused);
  expect(report.bothParts).toBeGreaterThanOrEqual(FRESH_FLOORS.bothParts);
}
