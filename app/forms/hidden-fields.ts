import "~/domain/zod-setup";
import { z } from "zod";

/** Said at the top of a form whose hidden inputs no longer make sense (an old page, a hand-made request). */
export const FORM_OUT_OF_DATE = "This form is out of date: reload the page and try again.";

/**
 * Hidden inputs (an id, the intent, the kind of item) are nothing a person can correct, and
 * there is no field to show a message next to: their failures become the form's own message.
 */
export function withHiddenFields<S extends z.ZodType>(
  schema: S,
  hidden: readonly string[],
  message = FORM_OUT_OF_DATE,
) {
  return z.unknown().transform((input, ctx): z.output<S> => {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const isHidden = issue.path.length > 0 && hidden.includes(String(issue.path[0]));
      ctx.addIssue({ code: "custom", message: isHidden ? message : issue.message, path: isHidden ? [] : issue.path });
    }
    return z.NEVER;
  });
}
