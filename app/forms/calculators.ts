import { z } from "zod";
import { fieldErrorsOf } from "#app/domain/forms";
import {
  ADDITIVE_IDS,
  type Calculated,
  DOSE_PARAMETERS,
  type Dose,
  doseToRaise,
  refugiumLightHours,
  saltForWaterChange,
} from "#app/domain/reef-calculators";

const decimal = (what: string) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, `Enter ${what}.`)
    .regex(/^-?\d{1,6}(\.\d{1,4})?$/, `Enter ${what} as a number, like 8.5.`)
    .transform(Number);

/**
 * The dose calculator's question, as the page's GET form and `GET /api/calculators/dose` send it
 * (strings). The shape is checked here; whether the numbers make sense for a reef is the
 * calculator's own rule (doseToRaise), so both answer with the same reasons per field.
 */
export const DoseQuerySchema = z.object({
  parameter: z.enum(DOSE_PARAMETERS, { error: "Choose alkalinity, calcium or magnesium." }),
  from: decimal("the reading"),
  to: decimal("the target"),
  unit: z.enum(["dKH", "meq/L", "ppm"], { error: "Choose dKH, meq/L or ppm." }),
  volume: decimal("the tank's water volume"),
  volumeUnit: z.enum(["gal", "L"], { error: "Choose gallons or litres." }),
  additive: z.enum(ADDITIVE_IDS as [string, ...string[]], { error: "Choose an additive from the list." }),
});

/** The dose for a query, or every field's reason: the shape's first, then the calculator's. */
export function doseFromQuery(query: Record<string, unknown>): Calculated<Dose> {
  const parsed = DoseQuerySchema.safeParse(query);
  if (!parsed.success) return { kind: "refused", fields: fieldErrorsOf(parsed.error) };
  return doseToRaise(parsed.data as Parameters<typeof doseToRaise>[0]);
}

const SaltQuerySchema = z.object({
  water: decimal("how much water you are mixing"),
  waterUnit: z.enum(["gal", "L"], { error: "Choose gallons or litres." }),
  salinity: decimal("the salinity in ppt").optional(),
});

const LightQuerySchema = z.object({ nitrate: decimal("your latest nitrate reading") });

const DOSE_FIELDS = ["parameter", "from", "to", "unit", "volume", "volumeUnit", "additive"] as const;
const SALT_FIELDS = ["water", "waterUnit", "salinity"] as const;

export interface CalculatorAnswers {
  /** What was typed, to fill the forms in again (each form's fields only; capped in length). */
  values: Record<string, string>;
  dose: Calculated<Dose> | null;
  salt: ReturnType<typeof saltForWaterChange> | null;
  light: ReturnType<typeof refugiumLightHours> | null;
}

/**
 * The calculators page's GET forms: each form answers only when one of its own fields was sent,
 * so opening the page shows empty forms, not errors. Field names differ per form, so one URL can
 * carry one form's question without the others'. The dose form answers once its target was sent
 * (a submitted form always sends it, empty or not): a link from a tank's page fills in the
 * reading and the water and leaves the target for the reefer to choose, without errors.
 */
export function calculatorAnswers(params: URLSearchParams): CalculatorAnswers {
  const values: Record<string, string> = {};
  for (const [key, value] of params) if (value !== "") values[key] ??= value.slice(0, 40);
  const sent = (names: readonly string[]) => names.some((name) => params.has(name));
  const only = (names: readonly string[]) =>
    Object.fromEntries(names.filter((n) => values[n]).map((n) => [n, values[n]]));

  let salt: CalculatorAnswers["salt"] = null;
  if (sent(SALT_FIELDS)) {
    const parsed = SaltQuerySchema.safeParse(only(SALT_FIELDS));
    salt = parsed.success
      ? saltForWaterChange({
          volume: parsed.data.water,
          volumeUnit: parsed.data.waterUnit,
          targetSalinity: parsed.data.salinity,
        })
      : { kind: "refused", fields: fieldErrorsOf(parsed.error) };
    // The calculator names its fields after its inputs; the form's are named for the page.
    if (salt.kind === "refused")
      salt.fields = Object.fromEntries(
        Object.entries(salt.fields).map(([k, v]) => [
          k === "volume" ? "water" : k === "targetSalinity" ? "salinity" : k,
          v,
        ]),
      );
  }

  let light: CalculatorAnswers["light"] = null;
  if (params.has("nitrate")) {
    const parsed = LightQuerySchema.safeParse(only(["nitrate"]));
    light = parsed.success
      ? refugiumLightHours({ nitratePpm: parsed.data.nitrate })
      : { kind: "refused", fields: fieldErrorsOf(parsed.error) };
    if (light.kind === "refused" && light.fields.nitratePpm) light.fields = { nitrate: light.fields.nitratePpm };
  }

  return { values, dose: params.has("to") ? doseFromQuery(only(DOSE_FIELDS)) : null, salt, light };
}
