import { describe, expect, it } from "vitest";
import { createSpeller } from "./spelling.server";

const guideWords = new Map(
  Object.entries({ tank: 400, quarantine: 60, calcium: 90, phos: 3, flashlight: 2, sifting: 1, chaeto: 80 }),
);
const speller = createSpeller(guideWords, new Set(["should", "before", "what"]), new Set(["vermetid"]));

describe("reef-wisdom spelling correction", () => {
  it("reads one slip, a swap of neighbouring letters, or two slips in a long word as the guides' word", () => {
    expect(speller.respell("my tnak is leaking")).toBe("my tank is leaking");
    expect(speller.respell("what do i need for a quarentine setup")).toBe("what do i need for a quarantine setup");
    expect(speller.respell("calcuim is 520")).toBe("calcium is 520");
    expect(speller.respell("inspecting with a flashligt")).toBe("inspecting with a flashlight");
    expect(speller.respell("a sand siftng star")).toBe("a sand sifting star");
  });

  it("reads a misspelt function word as that word, so it stops counting as an unmatched topic", () => {
    expect(speller.respell("what ph sould a reef tank be")).toBe("what ph should a reef tank be");
  });

  it("leaves English words, known off-topic words and short words alone", () => {
    // "gecko" and "betta" are English (SCOWL), so no reef word is forced on them.
    expect(speller.respell("gecko betta koi")).toBe("gecko betta koi");
    expect(speller.respell("how to get rid of vermetid snails")).toBe("how to get rid of vermetid snails");
    expect(speller.respell("is ich bad")).toBe("is ich bad");
  });

  it("allows two slips only between long words, and nothing beyond the budget", () => {
    // "pothos" is two slips from "phos", which is too short to take two.
    expect(speller.respell("propagate pothos cuttings")).toBe("propagate pothos cuttings");
    expect(speller.respell("netflix")).toBe("netflix");
  });

  it("keeps a word cut by an apostrophe and the question's capitals", () => {
    expect(speller.respell("Shouldn't my Tnak")).toBe("Shouldn't my tank");
  });
});
