import { z } from "zod";
import { optionalText, requiredText } from "#app/domain/forms";

export const CORAL_KINDS = ["soft", "lps", "sps"] as const;
export const CARE_LEVELS = ["beginner", "intermediate", "expert"] as const;
/** Bigger than any home aquarium (a 10,000-gallon system is a public aquarium's). */
const MAX_VOLUME = 100_000;

/** A number as JSON sends it or a form types it ("75", " 75.5 "); empty is "not given". */
const typedNumber = (missing: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim().replace(/,/g, ""))) : v),
    z
      .number(missing)
      .refine((n) => Number.isFinite(n), missing)
      .refine((n) => n > 0, "Enter a volume above zero.")
      .refine((n) => n <= MAX_VOLUME, `Enter at most ${MAX_VOLUME.toLocaleString("en-US")}.`),
  );

/** Checkboxes post one value, several, or none; JSON sends a list. */
const coralList = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.enum(CORAL_KINDS, "Choose soft, LPS or SPS corals.")).max(3),
);

/**
 * A tank as the API's JSON and the page's form send it (the same names): the page's inputs
 * are named like the JSON fields.
 */
export const TankSchema = z.object({
  name: requiredText(80, "Give the tank a name, like “Living room 75”."),
  displayVolume: typedNumber("Enter the display tank's volume as a number."),
  sumpVolume: typedNumber("Enter the sump's volume as a number.").optional(),
  volumeUnit: z.enum(["gal", "L"], "Choose gallons or litres."),
  corals: coralList.optional(),
  careLevel: z.preprocess((v) => (v === "" ? undefined : v), z.enum(CARE_LEVELS, "Choose a care level.").optional()),
  refugiumLight: optionalText(120),
  testKits: optionalText(200),
});
export type TankInput = z.output<typeof TankSchema>;

/** A reading as sent; the value and unit are checked by the reef rules (validateReading), not here. */
export const ReadingSchema = z.object({
  parameter: z.string("Choose what you measured.").max(40),
  value: z.union([z.number(), z.string().max(40)], "Enter the reading as a number, like 8.2."),
  unit: z.string("Choose the unit.").max(20),
  takenAt: z.string().max(40).optional(),
});
export type ReadingInput = z.output<typeof ReadingSchema>;
