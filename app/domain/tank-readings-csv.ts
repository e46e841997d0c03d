import { isReefParameter, REEF_PARAMETERS, unitFor, validateReading, type ReefParameter } from "./reef-units";

/**
 * A tank's readings as CSV (docs/tank-readings-csv.md): written in the "long" layout
 * `taken_at,parameter,value,unit`, read in that layout or the "wide" one spreadsheets use (a date
 * column and a column per parameter, its unit in the header). Reading checks every row and
 * answers every bad one, so an import is all or nothing.
 */

export const CSV_HEADER = ["taken_at", "parameter", "value", "unit"] as const;
/** The largest CSV one import may send (the API's and the page's upload). */
export const MAX_CSV_BYTES = 1024 * 1024;
/** Readings one import may carry (a daily log of every parameter for three years is ~9,000). */
export const MAX_IMPORT_READINGS = 10_000;

export interface CsvReading {
  takenAt: string;
  parameter: ReefParameter;
  value: number;
  unit: string;
}

export interface ParsedReading extends CsvReading {
  /** The spreadsheet row it came from (the header is row 1). */
  row: number;
  canonicalValue: number;
}

export type CsvImport =
  | { ok: true; layout: "long" | "wide"; readings: ParsedReading[] }
  | { ok: false; errors: Array<{ row: number; reason: string }> };

/** RFC 4180 fields: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a spreadsheet's byte-order mark
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The long layout, oldest first, one line per reading, CRLF as RFC 4180 asks. */
export function formatReadingsCsv(readings: readonly CsvReading[]): string {
  const sorted = [...readings].sort(
    (a, b) => a.takenAt.localeCompare(b.takenAt) || a.parameter.localeCompare(b.parameter),
  );
  const lines = [CSV_HEADER.join(",")];
  for (const r of sorted) lines.push([r.takenAt, r.parameter, String(r.value), r.unit].map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?$/i;

/**
 * A time as written in a log: ISO-8601 (a date, or a date and time with or without an offset) or
 * a US spreadsheet's "11/29/2026 8:30 AM". Without an offset it is read as UTC, as the shop shows
 * times; a date alone is taken at noon UTC, so no time zone moves it to another day.
 */
export function parseTakenAt(text: string): string | null {
  const s = text.trim();
  let y: number,
    mo: number,
    d: number,
    h = 12,
    mi = 0,
    sec = 0,
    ms = 0,
    offsetMin = 0;
  const iso = ISO.exec(s);
  const us = iso ? null : US.exec(s);
  if (iso) {
    [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    if (iso[4] !== undefined) {
      [h, mi, sec] = [Number(iso[4]), Number(iso[5]), Number(iso[6] ?? 0)];
      ms = iso[7] ? Math.floor(Number(iso[7]) * 1000) : 0;
      const off = iso[8];
      if (off && off.toUpperCase() !== "Z") {
        const digits = off.replace(":", "");
        offsetMin = (digits[0] === "-" ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
      }
    }
  } else if (us) {
    [mo, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
    if (us[4] !== undefined) {
      [h, mi, sec] = [Number(us[4]), Number(us[5]), Number(us[6] ?? 0)];
      const half = us[7]?.toUpperCase();
      if (half && (h < 1 || h > 12)) return null;
      if (half === "PM" && h < 12) h += 12;
      if (half === "AM" && h === 12) h = 0;
    }
  } else return null;
  if (h > 23 || mi > 59 || sec > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi, sec, ms);
  const check = new Date(Date.UTC(y, mo - 1, d));
  // Date.UTC rolls 2026-02-30 over to March: such a date was never on a calendar.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc - offsetMin * 60_000).toISOString();
}

/** "Alkalinity (dKH)", "alk dkh", "Temp °F", "Salinity [SG]" → the parameter and its unit. */
const HEADER_NAMES: Record<string, ReefParameter> = {
  alk: "alkalinity",
  kh: "alkalinity",
  dkh: "alkalinity",
  ca: "calcium",
  mg: "magnesium",
  no3: "nitrate",
  po4: "phosphate",
  sal: "salinity",
  temp: "temperature",
};

function wideColumn(header: string): { parameter: ReefParameter; unit: string } | { error: string } | null {
  const m = /^\s*([A-Za-z0-9 ]*?)\s*(?:[([]\s*([^)\]]*?)\s*[)\]]|\s+(\S+))?\s*$/.exec(header);
  if (!m) return null;
  const name = m[1]!.trim().toLowerCase();
  const parameter = isReefParameter(name) ? name : HEADER_NAMES[name];
  if (!parameter) return null;
  const info = REEF_PARAMETERS.find((p) => p.id === parameter)!;
  const typed = m[2] ?? m[3];
  if (typed === undefined)
    return info.units.length === 1
      ? { parameter, unit: info.units[0]! }
      : { error: `The column "${header}" needs its unit in the header, like "${info.label} (${info.units[0]})".` };
  const unit = unitFor(parameter, typed);
  return unit
    ? { parameter, unit }
    : { error: `The column "${header}": ${info.label} is logged in ${info.units.join(" or ")}.` };
}

const DATE_HEADERS = new Set(["date", "time", "datetime", "date/time", "taken at", "taken_at", "timestamp"]);

/** Reads an export of this shop (long layout) or a spreadsheet (wide layout); every bad row is named. */
export function parseReadingsCsv(text: string): CsvImport {
  const rows = parseCsv(text);
  const header = (rows[0] ?? []).map((h) => h.trim());
  const lower = header.map((h) => h.toLowerCase());
  const errors: Array<{ row: number; reason: string }> = [];
  const readings: ParsedReading[] = [];
  const seen = new Map<string, number>();

  const add = (row: number, takenAtText: string, parameter: unknown, valueText: string, unitText: string) => {
    const takenAt = parseTakenAt(takenAtText);
    if (!takenAt)
      return void errors.push({ row, reason: `"${takenAtText}" is not a date and time (use 2026-11-29T08:30:00Z).` });
    const check = validateReading({ parameter, value: valueText, unit: unitText });
    if (!check.ok) return void errors.push({ row, reason: check.reason });
    const key = `${check.parameter}@${takenAt}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      return void errors.push({
        row,
        reason: `The ${check.parameter} reading at ${takenAt} is also on row ${earlier}.`,
      });
    seen.set(key, row);
    readings.push({
      row,
      takenAt,
      parameter: check.parameter,
      value: Number(valueText.trim()),
      unit: unitFor(check.parameter, unitText)!,
      canonicalValue: check.canonicalValue,
    });
  };
  const blank = (cells: string[]) => cells.every((c) => c.trim() === "");

  let layout: "long" | "wide";
  if (CSV_HEADER.every((h) => lower.includes(h))) {
    layout = "long";
    const [t, p, v, u] = CSV_HEADER.map((h) => lower.indexOf(h)) as [number, number, number, number];
    rows.slice(1).forEach((cells, i) => {
      if (blank(cells)) return;
      add(i + 2, cells[t] ?? "", (cells[p] ?? "").trim().toLowerCase(), cells[v] ?? "", cells[u] ?? "");
    });
  } else if (DATE_HEADERS.has(lower[0] ?? "")) {
    layout = "wide";
    const columns = header.slice(1).map(wideColumn);
    const problems = columns.flatMap((c) => (c && "error" in c ? [c.error] : []));
    if (problems.length > 0) return { ok: false, errors: problems.map((reason) => ({ row: 1, reason })) };
    if (!columns.some((c) => c !== null))
      return { ok: false, errors: [{ row: 1, reason: 'No column names a parameter, like "Alkalinity (dKH)".' }] };
    rows.slice(1).forEach((cells, i) => {
      if (blank(cells)) return;
      columns.forEach((c, j) => {
        const cell = (cells[j + 1] ?? "").trim();
        if (c && !("error" in c) && cell !== "") add(i + 2, cells[0] ?? "", c.parameter, cell, c.unit);
      });
    });
  } else {
    return {
      ok: false,
      errors: [
        {
          row: 1,
          reason:
            "The first line must be taken_at,parameter,value,unit (or a date column and one column per parameter).",
        },
      ],
    };
  }
  if (errors.length === 0 && readings.length === 0)
    return { ok: false, errors: [{ row: 2, reason: "The file has no readings." }] };
  if (readings.length > MAX_IMPORT_READINGS)
    return {
      ok: false,
      errors: [
        { row: 1, reason: `One file may hold at most ${MAX_IMPORT_READINGS.toLocaleString("en-US")} readings.` },
      ],
    };
  return errors.length > 0 ? { ok: false, errors } : { ok: true, layout, readings };
}
