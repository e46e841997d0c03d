import { z } from "zod";
import { wholeNumber } from "#app/domain/forms";
import { withHiddenFields } from "./hidden-fields";

/** The Retry button beside a failed mail. */
export const RetryMailFormSchema = withHiddenFields(z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) }), ["id"]);
