import { describe, expect, it } from "vitest";
import { analyseQuestion, clausesOf, questionsOf, saysReef, tokenize } from "./analyse";

describe("analyseQuestion", () => {
  it("works a question out once: distinct terms, the kind of answer wanted, reef cues", () => {
    const q = analyseQuestion("How long should LPS corals stay in quarantine? My reef tank is at 78F");
    expect(q.terms).toEqual(["durat", "lps", "coral", "stay", "quarantin", "78", "temperatur"]);
    expect(new Set(q.terms).size).toBe(q.terms.length);
    expect(q.asked).toEqual(new Set(q.terms));
    expect(q.intent).toMatchObject({ duration: true, target: false, howTo: false });
    expect(q.wantsNumber).toBe(true);
    expect(q.saysReef).toBe(true);
  });

  it("reads no reef cue in an everyday question", () => {
    expect(analyseQuestion("best pizza topping").saysReef).toBe(false);
    expect(saysReef("the septic tank smells")).toBe(false);
    // "Tank" alone says nothing: septic and fuel tanks; the calibrated confidence weighs the rest.
    expect(saysReef("can i just dump ice in the tank, its 85")).toBe(false);
    expect(saysReef("can i just dump ice in my reef, its 85")).toBe(true);
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

  it("reads other units as the guides' own: litres as gallons, meq/L as dKH, temperatures in words as degrees", () => {
    expect(tokenize("a 200 litre tank")).toEqual(["a", "53", "gallons", "tank"]);
    expect(tokenize("my 90L cube")).toEqual(["my", "24", "gallons", "cube"]);
    expect(tokenize("40g nano")).toEqual(["40", "gallons", "nano"]);
    // Grams of something are not gallons.
    expect(tokenize("75g of food")).toEqual(["75", "g", "of", "food"]);
    expect(analyseQuestion("alk is 2.9 meq/L").terms).toEqual(analyseQuestion("alk is 8 dkh").terms);
    expect(analyseQuestion("what temp in centigrade").terms).toEqual(analyseQuestion("what temp in degrees").terms);
  });

  it("marks the words written as everyday English", () => {
    const q = analyseQuestion("is kitchen tap water ok for my axolotl");
    expect(q.everyday.has("kitchen")).toBe(true);
    expect(q.everyday.has("axolotl")).toBe(false);
  });

  it("finds the questions of a message that asks two or three things, and none in one that asks one", () => {
    expect(questionsOf("how long do I cycle a new tank before fish?")).toEqual([]);
    expect(questionsOf("Tank is a 40 gal, 3 months old. Is that actually true??")).toEqual([]);
    expect(questionsOf("what temp should my reef be and how often should i feed my fish?")).toEqual([
      "what temp should my reef be",
      "how often should i feed my fish?",
    ]);
    expect(questionsOf("1) how much chaeto for 40 gal 2) how often do i harvest it")).toEqual([
      "how much chaeto for 40 gal",
      "how often do i harvest it",
    ]);
    expect(questionsOf("My alk is 7. What should it be? Also how do i raise it?")).toEqual([
      "What should it be?",
      "Also how do i raise it?",
    ]);
    // A numbered item is asked, question mark or not; a colon leads into a question.
    expect(questionsOf("1) Chaeto's falling apart into little bits. 2) Is gracilaria worth growing?")).toEqual([
      "Chaeto's falling apart into little bits.",
      "Is gracilaria worth growing?",
    ]);
    expect(
      questionsOf("Weekly jobs: how often should socks be changed and how big should the water change be?"),
    ).toEqual(["how often should socks be changed", "how big should the water change be?"]);
    expect(questionsOf("Do I need a skimmer. Second thing, how often am I meant to test magnesium")).toEqual([
      "Do I need a skimmer.",
      "Second thing, how often am I meant to test magnesium",
    ]);
    expect(questionsOf("a? b? " + "what is this? ".repeat(5))).toHaveLength(3);
    // A question behind a comma, and one asked as a request.
    expect(
      questionsOf("Got a 90 litre nano, what temp should it be at and how much should I feed the clowns?"),
    ).toEqual(["Got a 90 litre nano, what temp should it be at", "how much should I feed the clowns?"]);
    expect(
      questionsOf("Need to know the right salinity for a reef. Also wondering how often i should do water changes."),
    ).toEqual(["Need to know the right salinity for a reef.", "Also wondering how often i should do water changes."]);
    // A relative clause after a comma asks nothing.
    expect(questionsOf("My tank, which is 200 litres, has a sump. The skimmer, when it runs, is loud.")).toEqual([]);
  });
});
