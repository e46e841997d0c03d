import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromCanonical, REEF_PARAMETERS } from "./reef-units";
import { formatReadingsCsv, parseCsv, parseReadingsCsv, parseTakenAt, type CsvReading } from "./tank-readings-csv";

/** A plausible reading in any of its parameter's units, at a whole-millisecond time. */
const readingArb: fc.Arbitrary<CsvReading> = fc
  .record({
    info: fc.constantFrom(...REEF_PARAMETERS),
    unitIndex: fc.nat(),
    fraction: fc.double({ min: 0.001, max: 0.999, noNaN: true }),
    at: fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2035, 0, 1) }),
  })
  .map(({ info, unitIndex, fraction, at }) => {
    const unit = info.units[unitIndex % info.units.length]!;
    const canonical = info.plausible.min + fraction * (info.plausible.max - info.plausible.min);
    return {
      takenAt: new Date(at).toISOString(),
      parameter: info.id,
      value: fromCanonical(info.id, canonical, unit),
      unit,
    };
  });

/** No two readings of a parameter at one time (the log's unique key). */
const logArb = fc.uniqueArray(readingArb, {
  selector: (r) => `${r.parameter}@${r.takenAt}`,
  minLength: 1,
  maxLength: 40,
});

describe("tank readings CSV", () => {
  it("an export imports to the same readings, and exports again byte for byte", () => {
    fc.assert(
      fc.property(logArb, (log) => {
        const csv = formatReadingsCsv(log);
        const parsed = parseReadingsCsv(csv);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.layout).toBe("long");
        const back = parsed.readings.map(({ takenAt, parameter, value, unit }) => ({
          takenAt,
          parameter,
          value,
          unit,
        }));
        expect(new Set(back.map((r) => JSON.stringify(r)))).toEqual(new Set(log.map((r) => JSON.stringify(r))));
        expect(formatReadingsCsv(back)).toBe(csv);
      }),
    );
  });

  it("fields with commas, quotes and line breaks survive the parser", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r\n", " ", "é") });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const text = rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\r\n");
        expect(parseCsv(text)).toEqual(rows);
      }),
    );
  });

  it("reads a spreadsheet's wide layout, units in the headers, empty cells skipped", () => {
    const csv = [
      "\ufeffDate,Alkalinity (dKH),Calcium (ppm),Salinity (SG),Temp (F),pH,Notes",
      '11/01/2026,8.1,420,1.026,78.5,8.2,"water change, 10%"',
      "2026-11-02,7.9,,1.0255,,,",
      "",
    ].join("\n");
    const parsed = parseReadingsCsv(csv);
    expect(parsed).toMatchObject({ ok: true, layout: "wide" });
    if (!parsed.ok) return;
    expect(parsed.readings.map((r) => [r.row, r.takenAt, r.parameter, r.value, r.unit])).toEqual([
      [2, "2026-11-01T12:00:00.000Z", "alkalinity", 8.1, "dKH"],
      [2, "2026-11-01T12:00:00.000Z", "calcium", 420, "ppm"],
      [2, "2026-11-01T12:00:00.000Z", "salinity", 1.026, "SG"],
      [2, "2026-11-01T12:00:00.000Z", "temperature", 78.5, "°F"],
      [2, "2026-11-01T12:00:00.000Z", "ph", 8.2, "pH"],
      [3, "2026-11-02T12:00:00.000Z", "alkalinity", 7.9, "dKH"],
      [3, "2026-11-02T12:00:00.000Z", "salinity", 1.0255, "SG"],
    ]);
  });

  it("names every bad row and its reason, and accepts none", () => {
    const csv = [
      "taken_at,parameter,value,unit",
      "2026-11-01T08:00:00Z,alkalinity,8.2,dKH",
      "2026-11-01T08:00:00Z,nitrate,-3,ppm",
      "yesterday,calcium,420,ppm",
      "2026-11-02T08:00:00Z,alkalinity,60,dKH",
      "2026-11-01T08:00:00Z,alkalinity,8.3,dKH",
      "2026-11-02T08:00:00Z,ammonia,0,ppm",
    ].join("\n");
    const parsed = parseReadingsCsv(csv);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.row)).toEqual([3, 4, 5, 6, 7]);
    expect(parsed.errors[0]!.reason).toBe("Nitrate can't be below zero. Check the reading.");
    expect(parsed.errors[3]!.reason).toContain("also on row 2");
  });

  it("refuses a file that is neither layout, or has no readings", () => {
    expect(parseReadingsCsv("a,b,c\n1,2,3\n")).toMatchObject({ ok: false, errors: [{ row: 1 }] });
    expect(parseReadingsCsv("taken_at,parameter,value,unit\r\n")).toMatchObject({ ok: false });
    expect(parseReadingsCsv("Date,Alkalinity\n2026-11-01,8\n")).toMatchObject({ ok: false, errors: [{ row: 1 }] });
  });

  it("reads times as logs write them", () => {
    expect(parseTakenAt("2026-11-29T08:30:00Z")).toBe("2026-11-29T08:30:00.000Z");
    expect(parseTakenAt("2026-11-29T08:30:00.123Z")).toBe("2026-11-29T08:30:00.123Z");
    expect(parseTakenAt("2026-11-29T08:30-05:00")).toBe("2026-11-29T13:30:00.000Z");
    expect(parseTakenAt("2026-11-29 08:30")).toBe("2026-11-29T08:30:00.000Z");
    expect(parseTakenAt("11/29/2026 8:30 PM")).toBe("2026-11-29T20:30:00.000Z");
    expect(parseTakenAt("2026-02-30")).toBeNull();
    expect(parseTakenAt("2026-11-29T25:00Z")).toBeNull();
    expect(parseTakenAt("soon")).toBeNull();
  });
});
