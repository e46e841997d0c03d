import "#app/domain/zod-setup";
import { z } from "zod";

/** Said at the top of a form whose hidden inputs no longer make sense (an old page, a hand-made request). */
export const FORM_OUT_OF_DATE = "This form is out of date: reload the page and try again.";

/**
 * Hidden inputs (an id, the intent, the kind of item) are nothing a person can correct, and
 * there is no field to show a message next to: their failure becomes the form's one message.
 */
export function withHiddenFields<S extends z.ZodType>(
  schema: S,
  hidden: readonly string[],
  message = FORM_OUT_OF_DATE,
) {
  return z.unknown().transform((input, ctx): z.output<S> => {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    const isHidden = (issue: z.core.$ZodIssue) => issue.path.length > 0 && hidden.includes(String(issue.path[0]));
    // A stale form's other messages would be guesses (was the stock changed?): reloading comes first.
    if (parsed.error.issues.some(isHidden)) ctx.addIssue({ code: "custom", message, path: [] });
    else
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });
}
