/**
 * What a customer's tank profile means on the shop's pages (issue 37): which tank a page speaks
 * of, the plan's size band for it, how long a product's coral food lasts in it, and the
 * calculators' links filled in from it. Pure.
 */
import { TANK_SIZES, type TankSize } from "./plan";
import { coralFoodRunOut } from "./reef-calculators";
import { gallonsFrom, type VolumeUnit } from "./reef-units";
import { feedingTank, systemVolume, type CoralFood } from "./reorder-reminder";

export interface ProfileTank {
  id: string;
  name: string;
  displayVolume: number;
  sumpVolume: number | null;
  volumeUnit: VolumeUnit;
}

/**
 * The tank a page speaks of: the one with the most water (display and sump), as the coral-food
 * reminder picks it, so the product page and the reminder give the same figure. It is named in
 * every sentence, so a reefer with several tanks knows which one is meant.
 */
export function pageTank<T extends ProfileTank>(tanks: readonly T[]): T | null {
  return (feedingTank(tanks) as T | null) ?? null;
}

const figure = (n: number) => String(Math.round(n * 10) / 10);

/** "75 gal", "284 L": the tank's water, display and sump together. */
export function tankVolumeLabel(tank: ProfileTank): string {
  return `${figure(systemVolume(tank))} ${tank.volumeUnit}`;
}

/** "Office" → "Office tank"; a name that already says tank is left as it is. */
const tankNoun = (name: string) => (/\btank$/i.test(name.trim()) ? name.trim() : `${name.trim()} tank`);

/** The plan's size band for a tank: under 30 gallons nano, 30–75 medium, over 75 large (TANK_SIZES' labels). */
export function planSizeFor(tank: ProfileTank): TankSize {
  const gallons = gallonsFrom(systemVolume(tank), tank.volumeUnit);
  const size = gallons < 30 ? "nano" : gallons <= 75 ? "medium" : "large";
  return TANK_SIZES.find((s) => s.value === size)!.value;
}

/** "From your tank Office 75 (75 gal)": what the plan page says when it preselects the size. */
export function planSizeNote(tank: ProfileTank): string {
  return `From your tank ${tank.name} (${tankVolumeLabel(tank)})`;
}

/**
 * How long one unit of a product's coral food lasts in the tank at the label dose, as a sentence
 * labelled a rule of thumb; null when the calculator refuses the figures.
 */
export function coralFoodSentence(food: CoralFood, tank: ProfileTank): string | null {
  const outcome = coralFoodRunOut({
    // The calculator's formula holds for any unit shared by contents and dose.
    bottleMl: food.amount,
    dosePerFeedingMlPer100Gal: food.dosePer100Gal,
    feedsPerWeek: food.feedsPerWeek,
    volume: systemVolume(tank),
    volumeUnit: tank.volumeUnit,
    openedOn: new Date(0),
  });
  if (outcome.kind !== "ok") return null;
  const weeks = Math.round(outcome.value.weeks);
  const lasts = weeks < 1 ? "less than a week" : weeks === 1 ? "about 1 week" : `about ${weeks} weeks`;
  const container = food.unit === "ml" ? "bottle" : "jar";
  return (
    `For your ${tankVolumeLabel(tank)} ${tankNoun(tank.name)}: at the label dose ` +
    `(${figure(food.dosePer100Gal)} ${food.unit} per 100 gal, ${figure(food.feedsPerWeek)} feeds a week) ` +
    `this ${figure(food.amount)} ${food.unit} ${container} lasts ${lasts} — a rule of thumb.`
  );
}

export interface LatestReading {
  parameter: string;
  value: number;
  unit: string;
}

/**
 * The calculators page filled in for a tank, with the page's own field names
 * (app/forms/calculators.ts): the dose form with the tank's water and, when there is one, the
 * latest alkalinity reading as where it starts (the target is the reefer's to type); the salt
 * form for a 10 % water change; the light form with the latest nitrate.
 */
export function calculatorLinks(
  tank: ProfileTank,
  latest: readonly LatestReading[],
): { dose: string; salt: string; light: string | null } {
  const volume = figure(systemVolume(tank));
  const alk = latest.find((r) => r.parameter === "alkalinity");
  const nitrate = latest.find((r) => r.parameter === "nitrate");
  const dose = new URLSearchParams({
    parameter: "alkalinity",
    ...(alk ? { from: String(alk.value), unit: alk.unit } : { unit: "dKH" }),
    volume,
    volumeUnit: tank.volumeUnit,
    additive: "baking-soda",
  });
  const salt = new URLSearchParams({ water: figure(systemVolume(tank) / 10), waterUnit: tank.volumeUnit });
  return {
    dose: `/calculators?${dose}#dose-heading`,
    salt: `/calculators?${salt}#salt-heading`,
    light: nitrate && nitrate.unit === "ppm" ? `/calculators?nitrate=${nitrate.value}#light-heading` : null,
  };
}
