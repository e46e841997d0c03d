import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALK_BAND, NITRATE_BAND, NOW, READINGS } from "../../tests/helpers/reef-readings";
import {
  bandPosition,
  chartLayout,
  formatBand,
  isSwing,
  parseWindow,
  readingsInWindow,
  timeTicks,
  trendDirection,
  trendPoints,
  trendSummary,
  valueScale,
} from "./parameter-trends";

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);

describe("the window of readings", () => {
  it("keeps one parameter's readings of the last N days up to now, oldest first", () => {
    const shuffled = [...READINGS].reverse();
    const month = readingsInWindow(shuffled, "alkalinity", 30, NOW);
    expect(month).toHaveLength(10);
    expect(month.map((r) => r.takenAt)).toEqual([...month.map((r) => r.takenAt)].sort());
    expect(readingsInWindow(READINGS, "alkalinity", 7, NOW).map((r) => r.canonicalValue)).toEqual([8.6, 7.2]);
    // A reading after "now" (a clock skewed on the phone) is not drawn into the past.
    const future = { parameter: "alkalinity", canonicalValue: 9, takenAt: "2026-11-30T00:00:00.000Z" };
    expect(readingsInWindow([future], "alkalinity", 30, NOW)).toEqual([]);
  });

  it("is always within the window and never loses a reading inside it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -400 * DAY, max: 10 * DAY }), { maxLength: 40 }),
        fc.constantFrom(30, 90, 365),
        (offsets, days) => {
          const now = at(NOW);
          const readings = offsets.map((o) => ({
            parameter: "calcium",
            canonicalValue: 420,
            takenAt: new Date(now + o).toISOString(),
          }));
          const kept = readingsInWindow(readings, "calcium", days, NOW);
          const inside = offsets.filter((o) => o <= 0 && o > -days * DAY);
          expect(kept).toHaveLength(inside.length);
        },
      ),
    );
  });

  it("reads ?window= as one of 30, 90 or 365, else 30", () => {
    expect(parseWindow("90")).toBe(90);
    expect(parseWindow("365")).toBe(365);
    for (const bad of [null, undefined, "", "7", "90abc", "-30"]) expect(parseWindow(bad)).toBe(30);
  });
});

describe("swings", () => {
  const p = (hours: number, value: number) => ({ time: hours * 3_600_000, value });

  it("flags a move faster than the daily step, taking readings under a day apart as a day", () => {
    expect(isSwing(p(0, 8.6), p(12, 7.2), 1)).toBe(true);
    expect(isSwing(p(0, 8.6), p(1, 8.1), 1)).toBe(false);
    expect(isSwing(p(0, 8.1), p(24, 7.1), 1)).toBe(false);
    expect(isSwing(p(0, 8), p(72, 10.5), 1)).toBe(false);
    expect(isSwing(p(0, 8), p(72, 11.5), 1)).toBe(true);
  });

  it("never flags a change within maxStep × max(days, 1), always flags one beyond it", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 30, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (days, maxStep, share, up) => {
          const allowance = maxStep * Math.max(days, 1);
          const a = { time: 0, value: 50 };
          const within = { time: days * DAY, value: 50 + (up ? 1 : -1) * allowance * share };
          const beyond = { time: days * DAY, value: 50 + (up ? 1 : -1) * allowance * (1.001 + share) };
          expect(isSwing(a, within, maxStep)).toBe(false);
          expect(isSwing(a, beyond, maxStep)).toBe(true);
        },
      ),
    );
  });

  it("marks the one 1.4 dKH fall in the month's alkalinity, on the reading it ends at", () => {
    const points = trendPoints(readingsInWindow(READINGS, "alkalinity", 30, NOW), ALK_BAND, 1);
    const swings = points.filter((pt) => pt.swing);
    expect(swings).toHaveLength(1);
    expect(swings[0]?.takenAt).toBe("2026-11-27T08:00:00.000Z");
    expect(swings[0]?.swing?.change).toBeCloseTo(-1.4);
    // No step given: nothing is flagged.
    expect(trendPoints(readingsInWindow(READINGS, "alkalinity", 30, NOW), ALK_BAND).some((pt) => pt.swing)).toBe(false);
  });
});

describe("the band and the summary", () => {
  it("places a value below, within (edges included) or above the band", () => {
    expect([7.9, 8, 9.5, 9.6].map((v) => bandPosition(v, ALK_BAND))).toEqual(["below", "in", "in", "above"]);
    expect(formatBand("alkalinity", ALK_BAND)).toBe("8–9.5");
    expect(formatBand("phosphate", { low: 0.03, high: 0.1 })).toBe("0.03–0.1");
  });

  it("says the latest value against the band and the latest swing", () => {
    const points = trendPoints(readingsInWindow(READINGS, "alkalinity", 30, NOW), ALK_BAND, 1);
    expect(trendSummary({ parameter: "alkalinity", unit: "dKH", band: ALK_BAND, points, days: 30 })).toBe(
      "Alkalinity 7.2 dKH, below the 8–9.5 target; fell 1.4 dKH in a day on Nov 27.",
    );
    const nitrate = trendPoints(readingsInWindow(READINGS, "nitrate", 30, NOW), NITRATE_BAND);
    expect(trendSummary({ parameter: "nitrate", unit: "ppm", band: NITRATE_BAND, points: nitrate, days: 30 })).toBe(
      "Nitrate 0.0 ppm, below the 2–10 target.",
    );
    expect(trendSummary({ parameter: "ph", unit: "", band: { low: 7.9, high: 8.4 }, points: [], days: 90 })).toBe(
      "No pH readings in the last 90 days.",
    );
  });

  it("calls a month drifting down falling, a flat one steady", () => {
    const alk = trendPoints(readingsInWindow(READINGS, "alkalinity", 30, NOW), ALK_BAND);
    expect(trendDirection(alk, ALK_BAND)).toBe("falling");
    expect(trendDirection([{ time: 0, value: 8.5 }], ALK_BAND)).toBe("steady");
    expect(
      trendDirection(
        [0, 1, 2, 3].map((d) => ({ time: d * DAY, value: 8.5 + (d % 2) * 0.05 })),
        ALK_BAND,
      ),
    ).toBe("steady");
    expect(trendDirection([0, 1, 2].map((d) => ({ time: d * DAY, value: 400 + d * 30 })))).toBe("rising");
  });
});

describe("scales", () => {
  it("always includes every value and the whole band, on round ticks, not below zero for concentrations", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 2000, noNaN: true }), { maxLength: 30 }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        (values, low, width) => {
          const band = { low, high: low + width };
          const scale = valueScale(values, band);
          for (const v of [...values, band.low, band.high]) {
            expect(v).toBeGreaterThanOrEqual(scale.min);
            expect(v).toBeLessThanOrEqual(scale.max);
          }
          expect(scale.min).toBeGreaterThanOrEqual(0);
          expect(scale.ticks[0]).toBe(scale.min);
          expect(scale.ticks[scale.ticks.length - 1]).toBe(scale.max);
          expect(scale.ticks.length).toBeGreaterThanOrEqual(2);
          expect(scale.ticks.length).toBeLessThanOrEqual(12);
        },
      ),
    );
  });

  it("pads the band and keeps near-zero nitrate on an axis from 0", () => {
    expect(valueScale([7.2, 8.6], ALK_BAND)).toEqual({ min: 6, max: 10, ticks: [6, 7, 8, 9, 10] });
    expect(valueScale([0, 0.2, 1.5], NITRATE_BAND).min).toBe(0);
    expect(valueScale([1.025], { low: 1.024, high: 1.026 }).ticks).toEqual([1.023, 1.024, 1.025, 1.026, 1.027]);
  });

  it("dates the x axis weekly over a month, twice a month over 90 days, every other month over a year", () => {
    expect(timeTicks(30, NOW).map((t) => t.label)).toEqual(["Nov 2", "Nov 9", "Nov 16", "Nov 23"]);
    // Sep 1 is a day after the window opens: too near the edge for its label.
    expect(timeTicks(90, NOW).map((t) => t.label)).toEqual(["Sep 15", "Oct 1", "Oct 15", "Nov 1", "Nov 15"]);
    const year = timeTicks(365, NOW).map((t) => t.label);
    expect(year).toEqual(["Jan ’26", "Mar", "May", "Jul", "Sep", "Nov"]);
  });

  it("lays every point inside the plot and the band between its edges", () => {
    const frame = { width: 400, height: 240, left: 40, right: 12, top: 12, bottom: 28 };
    const points = trendPoints(readingsInWindow(READINGS, "alkalinity", 30, NOW), ALK_BAND, 1);
    const layout = chartLayout({ points, band: ALK_BAND, days: 30, now: NOW, frame });
    for (const pt of layout.points) {
      expect(pt.x).toBeGreaterThanOrEqual(frame.left);
      expect(pt.x).toBeLessThanOrEqual(frame.width - frame.right);
      expect(pt.y).toBeGreaterThanOrEqual(frame.top);
      expect(pt.y).toBeLessThanOrEqual(frame.height - frame.bottom);
    }
    // The axis runs 6–10 dKH over the plot's 200 units: 9.5 is 1/8 down, 8 is 1/2 down.
    expect(layout.yTicks.map((t) => t.label)).toEqual(["6", "7", "8", "9", "10"]);
    expect(layout.band).toEqual({ y: 12 + 25, height: 75 });
    expect(layout.swings).toHaveLength(1);
    expect(layout.line.startsWith("M")).toBe(true);
  });

  it("keeps any log's points finite and inside the plot, whatever the values and window", () => {
    const frame = { width: 360, height: 220, left: 34, right: 10, top: 20, bottom: 24 };
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            offset: fc.integer({ min: 0, max: 364 * DAY }),
            value: fc.double({ min: 0, max: 2000, noNaN: true }),
          }),
          { maxLength: 50 },
        ),
        fc.double({ min: 0, max: 1500, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.constantFrom(30, 90, 365),
        (rows, low, width, days) => {
          const band = { low, high: low + width };
          const readings = rows.map((r) => ({
            parameter: "calcium",
            canonicalValue: r.value,
            takenAt: new Date(at(NOW) - r.offset).toISOString(),
          }));
          const points = trendPoints(readingsInWindow(readings, "calcium", days, NOW), band, 25);
          const layout = chartLayout({ points, band, days, now: NOW, frame });
          for (const pt of layout.points) {
            expect(pt.x).toBeGreaterThanOrEqual(frame.left);
            expect(pt.x).toBeLessThanOrEqual(frame.width - frame.right);
            expect(pt.y).toBeGreaterThanOrEqual(frame.top);
            expect(pt.y).toBeLessThanOrEqual(frame.height - frame.bottom);
          }
          expect(Number.isFinite(layout.band.y) && layout.band.height >= 0).toBe(true);
          expect(layout.line).not.toContain("NaN");
        },
      ),
    );
  });
});
