import { describe, expect, it } from "vitest";
import { buildLearnedAsks, learnedAsks, learnedSets, type LearnedQuestions } from "./learned-asks";

describe("learned asks", () => {
  it("leave out the named set's own questions, and only those", () => {
    const all = learnedAsks();
    const withoutNine = learnedAsks("held-out 9");
    const count = (learned: LearnedQuestions) => Object.values(learned.asks).reduce((n, list) => n + list.length, 0);
    const stored = buildLearnedAsks(learnedSets())["held-out 9"]!;
    const nine = Object.values(stored.asks).flat();
    expect(nine.length).toBeGreaterThan(300);
    expect(count(all) - count(withoutNine)).toBe(nine.length);
    expect(Object.values(withoutNine.asks).flat()).not.toContain(nine[0]);
    expect(stored.offTopic.length).toBeGreaterThan(30);
    expect(all.offTopic.length - withoutNine.offTopic.length).toBe(stored.offTopic.length);
    expect(withoutNine.offTopic).not.toContain(stored.offTopic[0]);
  });
});
