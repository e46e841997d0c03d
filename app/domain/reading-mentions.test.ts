import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { againstTarget, parametersNamed, readingsMentioned } from "./reading-mentions";
import { REEF_TARGETS } from "./reef-targets";
import { toCanonical } from "./reef-units";

describe("readings written into a question", () => {
  it("reads the number and unit a reefer gives, in the log's unit", () => {
    expect(readingsMentioned("my alk is 6.8, what now?")).toEqual([{ parameter: "alkalinity", canonicalValue: 6.8 }]);
    const [meq] = readingsMentioned("alk at 2.5 meq/L and falling");
    expect(meq!.canonicalValue).toBeCloseTo(toCanonical("alkalinity", 2.5, "meq/L"), 10);
    expect(readingsMentioned("temp 82F, no chiller")).toEqual([{ parameter: "temperature", canonicalValue: 82 }]);
    expect(readingsMentioned("tank hit 30 c yesterday, temp 30 c")[0]!.canonicalValue).toBeCloseTo(86, 10);
    const [salt] = readingsMentioned("salinity reads 1.024");
    expect(salt!.parameter).toBe("salinity");
    expect(salt!.canonicalValue).toBeCloseTo(toCanonical("salinity", 1.024, "SG"), 10);
    expect(readingsMentioned("nitrate 0 and po4 0.2, ca 380").map((r) => r.parameter)).toEqual([
      "nitrate",
      "phosphate",
      "calcium",
    ]);
  });

  it("leaves out what is not a reading: units alone, impossible values, other numbers", () => {
    expect(readingsMentioned("dosed 2 mg/l of something in a 40 gallon")).toEqual([]);
    expect(readingsMentioned("alk 60")).toEqual([]);
    expect(readingsMentioned("how do i raise alkalinity")).toEqual([]);
  });

  it("names the parameters a question asks about", () => {
    expect(parametersNamed("what should my nitrate and phosphate be?")).toEqual(["nitrate", "phosphate"]);
    expect(parametersNamed("how often should i feed")).toEqual([]);
  });
});

describe("a reading against the guides' target", () => {
  it("says below, within or above the band, in the guide's unit", () => {
    expect(againstTarget({ parameter: "alkalinity", canonicalValue: 6.8 })).toBe(
      "Your alkalinity, 6.8 dKH, is below the guides' 7–11 dKH target.",
    );
    expect(
      againstTarget({ parameter: "salinity", canonicalValue: toCanonical("salinity", 1.0255, "SG") }, "Nov 27"),
    ).toMatch(/^Your latest salinity \(Nov 27\), 1\.02[56] SG, is within the guides' 1\.025–1\.026 SG target\.$/);
  });

  it("agrees with the band for any value", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 20, noNaN: true }), (dkh) => {
        const { min, max } = REEF_TARGETS.alkalinity.band;
        const said = againstTarget({ parameter: "alkalinity", canonicalValue: dkh });
        expect(said).toContain(dkh < min ? "is below" : dkh > max ? "is above" : "is within");
      }),
    );
  });
});
