import { z } from "zod";

/*
 * In the browser, turn off zod's compiled parsers: building an object schema probes for eval
 * with `new Function`, our CSP has no 'unsafe-eval', and Chrome reports even that caught probe
 * as a CSP violation (an Issues-panel entry: the checkout page lost its Lighthouse
 * best-practices 100). The server keeps the faster compiled parsers.
 *
 * Import this first in every module that builds zod schemas: ES modules evaluate their imports
 * in order, so the settings are in place before any schema exists.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

/*
 * Words a person reads for any check whose schema gave no message of its own. Zod's defaults
 * ("Too big: expected string to have <=120 characters") are for developers; people saw them.
 */
z.config({ customError: plainMessage });

function plainMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "too_big":
      if (issue.origin === "string") return `Use at most ${Number(issue.maximum)} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `Choose at most ${Number(issue.maximum)}.`;
      return `Enter ${Number(issue.maximum).toLocaleString("en-US")} or less.`;
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1 ? "Fill in this field." : `Use at least ${Number(issue.minimum)} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `Choose at least ${Number(issue.minimum)}.`;
      return `Enter ${Number(issue.minimum).toLocaleString("en-US")} or more.`;
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return "Fill in this field.";
      if (issue.expected === "number" || issue.expected === "int") return "Enter a number.";
      if (issue.expected === "array") return "Choose from the list.";
      return "This value is not in the expected form.";
    case "invalid_format":
      if (issue.format === "email") return "Enter a valid email address, like name@example.com.";
      if (issue.format === "url") return "Enter a full web address, starting with https://.";
      if (issue.format === "datetime" || issue.format === "date") return "Enter a valid date.";
      return "This value is not in the expected form.";
    case "invalid_value":
      return "Choose one of the options offered.";
    case "not_multiple_of":
      return "Enter a whole number.";
    case "unrecognized_keys":
      return `Remove the fields this form does not take: ${issue.keys.join(", ")}.`;
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "custom":
    default:
      return "This value is not accepted.";
  }
}
