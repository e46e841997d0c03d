import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fromCanonical,
  gallonsFrom,
  litresFrom,
  REEF_PARAMETERS,
  toCanonical,
  unitFor,
  validateReading,
} from "./reef-units";

const close = (a: number, b: number, rel = 1e-9) => Math.abs(a - b) <= rel * Math.max(1, Math.abs(a), Math.abs(b));

/** Every (parameter, unit) pair with a value drawn from the parameter's plausible range. */
const reading = fc
  .constantFrom(...REEF_PARAMETERS.flatMap((p) => p.units.map((unit) => ({ p, unit }))))
  .chain(({ p, unit }) =>
    fc
      .double({ min: p.plausible.min, max: p.plausible.max, noNaN: true })
      .map((canonical) => ({ parameter: p.id, unit, canonical })),
  );

describe("reef units", () => {
  it("known conversions: dKH, meq/L and ppm as CaCO3; °F and °C; SG at 25 °C", () => {
    expect(toCanonical("alkalinity", 17.848, "ppm")).toBeCloseTo(1, 12);
    expect(toCanonical("alkalinity", 1, "meq/L")).toBeCloseTo(50.04 / 17.848, 12);
    expect(fromCanonical("alkalinity", 2.8, "meq/L")).toBeCloseTo(0.99866, 4);
    expect(toCanonical("temperature", 25, "°C")).toBeCloseTo(77, 12);
    expect(fromCanonical("temperature", 212, "°C")).toBeCloseTo(100, 12);
    // Holmes-Farley's table: 35 ppt is SG 1.0264 at 25 °C.
    expect(fromCanonical("salinity", 35, "SG")).toBeCloseTo(1.0264, 4);
    expect(toCanonical("salinity", 1.0264, "SG")).toBeCloseTo(35, 1);
    expect(toCanonical("salinity", 1, "SG")).toBe(0);
    expect(toCanonical("calcium", 420, "ppm")).toBe(420);
  });

  it("every unit round-trips through the canonical unit", () => {
    fc.assert(
      fc.property(reading, ({ parameter, unit, canonical }) => {
        const entered = fromCanonical(parameter, canonical, unit);
        expect(close(toCanonical(parameter, entered, unit), canonical)).toBe(true);
        expect(close(fromCanonical(parameter, toCanonical(parameter, entered, unit), unit), entered)).toBe(true);
      }),
    );
  });

  it("conversions keep the order of readings (a higher reading never shows lower)", () => {
    fc.assert(
      fc.property(reading, reading, (a, b) => {
        fc.pre(a.parameter === b.parameter && a.unit === b.unit && a.canonical < b.canonical);
        expect(fromCanonical(a.parameter, a.canonical, a.unit)).toBeLessThanOrEqual(
          fromCanonical(b.parameter, b.canonical, b.unit),
        );
      }),
    );
  });

  it("every plausible reading in any unit is accepted, with its canonical value", () => {
    fc.assert(
      fc.property(reading, ({ parameter, unit, canonical }) => {
        const info = REEF_PARAMETERS.find((p) => p.id === parameter)!;
        // Just inside the range, so rounding at the edges does not decide.
        const inside = Math.min(Math.max(canonical, info.plausible.min + 1e-6), info.plausible.max - 1e-6);
        const check = validateReading({ parameter, value: fromCanonical(parameter, inside, unit), unit });
        expect(check.ok).toBe(true);
        if (check.ok) expect(close(check.canonicalValue, inside)).toBe(true);
      }),
    );
  });

  it("volumes: the US gallon is exactly 3.785411784 L, and both ways round-trip", () => {
    expect(litresFrom(1, "gal")).toBe(3.785411784);
    expect(litresFrom(75, "gal")).toBeCloseTo(283.9058838, 7);
    expect(gallonsFrom(3.785411784, "L")).toBe(1);
    expect(litresFrom(40, "L")).toBe(40);
    expect(gallonsFrom(75, "gal")).toBe(75);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e5, noNaN: true }), (v) => {
        expect(close(gallonsFrom(litresFrom(v, "gal"), "L"), v)).toBe(true);
        expect(close(litresFrom(gallonsFrom(v, "L"), "gal"), v)).toBe(true);
      }),
    );
  });

  it("refuses impossible readings with the field and a sentence", () => {
    expect(validateReading({ parameter: "nitrate", value: -1, unit: "ppm" })).toEqual({
      ok: false,
      field: "value",
      reason: "Nitrate can't be below zero. Check the reading.",
    });
    const alk = validateReading({ parameter: "alkalinity", value: 60, unit: "dKH" });
    expect(alk).toMatchObject({ ok: false, field: "value" });
    if (!alk.ok)
      expect(alk.reason).toBe(
        "Alkalinity of 60 dKH isn't possible in a reef tank: readings fall within 0–20 dKH. Check the number and the unit.",
      );
    expect(validateReading({ parameter: "salinity", value: 1.5, unit: "SG" })).toMatchObject({
      ok: false,
      field: "value",
    });
    expect(validateReading({ parameter: "salinity", value: 0.99, unit: "SG" })).toMatchObject({
      ok: false,
      field: "value",
    });
    expect(validateReading({ parameter: "temperature", value: 150, unit: "°F" })).toMatchObject({
      ok: false,
      field: "value",
    });
    expect(validateReading({ parameter: "temperature", value: -5, unit: "°C" })).toMatchObject({
      ok: false,
      field: "value",
    });
    expect(validateReading({ parameter: "ph", value: 14, unit: "pH" })).toMatchObject({ ok: false, field: "value" });
    expect(validateReading({ parameter: "ph", value: "eight", unit: "pH" })).toMatchObject({
      ok: false,
      field: "value",
    });
    expect(validateReading({ parameter: "calcium", value: 420, unit: "dKH" })).toMatchObject({
      ok: false,
      field: "unit",
    });
    expect(validateReading({ parameter: "ammonia", value: 0, unit: "ppm" })).toMatchObject({
      ok: false,
      field: "parameter",
    });
    expect(validateReading({ parameter: "alkalinity", value: "8.2", unit: "dkh" })).toEqual({
      ok: true,
      parameter: "alkalinity",
      canonicalValue: 8.2,
    });
    expect(validateReading({ parameter: "salinity", value: 1.026, unit: "SG" })).toMatchObject({ ok: true });
  });

  it("reads units the way people write them", () => {
    expect(unitFor("temperature", "F")).toBe("°F");
    expect(unitFor("alkalinity", "meq/l")).toBe("meq/L");
    expect(unitFor("nitrate", "mg/L")).toBe("ppm");
    expect(unitFor("nitrate", "dKH")).toBeNull();
  });
});
