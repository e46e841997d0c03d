import { describe, expect, it } from "vitest";
import { analyseQuestion, clausesOf, saysReef } from "./analyse";

describe("analyseQuestion", () => {
  it("works a question out once: distinct terms, the kind of answer wanted, reef cues", () => {
    const q = analyseQuestion("How long should LPS corals stay in quarantine? My reef tank is at 78F");
    expect(q.terms).toEqual(["durat", "lps", "coral", "stay", "quarantin", "78", "temperatur"]);
    expect(new Set(q.terms).size).toBe(q.terms.length);
    expect(q.asked).toEqual(new Set(q.terms));
    expect(q.intent).toMatchObject({ duration: true, target: false, why: false });
    expect(q.wantsNumber).toBe(true);
    expect(q.saysReef).toBe(true);
  });

  it("reads no reef cue in an everyday question", () => {
    expect(analyseQuestion("best pizza topping").saysReef).toBe(false);
    expect(saysReef("the septic tank smells")).toBe(false);
    expect(saysReef("can i just dump ice in the tank, its 85")).toBe(true);
  });

  it("ranks only the first 500 characters, and keeps the whole for the rules read off it", () => {
    const long = `my tank ${"and so on ".repeat(80)}`;
    const q = analyseQuestion(long);
    expect(q.text).toHaveLength(500);
    expect(q.whole).toBe(long);
  });

  it("splits a message into clauses only when it has more than one", () => {
    expect(clausesOf("what alkalinity should I keep")).toEqual([]);
    expect(clausesOf("came home from work and the tank smells bad, one fish is missing, what do i do first")).toEqual([
      "came home from work and the tank smells bad",
      "one fish is missing",
      "what do i do first",
    ]);
  });
});
