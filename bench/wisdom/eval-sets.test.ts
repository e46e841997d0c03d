/**
 * Checks only the shape of the frozen held-out sets 7 to 28: each loads, is as large as the issue asks, and
 * every expected answer is a real section. It never runs the retriever on the sets, so it can sit
 * in CI while they are still blind.
 */
import { describe, expect, it } from "vitest";
import { heldOutSet } from "./eval-sets";
import { expandUrl } from "./evaluate";
import { loadWisdomSectionsFromFiles } from "./load-sections";

const CONTENT_DIR = new URL("../../app/content", import.meta.url).pathname;

const SIZES = [
  { which: 7, covered: 90, offTopic: 22 },
  { which: 8, covered: 120, offTopic: 30 },
  { which: 9, covered: 180, offTopic: 30 },
  { which: 10, covered: 200, offTopic: 40 },
  { which: 11, covered: 400, offTopic: 50 },
  { which: 12, covered: 450, offTopic: 60 },
  { which: 13, covered: 450, offTopic: 60 },
  { which: 14, covered: 450, offTopic: 60 },
  { which: 15, covered: 450, offTopic: 60 },
  { which: 16, covered: 450, offTopic: 60 },
  { which: 17, covered: 450, offTopic: 60 },
  { which: 18, covered: 450, offTopic: 60 },
  { which: 19, covered: 450, offTopic: 60 },
  { which: 20, covered: 450, offTopic: 60 },
  { which: 21, covered: 450, offTopic: 60 },
  { which: 22, covered: 450, offTopic: 60 },
  { which: 23, covered: 450, offTopic: 60 },
  { which: 24, covered: 450, offTopic: 60 },
  { which: 25, covered: 450, offTopic: 60 },
  { which: 26, covered: 450, offTopic: 60 },
  { which: 27, covered: 450, offTopic: 60 },
  { which: 28, covered: 450, offTopic: 60 },
] as const;

describe.each(SIZES)("held-out set $which", ({ which, covered, offTopic }) => {
  const set = heldOutSet(which);

  it(`has at least ${covered} covered and ${offTopic} off-topic questions, none repeated`, () => {
    expect(set.questions.length).toBeGreaterThanOrEqual(covered);
    expect(set.offTopic.length).toBeGreaterThanOrEqual(offTopic);
    const all = [...set.questions.map((q) => q.question), ...set.offTopic].map((q) => q.trim().toLowerCase());
    expect(new Set(all).size).toBe(all.length);
  });

  it("names only real guide and page sections as answers", () => {
    const urls = new Set(loadWisdomSectionsFromFiles(CONTENT_DIR).map((s) => s.url));
    const unknown = set.questions.flatMap((q) =>
      q.expected.length === 0 ? [`${q.question}: (none)`] : q.expected.filter((e) => !urls.has(expandUrl(e))),
    );
    expect(unknown).toEqual([]);
  });
});
