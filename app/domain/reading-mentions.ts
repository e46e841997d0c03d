/**
 * A reefer's own numbers beside the guides' targets: readings written into a chat question ("my alk
 * is 6.8, what now?") and the parameters a question names, so the chat can put the customer's
 * latest logged reading next to the target. The names are the parameters of the log
 * (reef-units.ts) as reefers write them, not subjects of the guides.
 */
import { REEF_TARGETS } from "./reef-targets";
import { fromCanonical, unitFor, validateReading, type ReefParameter } from "./reef-units";

const NAMES: Record<ReefParameter, readonly string[]> = {
  alkalinity: ["alkalinity", "alk", "kh", "dkh"],
  calcium: ["calcium", "ca", "cal"],
  magnesium: ["magnesium", "mag", "mg"],
  nitrate: ["nitrates", "nitrate", "no3"],
  phosphate: ["phosphates", "phosphate", "phos", "po4"],
  salinity: ["salinity", "sg", "salt"],
  temperature: ["temperature", "temp", "water temp"],
  ph: ["ph"],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const NAME_OF = new Map(Object.entries(NAMES).flatMap(([p, names]) => names.map((n) => [n, p as ReefParameter])));
const NAME = `(${[...NAME_OF.keys()]
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join("|")})`;
// "alk is 6.8", "alk: 6.8 dkh", "my nitrate is sitting at 0", "temp 82F", "salinity reads 1.024".
const SAID = new RegExp(
  `\\b${NAME}\\b(?:\\s+(?:is|was|at|of|reads?|reading|level|levels|now|around|about|sitting|sits|still|only|=|:))*\\s*[:=]?\\s*(\\d+(?:\\.\\d+)?)\\s*(dkh|meq\\/l|meq|ppm|ppt|sg|°\\s?[fc]|deg[fc]?|degrees|[fc])?\\b`,
  "gi",
);
const NAMED = new RegExp(`\\b${NAME}\\b`, "gi");

export interface MentionedReading {
  parameter: ReefParameter;
  /** In the log's unit for the parameter (reef-units.ts). */
  canonicalValue: number;
}

/** The unit a reefer most likely meant when they gave none: SG below 2, °C below 45. */
function defaultUnit(parameter: ReefParameter, value: number): string {
  if (parameter === "salinity") return value < 2 ? "SG" : "ppt";
  if (parameter === "temperature") return value < 45 ? "°C" : "°F";
  if (parameter === "ph") return "pH";
  return parameter === "alkalinity" ? "dKH" : "ppm";
}

/** Readings written into a question, first mention of each parameter; impossible values are left out. */
export function readingsMentioned(text: string): MentionedReading[] {
  const found = new Map<ReefParameter, MentionedReading>();
  for (const [, name, number, typed] of text.matchAll(SAID)) {
    const parameter = NAME_OF.get(name!.toLowerCase())!;
    if (found.has(parameter)) continue;
    const value = Number(number);
    // "degrees" alone says no scale: the default decides.
    const unit = typed ? unitFor(parameter, typed.replace(/\s+/g, "")) : null;
    const check = validateReading({ parameter, value, unit: unit ?? defaultUnit(parameter, value) });
    if (check.ok) found.set(parameter, { parameter, canonicalValue: check.canonicalValue });
  }
  return [...found.values()];
}

/** The parameters a question names, in the order it names them. */
export function parametersNamed(text: string): ReefParameter[] {
  return [...new Set([...text.matchAll(NAMED)].map((m) => NAME_OF.get(m[1]!.toLowerCase())!))];
}

const shown = (parameter: ReefParameter, value: number) =>
  String(Number(value.toFixed(parameter === "salinity" ? 3 : parameter === "phosphate" ? 3 : 2)));

/** "Your alkalinity, 6.8 dKH, is below the guides' 7–11 dKH target." (`when` names a logged reading's day). */
export function againstTarget(reading: MentionedReading, when?: string): string {
  const { label, unit, band } = REEF_TARGETS[reading.parameter];
  const value = fromCanonical(reading.parameter, reading.canonicalValue, unit);
  const where = value < band.min ? "below" : value > band.max ? "above" : "within";
  const unitText = unit === "pH" ? "" : ` ${unit}`;
  const yours = when ? `Your latest ${label.toLowerCase()} (${when})` : `Your ${label.toLowerCase()}`;
  return (
    `${yours}, ${shown(reading.parameter, value)}${unitText}, is ${where} the guides' ` +
    `${shown(reading.parameter, band.min)}–${shown(reading.parameter, band.max)}${unitText} target.`
  );
}
