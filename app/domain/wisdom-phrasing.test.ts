import { describe, expect, it } from "vitest";
import { checkPhrasedAnswer, quantitiesIn, type PhrasingPassage } from "./wisdom-phrasing";

const PASSAGES: PhrasingPassage[] = [
  {
    id: 1,
    text: "Parameters: Keep salinity at 1.025–1.026 SG, alkalinity 8–9 dKH and temperature 76–78 °F. Change 10 % of the water weekly.",
  },
  { id: 2, text: "Cycling: With bottled bacteria a new tank cycles in 1–3 weeks; from dry rock allow 4-8 weeks." },
  { id: 3, text: "Top-off: An auto top-off holding 1,000 ml covers about 3 days of evaporation on a 40 gallon tank." },
];

describe("checkPhrasedAnswer", () => {
  it("accepts an answer whose citations and figures all come from the passages it cites", () => {
    expect(
      checkPhrasedAnswer("Aim for 1.025 to 1.026 SG and 8-9 dKH, at 76–78°F [1]. Change 10% weekly [1].", PASSAGES),
    ).toEqual({ ok: true, cited: [1] });
    expect(
      checkPhrasedAnswer("Bottled bacteria cycle a tank in 1–3 weeks [2]; 1,000 ml lasts 3 days [3].", PASSAGES),
    ).toEqual({ ok: true, cited: [2, 3] });
    expect(checkPhrasedAnswer("Allow four to eight weeks from dry rock [1, 2].", PASSAGES)).toEqual({
      ok: true,
      cited: [1, 2],
    });
  });

  it("rejects a citation of a passage it was not given", () => {
    expect(checkPhrasedAnswer("Keep salinity at 1.025 SG [1][4].", PASSAGES)).toEqual({
      ok: false,
      reason: "unknown-citation",
      detail: "[4]",
    });
    expect(checkPhrasedAnswer("Keep salinity at 1.025 SG [0].", PASSAGES).ok).toBe(false);
  });

  it("rejects an answer that cites nothing, or says nothing", () => {
    expect(checkPhrasedAnswer("Keep salinity at 1.025 SG.", PASSAGES)).toEqual({ ok: false, reason: "no-citation" });
    expect(checkPhrasedAnswer("Keep salinity at 1.025 SG [see the guide].", PASSAGES).ok).toBe(false);
    expect(checkPhrasedAnswer("  \n ", PASSAGES)).toEqual({ ok: false, reason: "empty" });
  });

  it("rejects a figure the passages don't give: a changed decimal, an invented dose, a range end", () => {
    expect(checkPhrasedAnswer("Keep salinity at 1.024 SG [1].", PASSAGES)).toMatchObject({
      ok: false,
      reason: "unsupported-number",
      detail: "1.024",
    });
    expect(checkPhrasedAnswer("Dose 5 ml a day [3].", PASSAGES)).toMatchObject({ detail: "5 ml" });
    expect(checkPhrasedAnswer("Keep it at 76–80°F [1].", PASSAGES)).toMatchObject({ detail: "80°F" });
    expect(checkPhrasedAnswer("Keep pH at 8.3 [1].", PASSAGES)).toMatchObject({ detail: "8.3" });
    expect(checkPhrasedAnswer("Change twenty percent weekly [1].", PASSAGES)).toMatchObject({ detail: "twenty" });
  });

  it("rejects a figure found only in a passage it does not cite", () => {
    // 3 weeks is in passage 2; the answer cites passage 1 only.
    expect(checkPhrasedAnswer("A tank cycles in 1–3 weeks [1].", PASSAGES)).toMatchObject({
      ok: false,
      reason: "unsupported-number",
    });
  });

  it("rejects a figure given the wrong unit, or converted", () => {
    expect(checkPhrasedAnswer("Keep it at 76–78 °C [1].", PASSAGES)).toMatchObject({ detail: "78 °C" });
    expect(checkPhrasedAnswer("Keep it near 25 °C [1].", PASSAGES)).toMatchObject({ detail: "25 °C" });
    expect(checkPhrasedAnswer("Cycling takes 1–3 days [2].", PASSAGES)).toMatchObject({ detail: "3 days" });
  });

  it("reads the ids of citations as ids, not as figures", () => {
    const many = [...PASSAGES, { id: 12, text: "Lights: run them for a while." }];
    expect(checkPhrasedAnswer("Run the lights for a while [12].", many)).toEqual({ ok: true, cited: [12] });
  });
});

describe("quantitiesIn", () => {
  it("reads decimals, thousands, ranges and units", () => {
    expect(quantitiesIn("1,000 ml, 1.025 SG, .5 ppm, 25 %, 78°F and 8.1-8.4").map((q) => [q.value, q.unit])).toEqual([
      [1000, "ml"],
      [1.025, null],
      [0.5, "ppm"],
      [25, "%"],
      [78, "f"],
      [8.1, null],
      [8.4, null],
    ]);
  });
});
