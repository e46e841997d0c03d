import { describe, expect, it } from "vitest";
import STORED from "./learned-asks.json";
import { buildLearnedAsks, learnedSets } from "./learned-asks.server";
import { learnedAsks } from "./retriever";

describe("learned asks", () => {
  it("are the evaluation sets' questions as stored (run `npm run wisdom:learned-asks` after editing a set)", () => {
    expect(STORED).toEqual(buildLearnedAsks(learnedSets()));
  });

  it("leave out the named set's own questions, and only those", () => {
    const all = learnedAsks();
    const withoutNine = learnedAsks("held-out 9");
    const count = (asks: Record<string, string[]>) => Object.values(asks).reduce((n, list) => n + list.length, 0);
    const nine = Object.values((STORED as Record<string, Record<string, string[]>>)["held-out 9"]!).flat();
    expect(nine.length).toBeGreaterThan(300);
    expect(count(all) - count(withoutNine)).toBe(nine.length);
    expect(Object.values(withoutNine).flat()).not.toContain(nine[0]);
  });
});
