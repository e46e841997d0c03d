import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ADDITIVE_IDS,
  ADDITIVES,
  coralFoodRunOut,
  type Dose,
  type DoseInput,
  doseToRaise,
  refugiumLightHours,
  saltForWaterChange,
} from "./reef-calculators";
import { REEF_TARGETS } from "./reef-targets";
import { litresFrom } from "./reef-units";

const dose = (input: Partial<DoseInput>): Dose => {
  const outcome = doseToRaise({
    parameter: "alkalinity",
    from: 7.2,
    to: 8.5,
    unit: "dKH",
    volume: 75,
    volumeUnit: "gal",
    additive: "baking-soda",
    ...input,
  });
  if (outcome.kind !== "ok") throw new Error(JSON.stringify(outcome.fields));
  return outcome.value;
};

const refused = (input: Partial<DoseInput>) => {
  const outcome = doseToRaise({
    parameter: "alkalinity",
    from: 7.2,
    to: 8.5,
    unit: "dKH",
    volume: 75,
    volumeUnit: "gal",
    additive: "baking-soda",
    ...input,
  });
  return outcome.kind === "refused" ? outcome.fields : null;
};

describe("doseToRaise: worked by hand", () => {
  it("raises alk 7.2 → 8.5 dKH in 75 US gallons with 11.1 g of baking soda over two days", () => {
    // 75 gal × 3.785411784 = 283.906 L; 283.906 × 1.3 dKH × 30.0 mg = 11,072 mg.
    // Day 1: 283.906 × 1 × 30.0 = 8,517 mg → 8.5 g; day 2 the remaining 0.3 dKH: 11.1 − 8.5 = 2.6 g.
    const result = dose({});
    expect(result.totalGrams).toBe(11.1);
    expect(result.days).toEqual([
      { day: 1, grams: 8.5, raise: 1 },
      { day: 2, grams: 2.6, raise: 0.3 },
    ]);
    expect(result.maxStepPerDay).toBe(1);
    expect(result.unit).toBe("dKH");
    expect(result.litres).toBe(283.9);
    expect(result.source.url).toBe(
      "/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery#dosing-to-raise-alkalinity-calcium-and-magnesium",
    );
  });

  it("uses 18.9 mg/L per dKH for soda ash", () => {
    // 100 L × 2 dKH × 18.9 mg = 3,780 mg, one dKH (1.89 g) a day.
    expect(dose({ from: 7, to: 9, volume: 100, volumeUnit: "L", additive: "soda-ash" }).days).toEqual([
      { day: 1, grams: 1.9, raise: 1 },
      { day: 2, grams: 1.9, raise: 1 },
    ]);
  });

  it("uses 3.67 mg/L per ppm of calcium chloride, 50 ppm a day", () => {
    // 200 L × 90 ppm × 3.67 mg = 66,060 mg: 36.7 g for the first 50 ppm, 29.4 g for the last 40.
    const result = dose({
      parameter: "calcium",
      from: 360,
      to: 450,
      unit: "ppm",
      volume: 200,
      volumeUnit: "L",
      additive: "calcium-chloride",
    });
    expect(result.totalGrams).toBe(66.1);
    expect(result.days.map((d) => d.grams)).toEqual([36.7, 29.4]);
    expect(result.days.map((d) => d.raise)).toEqual([50, 40]);
  });

  it("uses 8.36 mg/L per ppm of magnesium chloride, 100 ppm a day", () => {
    // 100 L × 150 ppm × 8.36 mg = 125,400 mg.
    const result = dose({
      parameter: "magnesium",
      from: 1200,
      to: 1350,
      unit: "ppm",
      volume: 100,
      volumeUnit: "L",
      additive: "magnesium-chloride",
    });
    expect(result.totalGrams).toBe(125.4);
    expect(result.days.map((d) => d.grams)).toEqual([83.6, 41.8]);
  });

  it("takes meq/L and ppm readings for alkalinity", () => {
    // 2.5 meq/L = 7 dKH, 3 meq/L = 8.4 dKH: 1.4 dKH × 100 L × 30 mg = 4.2 g.
    expect(dose({ from: 2.5, to: 3, unit: "meq/L", volume: 100, volumeUnit: "L" }).totalGrams).toBe(4.2);
    // 17.848 ppm = 1 dKH.
    expect(dose({ from: 7 * 17.848, to: 8 * 17.848, unit: "ppm", volume: 100, volumeUnit: "L" }).totalGrams).toBe(3);
  });
});

describe("doseToRaise refuses impossible input, naming the field", () => {
  it.each([
    [{ additive: "calcium-chloride" as const }, "additive"],
    [{ additive: "nope" as never }, "additive"],
    [{ additive: "constructor" as never }, "additive"],
    [{ volume: -5 }, "volume"],
    [{ volume: 0 }, "volume"],
    [{ volume: Number.NaN }, "volume"],
    [{ volume: 20_000 }, "volume"],
    [{ from: 25 }, "from"],
    [{ from: -1 }, "from"],
    [{ to: 14 }, "to"],
    [{ parameter: "calcium" as const, unit: "dKH" as const, additive: "calcium-chloride" as const }, "unit"],
  ])("%o → %s", (input, field) => {
    const fields = refused(input);
    expect(fields).not.toBeNull();
    expect(Object.keys(fields!)).toContain(field);
  });
});

const volumeUnit = fc.constantFrom("gal" as const, "L" as const);
const alkInput = fc.record({
  from: fc.double({ min: 0, max: 11, noNaN: true }),
  // Below the band's 11 dKH top, so the dKH → meq/L → dKH round trip cannot land above it.
  to: fc.double({ min: 0, max: 10.99, noNaN: true }),
  volume: fc.double({ min: 1, max: 2000, noNaN: true }),
  volumeUnit,
  additive: fc.constantFrom("baking-soda" as const, "soda-ash" as const),
});
const anyInput = fc.oneof(
  alkInput.map((i) => ({ ...i, parameter: "alkalinity" as const, unit: "dKH" as const })),
  fc
    .record({
      from: fc.double({ min: 0, max: 450, noNaN: true }),
      to: fc.double({ min: 0, max: 450, noNaN: true }),
      volume: fc.double({ min: 1, max: 2000, noNaN: true }),
      volumeUnit,
    })
    .map((i) => ({ ...i, parameter: "calcium" as const, unit: "ppm" as const, additive: "calcium-chloride" as const })),
  fc
    .record({
      from: fc.double({ min: 0, max: 1400, noNaN: true }),
      to: fc.double({ min: 0, max: 1400, noNaN: true }),
      volume: fc.double({ min: 1, max: 2000, noNaN: true }),
      volumeUnit,
      additive: fc.constantFrom("magnesium-chloride" as const, "epsom-salt" as const),
    })
    .map((i) => ({ ...i, parameter: "magnesium" as const, unit: "ppm" as const })),
);

describe("doseToRaise properties", () => {
  it("never raises more than the guide's safe step in a day, and the days add up", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = dose(input);
        const step = REEF_TARGETS[input.parameter].step!.perDay;
        const stepGrams =
          (litresFrom(input.volume, input.volumeUnit) * step * ADDITIVES[input.additive].mgPerLitrePerUnit) / 1000;
        for (const day of result.days) {
          expect(day.raise).toBeLessThanOrEqual(step + 1e-9);
          // Each day is a difference of totals rounded to 0.1 g, so it may differ by one tenth.
          expect(day.grams).toBeLessThanOrEqual(stepGrams + 0.1 + 1e-9);
        }
        const tenths = result.days.reduce((sum, d) => sum + Math.round(d.grams * 10), 0);
        expect(tenths / 10).toBe(result.totalGrams);
        expect(result.days.map((d) => d.day)).toEqual(result.days.map((_, i) => i + 1));
        // As few days as the step allows: all but the last are full steps.
        for (const day of result.days.slice(0, -1)) expect(day.raise).toBeCloseTo(step, 9);
      }),
    );
  });

  it("gives no dose when the reading is already at or above the target", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        fc.pre(input.from >= input.to);
        const result = dose(input);
        expect(result.totalGrams).toBe(0);
        expect(result.days).toEqual([]);
      }),
    );
  });

  it("scales linearly with volume", () => {
    fc.assert(
      fc.property(alkInput, fc.integer({ min: 2, max: 5 }), (input, k) => {
        const one = dose({ ...input, volumeUnit: "L" });
        const many = dose({ ...input, volumeUnit: "L", volume: input.volume * k });
        const exact =
          (input.volume * Math.max(0, input.to - input.from) * ADDITIVES[input.additive].mgPerLitrePerUnit) / 1000;
        expect(Math.abs(one.totalGrams - exact)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Math.abs(many.totalGrams - k * exact)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(many.days.length).toBe(one.days.length);
      }),
    );
  });

  it("gives the same dose for the same tank in gallons or litres, and for dKH or meq/L", () => {
    fc.assert(
      fc.property(alkInput, (input) => {
        const inGallons = dose({ ...input, volumeUnit: "gal" });
        const inLitres = dose({ ...input, volumeUnit: "L", volume: litresFrom(input.volume, "gal") });
        expect(inLitres.totalGrams).toBe(inGallons.totalGrams);
        const inMeq = dose({ ...input, volumeUnit: "gal", unit: "meq/L", from: input.from / 2.8, to: input.to / 2.8 });
        expect(Math.abs(inMeq.totalGrams - inGallons.totalGrams)).toBeLessThanOrEqual(0.1);
      }),
    );
  });
});

describe("saltForWaterChange", () => {
  it("uses 36 g per litre at 35 ppt", () => {
    const outcome = saltForWaterChange({ volume: 20, volumeUnit: "L" });
    expect(outcome).toMatchObject({ kind: "ok", value: { grams: 720, targetPpt: 35, ruleOfThumb: true } });
    // 5 US gal = 18.927 L × 36 = 681 g; at 33 ppt 33/35 of that.
    expect(saltForWaterChange({ volume: 5, volumeUnit: "gal" })).toMatchObject({ value: { grams: 681 } });
    expect(saltForWaterChange({ volume: 5, volumeUnit: "gal", targetSalinity: 33 })).toMatchObject({
      value: { grams: 642 },
    });
  });

  it("refuses a volume or salinity no reefer mixes", () => {
    expect(saltForWaterChange({ volume: -1, volumeUnit: "gal" })).toMatchObject({
      kind: "refused",
      fields: { volume: expect.any(String) },
    });
    expect(saltForWaterChange({ volume: 5, volumeUnit: "gal", targetSalinity: 1.026 })).toMatchObject({
      kind: "refused",
      fields: { targetSalinity: expect.any(String) },
    });
  });

  it("scales with volume in either unit", () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1000, noNaN: true }), (gallons) => {
        const a = saltForWaterChange({ volume: gallons, volumeUnit: "gal" });
        const b = saltForWaterChange({ volume: litresFrom(gallons, "gal"), volumeUnit: "L" });
        expect(a.kind === "ok" && b.kind === "ok" && a.value.grams === b.value.grams).toBe(true);
      }),
    );
  });
});

describe("refugiumLightHours", () => {
  it.each([
    [0, 8],
    [1.9, 8],
    [2, 12],
    [10, 12],
    [10.1, 18],
    [40, 18],
  ])("nitrate %s ppm → %s hours", (nitratePpm, hours) => {
    expect(refugiumLightHours({ nitratePpm })).toMatchObject({ kind: "ok", value: { hours, ruleOfThumb: true } });
  });

  it("refuses a negative or impossible reading", () => {
    for (const nitratePpm of [-1, Number.NaN, 500])
      expect(refugiumLightHours({ nitratePpm })).toMatchObject({
        kind: "refused",
        fields: { nitratePpm: expect.any(String) },
      });
  });

  it("never gives less light for more nitrate", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const h = (n: number) => {
            const o = refugiumLightHours({ nitratePpm: n });
            return o.kind === "ok" ? o.value.hours : Number.NaN;
          };
          expect(h(lo)).toBeLessThanOrEqual(h(hi));
        },
      ),
    );
  });
});

describe("coralFoodRunOut", () => {
  const openedOn = new Date("2026-11-01T12:00:00Z");

  it("predicts the empty day from the label dose, the tank and the feedings", () => {
    // 75 gal at 5 ml per 100 gal = 3.75 ml a feeding; 100 ml = 26 feedings; 3 a week = 8.7 weeks = 60 days.
    const outcome = coralFoodRunOut({
      bottleMl: 100,
      dosePerFeedingMlPer100Gal: 5,
      feedsPerWeek: 3,
      volume: 75,
      volumeUnit: "gal",
      openedOn,
    });
    expect(outcome).toEqual({
      kind: "ok",
      value: { mlPerFeeding: 3.75, feedings: 26, weeks: 8.7, emptyOn: new Date("2026-12-31T12:00:00Z") },
    });
  });

  it("refuses impossible input, naming the field", () => {
    const outcome = coralFoodRunOut({
      bottleMl: 0,
      dosePerFeedingMlPer100Gal: -1,
      feedsPerWeek: 100,
      volume: 75,
      volumeUnit: "gal",
      openedOn: new Date("nope"),
    });
    expect(outcome.kind === "refused" && Object.keys(outcome.fields).sort()).toEqual([
      "bottleMl",
      "dosePerFeedingMlPer100Gal",
      "feedsPerWeek",
      "openedOn",
    ]);
  });

  it("a bigger tank or more feedings never makes the bottle last longer", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 500, noNaN: true }),
        fc.double({ min: 10, max: 500, noNaN: true }),
        fc.integer({ min: 1, max: 7 }),
        (v1, v2, feeds) => {
          const run = (volume: number) => {
            const o = coralFoodRunOut({
              bottleMl: 250,
              dosePerFeedingMlPer100Gal: 5,
              feedsPerWeek: feeds,
              volume,
              volumeUnit: "gal",
              openedOn,
            });
            return o.kind === "ok" ? o.value.emptyOn.getTime() : Number.NaN;
          };
          const [small, big] = v1 <= v2 ? [v1, v2] : [v2, v1];
          expect(run(big)).toBeLessThanOrEqual(run(small));
        },
      ),
    );
  });
});

it("every additive raises a parameter that has a safe step", () => {
  for (const id of ADDITIVE_IDS) expect(REEF_TARGETS[ADDITIVES[id].raises].step).toBeDefined();
});
