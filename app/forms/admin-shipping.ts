import { z } from "zod";
import { optionalText, wholeNumber } from "#app/domain/forms";
import { MAX_TRANSIT_DAYS, SHIPPABLE_WEEKDAYS, type ShipSettings, type Weekday } from "#app/domain/ship-calendar";
import { isShippableState, US_STATES } from "#app/domain/us-address";
import { THRESHOLD_RANGE_F, thresholdProblems, type WeatherThresholds } from "#app/domain/weather";
import { withHiddenFields } from "./hidden-fields";

export const SHIPPING_LIMITS = { reason: 120, mondayOnlyText: 200, maxTransitDays: MAX_TRANSIT_DAYS } as const;

/** The name of a state's transit input: "transit-NY". */
export const transitField = (state: string) => `transit-${state}`;

const transitDays = (missing?: string) =>
  (missing ? z.string(missing) : z.string()).pipe(wholeNumber(1, MAX_TRANSIT_DAYS));

/** Ticked boxes arrive as one value or several; none ticked is no value at all. */
const liveShipDays = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx): Weekday[] => {
    const ticked = value === undefined ? [] : Array.isArray(value) ? value : [value];
    const allowed = new Set(SHIPPABLE_WEEKDAYS.map((d) => String(d.day)));
    if (ticked.some((d) => !allowed.has(d))) {
      ctx.addIssue({ code: "custom", message: "Live goods leave Monday to Friday only." });
      return z.NEVER;
    }
    if (ticked.length === 0) {
      ctx.addIssue({ code: "custom", message: "Tick at least one day, or live goods can't be sold." });
      return z.NEVER;
    }
    return [...new Set(ticked.map(Number))].sort() as Weekday[];
  });

/** "ak, HI" → ["AK", "HI"]; an empty field means no state is held to Mondays. */
const mondayOnlyStates = z
  .string()
  .max(SHIPPING_LIMITS.mondayOnlyText, `Use at most ${SHIPPING_LIMITS.mondayOnlyText} characters.`)
  .optional()
  .transform((text, ctx) => {
    const codes = [
      ...new Set(
        (text ?? "")
          .toUpperCase()
          .split(/[\s,;]+/)
          .filter(Boolean),
      ),
    ];
    const unknown = codes.filter((c) => !isShippableState(c));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `${unknown.join(", ")} ${unknown.length === 1 ? "is not a state" : "are not states"} we ship to: use two-letter codes like AK, HI.`,
      });
      return z.NEVER;
    }
    return codes.sort();
  });

const settings = z
  .object({
    intent: z.literal("settings"),
    liveShipDays,
    // The browser's time input sends "HH:MM" (with seconds when a step asks for them).
    cutoff: z
      .string("Enter the cut-off time.")
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d(:00)?$/, "Enter a time like 12:00.")
      .transform((t) => t.slice(0, 5)),
    transitDefault: transitDays("Enter the days in transit for states not listed."),
    mondayOnlyStates,
    ...Object.fromEntries(US_STATES.map(([code]) => [transitField(code), transitDays().optional()])),
  })
  .transform((f): { intent: "settings"; settings: ShipSettings } => {
    const fields = f as unknown as Record<string, number | undefined>;
    const transit: Record<string, number> = { default: f.transitDefault };
    for (const [code] of US_STATES) {
      const days = fields[transitField(code)];
      if (days !== undefined) transit[code] = days;
    }
    return {
      intent: "settings",
      settings: {
        liveShipDays: f.liveShipDays,
        cutoff: f.cutoff,
        transitDays: transit,
        mondayOnlyStates: f.mondayOnlyStates,
      },
    };
  });

const date = z.iso.date("Enter a date, like 2026-12-24.");

const fahrenheit = (missing: string) =>
  z.string(missing).pipe(wholeNumber(THRESHOLD_RANGE_F.min, THRESHOLD_RANGE_F.max));

/** The weather thresholds, each a whole °F, in an order that makes sense (see thresholdProblems). */
const weather = z
  .object({
    intent: z.literal("weather"),
    holdBelowF: fahrenheit("Enter the temperature below which orders wait."),
    heatPackAtOrBelowF: fahrenheit("Enter the temperature for a heat pack."),
    coldPackAtOrAboveF: fahrenheit("Enter the temperature for a cold pack."),
  })
  .superRefine((t, ctx) => {
    for (const [field, message] of Object.entries(thresholdProblems(t)))
      ctx.addIssue({ code: "custom", message, path: [field] });
  })
  .transform(({ intent, ...thresholds }): { intent: "weather"; thresholds: WeatherThresholds } => ({
    intent,
    thresholds,
  }));

/**
 * The Shipping screen's forms, told apart by their intent: the settings, adding or removing one of
 * the owner's closed dates, the weather thresholds, and checking the weather now.
 */
export const ShippingFormSchema = withHiddenFields(
  z.discriminatedUnion("intent", [
    settings,
    weather,
    // The owner's "check now": nothing typed.
    z.object({ intent: z.literal("check-weather") }),
    z.object({
      intent: z.literal("add-closed"),
      date: z.string("Pick the date the shop is closed.").pipe(date),
      reason: optionalText(SHIPPING_LIMITS.reason).transform((r) => r ?? ""),
    }),
    // The date of the row's own button: nothing typed, so a bad one means a stale page.
    z.object({ intent: z.literal("remove-closed"), closedDate: date }),
  ]),
  ["intent", "closedDate"],
);
