import { DOSING_SOURCE, REEF_TARGETS, REFUGIUM_LIGHT_SOURCE, SALT_SOURCE, type GuideSource } from "./reef-targets";
import { type AlkalinityUnit, alkalinityToDkh, gallonsFrom, litresFrom, type VolumeUnit } from "./reef-units";

/**
 * The reef calculators (decision 047): the water-chemistry guide's own figures turned into grams,
 * days and dates. Pure; impossible input is refused with a reason per field, never thrown, so the
 * API answers 400 and the page shows the reason next to the field.
 */
export type Calculated<T> = { kind: "ok"; value: T } | { kind: "refused"; fields: Record<string, string> };

export type DoseParameter = "alkalinity" | "calcium" | "magnesium";
export const DOSE_PARAMETERS: readonly DoseParameter[] = ["alkalinity", "calcium", "magnesium"];
export type DoseUnit = AlkalinityUnit;

interface Additive {
  label: string;
  raises: DoseParameter;
  /** Milligrams per litre of tank water that raise the parameter by one canonical unit (dKH or ppm). */
  mgPerLitrePerUnit: number;
}

/** The guide's table ("Dosing to raise alkalinity, calcium and magnesium"); the test holds them to it. */
export const ADDITIVES = {
  "baking-soda": { label: "Baking soda (sodium bicarbonate)", raises: "alkalinity", mgPerLitrePerUnit: 30.0 },
  "soda-ash": { label: "Soda ash (sodium carbonate)", raises: "alkalinity", mgPerLitrePerUnit: 18.9 },
  "calcium-chloride": { label: "Calcium chloride dihydrate", raises: "calcium", mgPerLitrePerUnit: 3.67 },
  "magnesium-chloride": { label: "Magnesium chloride hexahydrate", raises: "magnesium", mgPerLitrePerUnit: 8.36 },
  "epsom-salt": { label: "Epsom salt (magnesium sulfate heptahydrate)", raises: "magnesium", mgPerLitrePerUnit: 10.14 },
} as const satisfies Record<string, Additive>;
export type AdditiveId = keyof typeof ADDITIVES;
export const ADDITIVE_IDS = Object.keys(ADDITIVES) as AdditiveId[];

/** Units each parameter may be entered in; the first is the canonical one the guide uses. */
export const DOSE_UNITS: Record<DoseParameter, readonly DoseUnit[]> = {
  alkalinity: ["dKH", "meq/L", "ppm"],
  calcium: ["ppm"],
  magnesium: ["ppm"],
};

/** Readings no test kit gives a living reef (canonical units): beyond them the input is a typo. */
const PLAUSIBLE: Record<DoseParameter, { max: number }> = {
  alkalinity: { max: 20 },
  calcium: { max: 700 },
  magnesium: { max: 2000 },
};

/** About 10,500 US gallons: a bigger number is a typo for a home reef. */
const MAX_LITRES = 40_000;

export interface DoseInput {
  parameter: DoseParameter;
  from: number;
  to: number;
  unit: DoseUnit;
  volume: number;
  volumeUnit: VolumeUnit;
  additive: AdditiveId;
}

export interface Dose {
  parameter: DoseParameter;
  additive: AdditiveId;
  /** The canonical unit of from, to, raise and maxStepPerDay ("dKH" or "ppm"). */
  unit: string;
  from: number;
  to: number;
  litres: number;
  /** Grams to one decimal (a kitchen scale's resolution); the days add up to exactly this. */
  totalGrams: number;
  days: { day: number; grams: number; raise: number }[];
  maxStepPerDay: number;
  source: GuideSource;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function toCanonical(parameter: DoseParameter, value: number, unit: DoseUnit): number {
  return parameter === "alkalinity" ? alkalinityToDkh(value, unit) : value;
}

function checkVolume(volume: number, volumeUnit: VolumeUnit, fields: Record<string, string>): number {
  const litres = litresFrom(volume, volumeUnit);
  if (!Number.isFinite(volume) || volume <= 0) fields.volume = "Enter the tank's water volume, more than 0.";
  else if (litres > MAX_LITRES)
    fields.volume = `That is more than ${volumeUnit === "gal" ? "10,500 gallons" : "40,000 litres"}; check the volume.`;
  return litres;
}

/**
 * How much of an additive takes a tank from one reading to a target, spread over days so that no
 * day raises more than the guide's safe step: full steps first, the remainder on the last day.
 * Each day's grams are the difference of the rounded running totals, so the days sum to the total.
 */
export function doseToRaise(input: DoseInput): Calculated<Dose> {
  const fields: Record<string, string> = {};
  const { parameter, additive, unit } = input;
  const target = REEF_TARGETS[parameter];
  const chemical: Additive | undefined = Object.hasOwn(ADDITIVES, additive) ? ADDITIVES[additive] : undefined;
  if (!chemical) fields.additive = "Choose an additive from the list.";
  else if (chemical.raises !== parameter)
    fields.additive = `${chemical.label} raises ${chemical.raises}, not ${parameter}.`;
  const unitOk = DOSE_UNITS[parameter].includes(unit);
  if (!unitOk) fields.unit = `${target.label} is entered in ${DOSE_UNITS[parameter].join(", ")}.`;
  const litres = checkVolume(input.volume, input.volumeUnit, fields);
  const from = toCanonical(parameter, input.from, unit);
  const to = toCanonical(parameter, input.to, unit);
  const max = PLAUSIBLE[parameter].max;
  const canonical = target.unit;
  if (unitOk) {
    if (!Number.isFinite(from) || from < 0) fields.from = "Enter the reading, 0 or more.";
    else if (from > max) fields.from = `No reef reads above ${max} ${canonical}; check the reading.`;
    if (!Number.isFinite(to) || to < 0) fields.to = "Enter the target, 0 or more.";
    else if (to > target.band.max)
      fields.to = `The guide's target tops out at ${target.band.max} ${canonical}; don't dose above it.`;
  }
  if (Object.keys(fields).length > 0 || !chemical) return { kind: "refused", fields };

  const step = target.step!.perDay;
  const base = {
    parameter,
    additive,
    unit: canonical,
    from: round(from, 3),
    to: round(to, 3),
    litres: round(litres, 1),
  };
  const common = { maxStepPerDay: step, source: DOSING_SOURCE };
  const delta = to - from;
  if (delta <= 0) return { kind: "ok", value: { ...base, totalGrams: 0, days: [], ...common } };

  // The epsilon keeps 2.0000000000000004 steps from becoming a third day.
  const dayCount = Math.max(1, Math.ceil(delta / step - 1e-9));
  const tenths = (raise: number) => Math.round((litres * raise * chemical.mgPerLitrePerUnit) / 100);
  const days: Dose["days"] = [];
  let before = 0;
  for (let day = 1; day <= dayCount; day++) {
    const raisedBy = day === dayCount ? delta : day * step;
    const after = tenths(raisedBy);
    days.push({ day, grams: (after - before) / 10, raise: round(raisedBy - Math.min((day - 1) * step, delta), 3) });
    before = after;
  }
  return { kind: "ok", value: { ...base, totalGrams: before / 10, days, ...common } };
}

/** The guide's rule of thumb: about 36 g of salt per litre of finished water at 35 ppt. */
export const SALT_GRAMS_PER_LITRE_AT_35_PPT = 36;

export interface SaltInput {
  volume: number;
  volumeUnit: VolumeUnit;
  /** ppt; the guide's 35 ppt (1.026 SG) when left out. */
  targetSalinity?: number;
}

export interface SaltAmount {
  litres: number;
  targetPpt: number;
  /** Whole grams: it is a rule of thumb, finished with the refractometer. */
  grams: number;
  ruleOfThumb: true;
  source: GuideSource;
}

export function saltForWaterChange(input: SaltInput): Calculated<SaltAmount> {
  const fields: Record<string, string> = {};
  const litres = checkVolume(input.volume, input.volumeUnit, fields);
  const ppt = input.targetSalinity ?? 35;
  if (!Number.isFinite(ppt) || ppt < 25 || ppt > 40)
    fields.targetSalinity = "Enter a reef salinity in ppt, between 25 and 40 (the guide's is 35).";
  if (Object.keys(fields).length > 0) return { kind: "refused", fields };
  const grams = Math.round(litres * SALT_GRAMS_PER_LITRE_AT_35_PPT * (ppt / 35));
  return {
    kind: "ok",
    value: { litres: round(litres, 1), targetPpt: ppt, grams, ruleOfThumb: true, source: SALT_SOURCE },
  };
}

/** The guide's table "Refugium light hours and nitrate": [upper nitrate bound (exclusive), hours]. */
export const REFUGIUM_LIGHT_HOURS = { belowTwo: 8, twoToTen: 12, aboveTen: 18 } as const;

export function refugiumLightHours(input: {
  nitratePpm: number;
}): Calculated<{ hours: number; ruleOfThumb: true; source: GuideSource }> {
  const n = input.nitratePpm;
  if (!Number.isFinite(n) || n < 0)
    return { kind: "refused", fields: { nitratePpm: "Enter a nitrate reading, 0 or more." } };
  if (n > 200)
    return { kind: "refused", fields: { nitratePpm: "No reef reads above 200 ppm nitrate; check the reading." } };
  const hours =
    n < 2 ? REFUGIUM_LIGHT_HOURS.belowTwo : n <= 10 ? REFUGIUM_LIGHT_HOURS.twoToTen : REFUGIUM_LIGHT_HOURS.aboveTen;
  return { kind: "ok", value: { hours, ruleOfThumb: true, source: REFUGIUM_LIGHT_SOURCE } };
}

export interface CoralFoodInput {
  bottleMl: number;
  /** The label's dose, in ml per feeding per 100 US gallons. */
  dosePerFeedingMlPer100Gal: number;
  feedsPerWeek: number;
  volume: number;
  volumeUnit: VolumeUnit;
  openedOn: Date;
}

export interface CoralFoodRunOut {
  mlPerFeeding: number;
  /** Whole feedings the bottle holds. */
  feedings: number;
  /** Weeks it lasts, to one decimal; say "≈ N weeks" with the rounded figure. */
  weeks: number;
  /** The day the next feeding finds the bottle empty (UTC). */
  emptyOn: Date;
}

const DAY_MS = 86_400_000;

/** When a bottle of coral food runs out: label dose scaled to the tank, times feedings a week. */
export function coralFoodRunOut(input: CoralFoodInput): Calculated<CoralFoodRunOut> {
  const fields: Record<string, string> = {};
  const positive = (name: keyof CoralFoodInput, value: number, max: number, what: string) => {
    if (!Number.isFinite(value) || value <= 0) fields[name] = `Enter ${what}, more than 0.`;
    else if (value > max) fields[name] = `Enter ${what}, at most ${max}.`;
  };
  positive("bottleMl", input.bottleMl, 5000, "the bottle size in ml");
  positive("dosePerFeedingMlPer100Gal", input.dosePerFeedingMlPer100Gal, 100, "the label dose in ml per 100 gallons");
  positive("feedsPerWeek", input.feedsPerWeek, 21, "the feedings a week");
  checkVolume(input.volume, input.volumeUnit, fields);
  if (!(input.openedOn instanceof Date) || Number.isNaN(input.openedOn.getTime()))
    fields.openedOn = "Enter the day the bottle was opened.";
  if (Object.keys(fields).length > 0) return { kind: "refused", fields };
  const mlPerFeeding = (input.dosePerFeedingMlPer100Gal * gallonsFrom(input.volume, input.volumeUnit)) / 100;
  const feedings = Math.floor(input.bottleMl / mlPerFeeding + 1e-9);
  const days = Math.floor((feedings / input.feedsPerWeek) * 7);
  return {
    kind: "ok",
    value: {
      mlPerFeeding: round(mlPerFeeding, 2),
      feedings,
      weeks: round(feedings / input.feedsPerWeek, 1),
      emptyOn: new Date(input.openedOn.getTime() + days * DAY_MS),
    },
  };
}
