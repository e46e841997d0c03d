/** The Lazy Reefer Plan: a maintenance checklist and a bundle that fit a tank size and a care level. */
export const TANK_SIZES = [
  { value: "nano", label: "Nano (under 30 gallons)" },
  { value: "medium", label: "Medium (30–75 gallons)" },
  { value: "large", label: "Large (over 75 gallons)" },
] as const;
export const CARE_LEVELS = [
  { value: "beginner", label: "Just starting (soft corals, first year)" },
  { value: "intermediate", label: "Settled (LPS, a year or more)" },
  { value: "advanced", label: "Demanding (SPS, heavy stocking)" },
] as const;

export type TankSize = (typeof TANK_SIZES)[number]["value"];
export type CareLevel = (typeof CARE_LEVELS)[number]["value"];

export interface Plan {
  daily: string[];
  weekly: string[];
  monthly: string[];
  bundleId: string;
  bundleReason: string;
}

export function parsePlanInput(params: URLSearchParams): { size: TankSize; level: CareLevel } | null {
  const size = TANK_SIZES.find((s) => s.value === params.get("size"))?.value;
  const level = CARE_LEVELS.find((l) => l.value === params.get("level"))?.value;
  return size && level ? { size, level } : null;
}

export function buildPlan(size: TankSize, level: CareLevel): Plan {
  const waterChange = size === "nano" ? "Change 10–15 % of the water" : "Change 10 % of the water";
  const daily = [
    "Check temperature (76–80 °F) and that pumps, heater and lights are running",
    "Top off evaporation with RO/DI water (or check the ATO reservoir)",
    "Feed fish a small amount they finish in about 2 minutes",
  ];
  const weekly = [
    `${waterChange}, matching salinity to 1.025–1.026`,
    "Test alkalinity and nitrate; write the numbers down",
    "Clean the glass and empty the skimmer cup",
    "Check the chaeto ball is tumbling; turn it by hand if it has settled",
  ];
  const monthly = [
    "Prune the chaeto by about a third and give the trimmings away or compost them",
    "Test calcium, magnesium and phosphate",
    "Rinse filter socks or replace filter floss, clean pump intakes",
    "Calibrate or check the refractometer with 35 ppt calibration fluid",
  ];
  if (level !== "beginner") {
    daily.push("Look over corals for tissue recession or closed polyps");
    weekly.push("Target-feed LPS corals with coral food, flow off for 15 minutes");
  }
  if (level === "advanced") {
    daily.push("Test alkalinity (or check the controller log); keep swings under 0.5 dKH");
    weekly.push("Test calcium and magnesium and adjust two-part dosing");
    monthly.push("Soak and descale dosing pump lines and return pump");
  }
  if (size === "large") monthly.push("Check the sump refugium light timer and replace the LED every 12–18 months");

  const bundle =
    level === "beginner"
      ? size === "large"
        ? {
            id: "complete-reef-starter-pack",
            reason: "A larger new tank benefits most from a full refugium from the start.",
          }
        : { id: "lazy-starter", reason: "Chaeto and a simple monthly routine cover what a new tank needs." }
      : level === "intermediate"
        ? {
            id: "lazy-pro-maintenance",
            reason: "Fresh chaeto and coral food for weekly target feeding keep a settled reef steady.",
          }
        : {
            id: "complete-reef-recovery",
            reason: "Demanding corals use supplements and coral food faster; chaeto keeps nutrients in range.",
          };

  return { daily, weekly, monthly, bundleId: bundle.id, bundleReason: bundle.reason };
}

interface PlanBundle {
  id: string;
  purchasable: boolean;
  priceCents: number;
  components: ReadonlyArray<{ productId: string; quantity: number }>;
}

/**
 * What to offer instead when the plan's bundle cannot be bought now (sold out, off sale): the
 * bundle on sale sharing the most of its contents (units in common), the nearest in price on a
 * tie; null when the plan's bundle can be bought or nothing on sale shares anything with it.
 */
export function planAlternative<T extends PlanBundle>(preferred: T, bundles: readonly T[]): T | null {
  if (preferred.purchasable) return null;
  const wanted = new Map(preferred.components.map((c) => [c.productId, c.quantity]));
  let best: { bundle: T; shared: number; gap: number } | null = null;
  for (const bundle of bundles) {
    if (bundle.id === preferred.id || !bundle.purchasable) continue;
    const shared = bundle.components.reduce((n, c) => n + Math.min(c.quantity, wanted.get(c.productId) ?? 0), 0);
    const gap = Math.abs(bundle.priceCents - preferred.priceCents);
    if (shared > 0 && (!best || shared > best.shared || (shared === best.shared && gap < best.gap)))
      best = { bundle, shared, gap };
  }
  return best?.bundle ?? null;
}
