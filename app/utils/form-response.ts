import { data } from "react-router";
import { typedValues, type FormResult } from "#app/domain/forms";

interface ResultInit {
  intent?: string;
  status?: number;
  headers?: HeadersInit;
  fieldErrors?: Record<string, string>;
  /** The post's text fields (`typedValues`), to fill the form in again. */
  values?: Record<string, string>;
}

/** A route action's failure: a sentence for the top of the form, and optionally one per field. */
export function formError(message: string, init: ResultInit = {}) {
  const result: FormResult = {
    status: "error",
    message,
    ...(init.intent ? { intent: init.intent } : {}),
    ...(init.fieldErrors ? { fieldErrors: init.fieldErrors } : {}),
    ...(init.values ? { values: init.values } : {}),
  };
  return data(result, { status: init.status ?? 400, headers: init.headers });
}

/** A route action's success sentence. */
export function formSuccess(message: string, init: Omit<ResultInit, "fieldErrors" | "status" | "values"> = {}) {
  const result: FormResult = { status: "success", message, ...(init.intent ? { intent: init.intent } : {}) };
  return data(result, { headers: init.headers });
}

/**
 * The answer to a form that did not pass its schema. With `form`, what was typed is echoed
 * (`typedValues`) for pages a customer may post before their JavaScript has run.
 */
export function invalidForm(result: FormResult, form?: FormData) {
  return data(form ? { ...result, values: typedValues(form) } : result, { status: 400 });
}
