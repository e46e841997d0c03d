import { describe, expect, it } from "vitest";
import { loadWisdomSectionsFromFiles } from "../../../bench/wisdom/load-sections";
import { analyze } from "./analyse";
import { createSectionClassifier } from "./classifier";
import { createRetriever } from "./retriever";

const doc = (...asks: string[]) => asks.map((ask) => ({ terms: analyze(ask), weight: 1 }));

describe("section classifier (naive Bayes, round 9)", () => {
  const classifier = createSectionClassifier([
    doc("how do i get rid of aiptasia", "glass anemones spreading on my rock"),
    doc("what alkalinity should i keep", "alk keeps dropping every day"),
    doc("how long should my lights be on", "photoperiod for a mixed reef"),
  ]);

  it("puts the section asked about in those words first, and its posteriors sum to one", () => {
    const p = classifier.posteriors(analyze("aiptasia all over my rock"));
    expect(p[0]).toBeGreaterThan(0.9);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it("pools words asked in different questions of one section", () => {
    // "alk" from one ask and "day" from another: no single earlier question has both.
    const p = classifier.posteriors(analyze("alk drops a bit each day"));
    expect(p.indexOf(Math.max(...p))).toBe(1);
  });

  it("says nothing (all zero) when no word is known", () => {
    expect([...classifier.posteriors(analyze("who won the world cup"))]).toEqual([0, 0, 0]);
  });
});

describe("reef evidence said by the question (round 9)", () => {
  const sections = loadWisdomSectionsFromFiles(new URL("../../content", import.meta.url).pathname);
  const retriever = createRetriever(sections);

  it.each([
    // A reef word the best passage doesn't say ("dendro"): the question still says it is about reef keeping.
    "thinking about a dendro, how hard are they to keep fed",
  ])("counts %j as about reef keeping", (question) => {
    const f = retriever.features(question);
    expect(f?.saysReef).toBe(1);
  });

  it.each(["how big should the septic tank be for a 3 bedroom house", "how long does a propane tank last on a grill"])(
    "does not count another trade's tank: %j",
    (question) => {
      expect(retriever.features(question)?.saysReef ?? 0).toBe(0);
      expect(retriever.answer(question).grounded).toBe(false);
    },
  );
});
