/**
 * Reef units the calculators need. Kept minimal: the full conversions (salinity, temperature, the
 * reading log's units) live beside these once the tank log lands.
 */
export type VolumeUnit = "gal" | "L";

/** A US gallon, exactly (the hobby's gallons are US gallons). */
const LITRES_PER_GALLON = 3.785411784;

export function litresFrom(volume: number, unit: VolumeUnit): number {
  return unit === "L" ? volume : volume * LITRES_PER_GALLON;
}

export function gallonsFrom(volume: number, unit: VolumeUnit): number {
  return unit === "gal" ? volume : volume / LITRES_PER_GALLON;
}

export type AlkalinityUnit = "dKH" | "meq/L" | "ppm";

/** dKH per unit: 1 meq/L = 2.8 dKH (the guide's figure); 1 dKH = 17.848 ppm as CaCO3. */
const DKH_PER: Record<AlkalinityUnit, number> = { dKH: 1, "meq/L": 2.8, ppm: 1 / 17.848 };

export function alkalinityToDkh(value: number, unit: AlkalinityUnit): number {
  return value * DKH_PER[unit];
}
