import { data } from "react-router";
import type { FormResult } from "~/domain/forms";

interface ResultInit {
  intent?: string;
  status?: number;
  headers?: HeadersInit;
  fieldErrors?: Record<string, string>;
}

/** A route action's failure: a sentence for the top of the form, and optionally one per field. */
export function formError(message: string, init: ResultInit = {}) {
  const result: FormResult = {
    status: "error",
    message,
    ...(init.intent ? { intent: init.intent } : {}),
    ...(init.fieldErrors ? { fieldErrors: init.fieldErrors } : {}),
  };
  return data(result, { status: init.status ?? 400, headers: init.headers });
}

/** A route action's success sentence. */
export function formSuccess(message: string, init: Omit<ResultInit, "fieldErrors" | "status"> = {}) {
  const result: FormResult = { status: "success", message, ...(init.intent ? { intent: init.intent } : {}) };
  return data(result, { headers: init.headers });
}

/** The answer to a form that did not pass its schema. */
export function invalidForm(result: FormResult) {
  return data(result, { status: 400 });
}
