import { z } from "zod";
import { withHiddenFields } from "./hidden-fields";

/**
 * The checks an owner can run by hand (the buttons' values), in the order the page offers them.
 * Each must name one of the diagnostics (app/models/back-office/diagnostics.server.ts): the route indexes
 * them with the parsed value, so a name that is not one fails the typecheck there.
 */
export const DIAGNOSTIC_CHECKS = ["database", "email", "storage", "payment", "worker"] as const;

/** One "Run a check" button. */
export const DiagnosticFormSchema = withHiddenFields(z.object({ check: z.enum(DIAGNOSTIC_CHECKS) }), ["check"]);
