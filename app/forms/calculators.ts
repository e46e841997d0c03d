import { z } from "zod";
import { fieldErrorsOf } from "#app/domain/forms";
import { ADDITIVE_IDS, type Calculated, DOSE_PARAMETERS, type Dose, doseToRaise } from "#app/domain/reef-calculators";

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
