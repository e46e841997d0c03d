import { z } from "zod";
import { withHiddenFields } from "./hidden-fields";
import type { DiagnosticName } from "~/models/diagnostics.server";

/** The checks an owner can run by hand (the buttons' values), in the order the page offers them. */
export const DIAGNOSTIC_CHECKS = [
  "database",
  "email",
  "storage",
  "payment",
  "worker",
] as const satisfies readonly DiagnosticName[];

/** One "Run a check" button. */
export const DiagnosticFormSchema = withHiddenFields(z.object({ check: z.enum(DIAGNOSTIC_CHECKS) }), ["check"]);
