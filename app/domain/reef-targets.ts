/**
 * The guides' target bands and safe daily steps, each with the guide section that states it.
 * reef-targets.test.ts reads the guides and fails if a figure here is not in its cited section,
 * so this table cannot drift from what the reader is told. Where two guides could differ, the
 * water-chemistry guide is the reference.
 */

export type ReefParameter =
  "alkalinity" | "calcium" | "magnesium" | "nitrate" | "phosphate" | "salinity" | "temperature" | "ph";

export interface GuideSource {
  title: string;
  url: string;
}

export interface ReefTarget {
  parameter: ReefParameter;
  label: string;
  /** The unit the band and step are written in (the guide's). */
  unit: string;
  band: { min: number; max: number; source: GuideSource };
  /** The most the guide lets the value move in a day, where it gives a figure. */
  step?: { perDay: number; source: GuideSource };
}

const WATER_CHEMISTRY = { slug: "water-chemistry-mastery", title: "Water Chemistry Mastery" };

export function guideSource(guide: { slug: string; title: string }, anchor: string, heading: string): GuideSource {
  return { title: `${guide.title}: ${heading}`, url: `/reef-wisdom/lazy-reefer-guide/${guide.slug}#${anchor}` };
}

const chemistry = (anchor: string, heading: string) => guideSource(WATER_CHEMISTRY, anchor, heading);
const TARGETS_TABLE = chemistry("reef-water-parameter-target-ranges", "Reef water parameter target ranges");
const DOSE_SLOWLY = chemistry("dose-slowly", "Dose slowly");

export const REEF_TARGETS: Record<ReefParameter, ReefTarget> = {
  alkalinity: {
    parameter: "alkalinity",
    label: "Alkalinity",
    unit: "dKH",
    band: { min: 7, max: 11, source: TARGETS_TABLE },
    step: { perDay: 1, source: DOSE_SLOWLY },
  },
  calcium: {
    parameter: "calcium",
    label: "Calcium",
    unit: "ppm",
    band: { min: 400, max: 450, source: TARGETS_TABLE },
    step: { perDay: 50, source: DOSE_SLOWLY },
  },
  magnesium: {
    parameter: "magnesium",
    label: "Magnesium",
    unit: "ppm",
    band: { min: 1250, max: 1400, source: TARGETS_TABLE },
    step: { perDay: 100, source: DOSE_SLOWLY },
  },
  nitrate: { parameter: "nitrate", label: "Nitrate", unit: "ppm", band: { min: 2, max: 10, source: TARGETS_TABLE } },
  phosphate: {
    parameter: "phosphate",
    label: "Phosphate",
    unit: "ppm",
    band: { min: 0.03, max: 0.1, source: TARGETS_TABLE },
  },
  salinity: {
    parameter: "salinity",
    label: "Salinity",
    unit: "SG",
    band: { min: 1.025, max: 1.026, source: TARGETS_TABLE },
    step: { perDay: 0.001, source: DOSE_SLOWLY },
  },
  temperature: {
    parameter: "temperature",
    label: "Temperature",
    unit: "°F",
    band: { min: 76, max: 80, source: TARGETS_TABLE },
    step: { perDay: 2, source: chemistry("temperature-stability", "Temperature stability") },
  },
  // pH swings 0.1–0.3 every day by itself, so the guide gives no dosing step for it.
  ph: { parameter: "ph", label: "pH", unit: "pH", band: { min: 7.8, max: 8.4, source: TARGETS_TABLE } },
};

/** Where the dosing chemistry (mg per litre per unit raised) is written. */
export const DOSING_SOURCE = chemistry(
  "dosing-to-raise-alkalinity-calcium-and-magnesium",
  "Dosing to raise alkalinity, calcium and magnesium",
);
export const SALT_SOURCE = chemistry("how-much-salt-to-mix", "How much salt to mix");
export const REFUGIUM_LIGHT_SOURCE = chemistry("refugium-light-hours-and-nitrate", "Refugium light hours and nitrate");
