import type { Reading, TargetBand } from "#app/domain/parameter-trends";

/**
 * A month of a real-looking tank's log for the chart tests: ten alkalinity readings drifting down
 * through the bottom of the 8–9.5 dKH target, then a 1.4 dKH fall in twelve hours (a dosing pump
 * that stopped); nitrate that has run to near zero; calcium steady in its band.
 */
export const NOW = "2026-11-29T12:00:00.000Z";

export const ALK_BAND: TargetBand = {
  low: 8,
  high: 9.5,
  source: { title: "Water chemistry", url: "/reef-wisdom/lazy-reefer-guide/water-chemistry" },
};
export const NITRATE_BAND: TargetBand = { low: 2, high: 10 };
export const CALCIUM_BAND: TargetBand = { low: 400, high: 450 };

const alk: [string, number][] = [
  ["2026-10-31T08:30:00.000Z", 8.4],
  ["2026-11-03T08:30:00.000Z", 8.5],
  ["2026-11-06T08:30:00.000Z", 8.3],
  ["2026-11-09T08:30:00.000Z", 8.6],
  ["2026-11-12T08:30:00.000Z", 8.4],
  ["2026-11-15T08:30:00.000Z", 8.2],
  ["2026-11-18T08:30:00.000Z", 8.0],
  ["2026-11-21T08:30:00.000Z", 7.9],
  ["2026-11-26T20:00:00.000Z", 8.6],
  ["2026-11-27T08:00:00.000Z", 7.2],
];

const nitrate: [string, number][] = [
  ["2026-11-01T09:00:00.000Z", 1.5],
  ["2026-11-08T09:00:00.000Z", 0.8],
  ["2026-11-15T09:00:00.000Z", 0.2],
  ["2026-11-22T09:00:00.000Z", 0],
  ["2026-11-28T09:00:00.000Z", 0],
];

const calcium: [string, number][] = [
  ["2026-11-02T09:00:00.000Z", 430],
  ["2026-11-16T09:00:00.000Z", 425],
  ["2026-11-28T09:00:00.000Z", 420],
];

const as = (parameter: string, rows: [string, number][]): Reading[] =>
  rows.map(([takenAt, canonicalValue]) => ({ parameter, canonicalValue, takenAt }));

export const READINGS: Reading[] = [...as("alkalinity", alk), ...as("nitrate", nitrate), ...as("calcium", calcium)];
