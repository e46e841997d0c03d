import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { alkalinityToDkh, gallonsFrom, litresFrom } from "./reef-units";

describe("reef units the calculators use", () => {
  it("converts a US gallon exactly", () => {
    expect(litresFrom(75, "gal")).toBeCloseTo(283.9058838, 7);
    expect(gallonsFrom(3.785411784, "L")).toBe(1);
    expect(litresFrom(40, "L")).toBe(40);
  });

  it("round-trips volumes between gallons and litres", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (v) => {
        expect(gallonsFrom(litresFrom(v, "gal"), "L")).toBeCloseTo(v, 6);
        expect(litresFrom(gallonsFrom(v, "L"), "gal")).toBeCloseTo(v, 6);
      }),
    );
  });

  it("reads alkalinity in dKH, meq/L and ppm as CaCO3", () => {
    expect(alkalinityToDkh(8, "dKH")).toBe(8);
    expect(alkalinityToDkh(2.5, "meq/L")).toBe(7);
    expect(alkalinityToDkh(17.848, "ppm")).toBeCloseTo(1, 12);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 30, noNaN: true }), (dkh) => {
        expect(alkalinityToDkh(dkh / 2.8, "meq/L")).toBeCloseTo(dkh, 9);
        expect(alkalinityToDkh(dkh * 17.848, "ppm")).toBeCloseTo(dkh, 9);
      }),
    );
  });
});
