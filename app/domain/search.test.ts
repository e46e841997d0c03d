import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  analyze,
  createSearchIndex,
  editDistance,
  MAX_QUERY_CHARS,
  normalizeQuery,
  planQuery,
  snippet,
  typoBudget,
} from "./search";

describe("normalizeQuery", () => {
  it("trims, collapses whitespace and folds compatibility forms", () => {
    expect(normalizeQuery("  live\t\nchaeto  ")).toBe("live chaeto");
    expect(normalizeQuery("ｃｈａｅｔｏ")).toBe("chaeto");
    expect(normalizeQuery(null)).toBe("");
    expect(normalizeQuery("   ")).toBe("");
  });

  it("drops NUL, zero-width and bidi control characters", () => {
    expect(normalizeQuery("cha\u0000eto")).toBe("cha eto");
    expect(normalizeQuery("\u202Echaeto\u200B")).toBe("chaeto");
    expect(normalizeQuery("\uD800phosphate")).toBe("phosphate");
  });

  it(`caps the query at ${MAX_QUERY_CHARS} characters without splitting an emoji`, () => {
    expect(normalizeQuery("a".repeat(10_000))).toHaveLength(MAX_QUERY_CHARS);
    const emoji = normalizeQuery("🐠".repeat(200));
    expect(Array.from(emoji)).toHaveLength(MAX_QUERY_CHARS);
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("always returns a short, well-formed string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 2000 }), (raw) => {
        const q = normalizeQuery(raw);
        expect(Array.from(q).length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
        expect(q).not.toMatch(/\p{C}/u);
        expect(q).toBe(q.trim());
      }),
    );
  });
});

describe("analyze", () => {
  it("drops stop words, folds accents and plurals, keeps short reef words", () => {
    expect(analyze("How to grow Chaeto?")).toEqual(["grow", "chaeto"]);
    expect(analyze("Phosphates & corals")).toEqual(["phosphate", "coral"]);
    expect(analyze("glass fungus oasis")).toEqual(["glass", "fungus", "oasis"]);
    expect(analyze("Crème ich pH don't")).toEqual(["creme", "ich", "ph", "dont"]);
  });
});

describe("editDistance", () => {
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("cheato", "chaeto")).toBe(1);
    expect(editDistance("chaeto", "chaeto")).toBe(0);
    expect(editDistance("phospate", "phosphate")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("gives up past the limit", () => {
    expect(editDistance("chaeto", "refractometer", 2)).toBe(3);
    expect(editDistance("abcdef", "uvwxyz", 2)).toBe(3);
  });

  it("is symmetric and zero only for equal words", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b) === 0).toBe(a === b);
      }),
    );
  });
});

describe("typo correction", () => {
  const vocabulary = new Map([
    ["chaeto", 30],
    ["create", 2],
    ["phosphate", 8],
    ["refractometer", 3],
    ["ich", 4],
    ["reef", 50],
    ["chaete", 1],
  ]);

  it("allows no typo under four letters, one up to five, two from six", () => {
    expect([typoBudget("ich"), typoBudget("reef"), typoBudget("coral"), typoBudget("cheato")]).toEqual([0, 1, 1, 2]);
  });

  it("corrects an unknown word to the nearest known one and says what it searched", () => {
    expect(planQuery("cheato", vocabulary)).toEqual({ terms: ["chaeto"], correctedQuery: "chaeto" });
    expect(planQuery("Phospate in my reef", vocabulary)).toEqual({
      terms: ["phosphate", "reef"],
      correctedQuery: "phosphate in my reef",
    });
    expect(planQuery("refractomter", vocabulary).terms).toEqual(["refractometer"]);
  });

  it("prefers the more common word when two are as near", () => {
    // One edit from both "chaeto" (30 documents) and "chaete" (1).
    expect(planQuery("chaeta", vocabulary).terms).toEqual(["chaeto"]);
    expect(planQuery("creato", vocabulary).terms).toEqual(["create"]);
  });

  it("leaves known words, word starts and hopeless words alone", () => {
    expect(planQuery("chaeto phos", vocabulary)).toEqual({ terms: ["chaeto", "phos"], correctedQuery: null });
    expect(planQuery("ick", vocabulary)).toEqual({ terms: ["ick"], correctedQuery: null });
    expect(planQuery("xylophone", vocabulary)).toEqual({ terms: ["xylophone"], correctedQuery: null });
    expect(planQuery("how to", vocabulary)).toEqual({ terms: [], correctedQuery: null });
  });

  it("searches another name of a word as the one the shop writes", () => {
    const variants = new Map([
      ["ick", ["ich", "cryptocaryon"]],
      ["ich", ["ick", "cryptocaryon"]],
    ]);
    expect(planQuery("ick", vocabulary, variants)).toEqual({ terms: ["ich"], correctedQuery: "ich" });
    expect(planQuery("ich", vocabulary, variants)).toEqual({ terms: ["ich"], correctedQuery: null });
  });

  it("splits two known words written as one", () => {
    const shop = new Map([...vocabulary, ["coral", 20], ["food", 12], ["care", 9], ["foo", 1]]);
    expect(planQuery("coralfood", shop)).toEqual({ terms: ["coral", "food"], correctedQuery: "coral food" });
    expect(planQuery("reefcare", shop)).toEqual({ terms: ["reef", "care"], correctedQuery: "reef care" });
    expect(planQuery("coralfoods", shop).terms).toEqual(["coral", "food"]);
  });

  it("does not correct a word to one that starts with another letter", () => {
    const shop = new Map([...vocabulary, ["lift", 2], ["card", 2], ["gilt", 1]]);
    expect(planQuery("gift card", new Map([...vocabulary, ["lift", 2], ["card", 2]]))).toEqual({
      terms: ["gift", "card"],
      correctedQuery: null,
    });
    expect(planQuery("gift", shop).terms).toEqual(["gilt"]);
  });
});

describe("createSearchIndex", () => {
  const index = createSearchIndex(
    [
      { id: "chaeto", fields: { title: "Premium Chaeto", text: "Removes nitrates and phosphates from your reef." } },
      { id: "food", fields: { title: "Coral Food", text: "Feeds corals. Pairs well with chaeto." } },
      { id: "rodi", fields: { title: "RODI water", text: "Use a refractometer to check salinity." } },
    ],
    { title: 3, text: 1 },
  );
  const ids = (q: string) => index.search(analyze(q)).map((r) => r.id);

  it("ranks a title match above a mention and matches plurals and word starts", () => {
    expect(ids("chaeto")).toEqual(["chaeto", "food"]);
    expect(ids("phosphate")).toEqual(["chaeto"]);
    expect(ids("phos")).toEqual(["chaeto"]);
    expect(ids("corals")).toEqual(["food"]);
  });

  it("wants every word, and falls back to any word when nothing has them all", () => {
    expect(ids("chaeto coral")).toEqual(["food"]);
    expect(ids("refractometer chaeto")).toHaveLength(3);
    expect(ids("")).toEqual([]);
  });

  it("knows its vocabulary with document counts", () => {
    expect(index.vocabulary.get("chaeto")).toBe(2);
    expect(index.vocabulary.get("refractometer")).toBe(1);
  });
});

describe("snippet", () => {
  const text =
    "Chaeto grows best under a strong light. It needs nitrate and phosphate to grow, so never let them bottom " +
    "out. Turn the ball every week so that every side sees the light, and harvest a third when it fills the chamber.";
  const joined = (parts: ReturnType<typeof snippet>) => parts.map((p) => p.text).join("");

  it("cuts whole words around the first match and marks every matched word", () => {
    const parts = snippet(text, ["phosphate"], 80);
    expect(joined(parts).startsWith("…")).toBe(true);
    expect(joined(parts).endsWith("…")).toBe(true);
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(["phosphate"]);
    expect(joined(parts).length).toBeLessThanOrEqual(82);
    expect(text).toContain(joined(parts).replace(/^…|…$/g, ""));
  });

  it("marks word starts too and begins at the start without a match", () => {
    expect(
      snippet(text, ["grow"], 300)
        .filter((p) => p.hit)
        .map((p) => p.text),
    ).toEqual(["grows", "grow"]);
    expect(joined(snippet(text, ["zzz"], 40))).toBe("Chaeto grows best under a strong light.…");
  });
});
