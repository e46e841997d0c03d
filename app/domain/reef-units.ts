/**
 * Reef water parameters, their units and the readings a reef tank can really show (issue 37).
 * Every reading is stored as entered and in its parameter's canonical unit, so charts, targets
 * and calculators compare like with like whatever kit or habit produced the number.
 *
 * Conversions (all exact linear relations except salinity):
 * - Alkalinity: 1 dKH = 17.848 mg/L (ppm) as CaCO3 (the German degree, 10 mg/L CaO, expressed as
 *   CaCO3), and 1 meq/L = 50.04 mg/L as CaCO3 (half the molar mass of CaCO3, 100.087 g/mol).
 *   Hence 1 meq/L = 50.04 / 17.848 ≈ 2.8037 dKH. Source: R. Holmes-Farley, "Chemistry and the
 *   Aquarium: What is Alkalinity?", Advanced Aquarist (2002), which uses the same figures.
 * - Temperature: °C = (°F − 32) × 5/9.
 * - Salinity: canonical in ppt (practical salinity, ≈ g/kg). Specific gravity is the density of
 *   the sample over that of pure water, both at 25 °C (the "25/25" scale hobby refractometers and
 *   hydrometers are calibrated to), from the UNESCO 1981 one-atmosphere equation of state of
 *   seawater (EOS-80, Millero & Poisson 1981). 35 ppt ↔ SG 1.0264, as Holmes-Farley's tables give.
 *   ppt is canonical because it is the quantity itself: SG depends on the temperature it is
 *   referred to, and ppt is what the equation of state (and any dose rule) is written in.
 */

export type ReefParameter =
  "alkalinity" | "calcium" | "magnesium" | "nitrate" | "phosphate" | "salinity" | "temperature" | "ph";

export interface ReefParameterInfo {
  readonly id: ReefParameter;
  readonly label: string;
  readonly canonicalUnit: string;
  readonly units: readonly string[];
  /** What a reef tank can show, in the canonical unit; a reading outside is refused. */
  readonly plausible: { readonly min: number; readonly max: number };
}

export const REEF_PARAMETERS: readonly ReefParameterInfo[] = [
  {
    id: "alkalinity",
    label: "Alkalinity",
    canonicalUnit: "dKH",
    units: ["dKH", "meq/L", "ppm"],
    plausible: { min: 0, max: 20 },
  },
  { id: "calcium", label: "Calcium", canonicalUnit: "ppm", units: ["ppm"], plausible: { min: 0, max: 1000 } },
  { id: "magnesium", label: "Magnesium", canonicalUnit: "ppm", units: ["ppm"], plausible: { min: 0, max: 3000 } },
  { id: "nitrate", label: "Nitrate", canonicalUnit: "ppm", units: ["ppm"], plausible: { min: 0, max: 200 } },
  { id: "phosphate", label: "Phosphate", canonicalUnit: "ppm", units: ["ppm"], plausible: { min: 0, max: 10 } },
  { id: "salinity", label: "Salinity", canonicalUnit: "ppt", units: ["ppt", "SG"], plausible: { min: 0, max: 50 } },
  {
    id: "temperature",
    label: "Temperature",
    canonicalUnit: "°F",
    units: ["°F", "°C"],
    plausible: { min: 32, max: 104 },
  },
  { id: "ph", label: "pH", canonicalUnit: "pH", units: ["pH"], plausible: { min: 6, max: 10 } },
];

const BY_ID = new Map(REEF_PARAMETERS.map((p) => [p.id, p]));

export function isReefParameter(value: unknown): value is ReefParameter {
  return typeof value === "string" && BY_ID.has(value as ReefParameter);
}

export function parameterInfo(parameter: ReefParameter): ReefParameterInfo {
  return BY_ID.get(parameter)!;
}

const PPM_PER_DKH = 17.848;
const PPM_PER_MEQ = 50.04;

/** Pure water's density (kg/m³) at t °C, and seawater's at salinity s, t °C, 1 atm (EOS-80). */
function pureWaterDensity(t: number): number {
  return (
    999.842594 +
    6.793952e-2 * t -
    9.09529e-3 * t ** 2 +
    1.001685e-4 * t ** 3 -
    1.120083e-6 * t ** 4 +
    6.536332e-9 * t ** 5
  );
}
const T_REF = 25;
const RHO_W = pureWaterDensity(T_REF);
const A = 8.24493e-1 - 4.0899e-3 * T_REF + 7.6438e-5 * T_REF ** 2 - 8.2467e-7 * T_REF ** 3 + 5.3875e-9 * T_REF ** 4;
const B = -5.72466e-3 + 1.0227e-4 * T_REF - 1.6546e-6 * T_REF ** 2;
const C = 4.8314e-4;

/** SG (25/25) of seawater of salinity s ppt; below 0 it continues the slope at 0, so it stays monotonic. */
function specificGravity(s: number): number {
  if (s <= 0) return 1 + (A * s) / RHO_W;
  return (RHO_W + A * s + B * s ** 1.5 + C * s * s) / RHO_W;
}

/** The salinity whose SG is `sg` (Newton's method on a smooth, increasing curve). */
function salinityFromSg(sg: number): number {
  if (!Number.isFinite(sg)) return Number.NaN;
  if (sg <= 1) return ((sg - 1) * RHO_W) / A;
  let s = ((sg - 1) * RHO_W) / A;
  for (let i = 0; i < 50; i++) {
    const f = specificGravity(s) - sg;
    const slope = (A + 1.5 * B * Math.sqrt(s) + 2 * C * s) / RHO_W;
    const next = Math.max(s - f / slope, 0);
    if (Math.abs(next - s) <= 1e-13 * Math.max(1, s)) return next;
    s = next;
  }
  return s;
}

function unknownUnit(parameter: ReefParameter, unit: string): never {
  throw new RangeError(`${parameterInfo(parameter).label} is not measured in "${unit}".`);
}

/** A value in `unit` expressed in the parameter's canonical unit. Throws RangeError for a unit the parameter has not. */
export function toCanonical(parameter: ReefParameter, value: number, unit: string): number {
  const info = parameterInfo(parameter);
  if (!info.units.includes(unit)) unknownUnit(parameter, unit);
  if (unit === info.canonicalUnit) return value;
  switch (unit) {
    case "meq/L":
      return (value * PPM_PER_MEQ) / PPM_PER_DKH;
    case "ppm": // alkalinity as CaCO3 (the only parameter with ppm beside a canonical unit)
      return value / PPM_PER_DKH;
    case "SG":
      return salinityFromSg(value);
    case "°C":
      return (value * 9) / 5 + 32;
    default:
      return unknownUnit(parameter, unit);
  }
}

/** A canonical value expressed in `unit`: the inverse of toCanonical. */
export function fromCanonical(parameter: ReefParameter, value: number, unit: string): number {
  const info = parameterInfo(parameter);
  if (!info.units.includes(unit)) unknownUnit(parameter, unit);
  if (unit === info.canonicalUnit) return value;
  switch (unit) {
    case "meq/L":
      return (value * PPM_PER_DKH) / PPM_PER_MEQ;
    case "ppm":
      return value * PPM_PER_DKH;
    case "SG":
      return specificGravity(value);
    case "°C":
      return ((value - 32) * 5) / 9;
    default:
      return unknownUnit(parameter, unit);
  }
}

/** Ways people write units (spreadsheet headers, kits), to the unit strings above. */
const UNIT_ALIASES: Record<string, string> = {
  dkh: "dKH",
  kh: "dKH",
  "°dkh": "dKH",
  "meq/l": "meq/L",
  meq: "meq/L",
  ppm: "ppm",
  "mg/l": "ppm",
  ppt: "ppt",
  psu: "ppt",
  "g/l": "ppt",
  sg: "SG",
  "°f": "°F",
  f: "°F",
  degf: "°F",
  "°c": "°C",
  c: "°C",
  degc: "°C",
  ph: "pH",
};

/** The unit string a parameter accepts for what someone typed ("dkh", "F", "mg/L"), or null. */
export function unitFor(parameter: ReefParameter, typed: string): string | null {
  const unit = UNIT_ALIASES[typed.trim().toLowerCase()] ?? typed.trim();
  return parameterInfo(parameter).units.includes(unit) ? unit : null;
}

export type VolumeUnit = "gal" | "L";

/** The US gallon is defined as 231 cubic inches: exactly 3.785411784 litres. */
const LITRES_PER_GALLON = 3.785411784;

export function litresFrom(volume: number, unit: VolumeUnit): number {
  return unit === "L" ? volume : volume * LITRES_PER_GALLON;
}

export function gallonsFrom(volume: number, unit: VolumeUnit): number {
  return unit === "gal" ? volume : volume / LITRES_PER_GALLON;
}

export type ReadingCheck =
  | { ok: true; parameter: ReefParameter; canonicalValue: number }
  | { ok: false; field: "parameter" | "value" | "unit"; reason: string };

/** Numbers in messages as people write them: at most four decimals, no trailing zeros. */
function shown(value: number): string {
  return String(Number(value.toFixed(4)));
}

/**
 * A reading as a reefer enters it, checked: a known parameter, one of its units, a number, and a
 * value a reef tank can have. The reason is a sentence to show next to the field.
 */
export function validateReading(input: { parameter: unknown; value: unknown; unit: unknown }): ReadingCheck {
  if (!isReefParameter(input.parameter))
    return { ok: false, field: "parameter", reason: "Choose what you measured, like alkalinity or nitrate." };
  const info = parameterInfo(input.parameter);
  const unit = typeof input.unit === "string" ? unitFor(info.id, input.unit) : null;
  if (!unit) return { ok: false, field: "unit", reason: `${info.label} is logged in ${info.units.join(" or ")}.` };
  const value =
    typeof input.value === "number"
      ? input.value
      : typeof input.value === "string" && input.value.trim() !== ""
        ? Number(input.value.trim())
        : Number.NaN;
  if (!Number.isFinite(value)) return { ok: false, field: "value", reason: "Enter the reading as a number, like 8.2." };
  const canonical = toCanonical(info.id, value, unit);
  const { min, max } = info.plausible;
  if (value < 0 && min === 0)
    return { ok: false, field: "value", reason: `${info.label} can't be below zero. Check the reading.` };
  if (!(canonical >= min && canonical <= max)) {
    const range = `${shown(fromCanonical(info.id, min, unit))}–${shown(fromCanonical(info.id, max, unit))} ${unit}`;
    return {
      ok: false,
      field: "value",
      reason: `${info.label} of ${shown(value)} ${unit} isn't possible in a reef tank: readings fall within ${range}. Check the number and the unit.`,
    };
  }
  return { ok: true, parameter: info.id, canonicalValue: canonical };
}

export type AlkalinityUnit = "dKH" | "meq/L" | "ppm";

/** dKH per unit: 1 meq/L = 2.8 dKH (the guide's figure); 1 dKH = 17.848 ppm as CaCO3. */
const DKH_PER: Record<AlkalinityUnit, number> = { dKH: 1, "meq/L": 2.8, ppm: 1 / 17.848 };

export function alkalinityToDkh(value: number, unit: AlkalinityUnit): number {
  return value * DKH_PER[unit];
}
