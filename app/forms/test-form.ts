import { parseForm, type FormResult } from "#app/domain/forms";
import type { z } from "zod";

/** A posted form as the browser sends it: every value a string, a name repeated for several values. */
export function formData(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  return form;
}

/** Parses like a route action; the data on success, the FormResult on failure. */
export function post<S extends z.ZodType>(schema: S, fields: Record<string, string | string[]>, intent?: string) {
  const parsed = parseForm(schema, formData(fields), intent);
  return parsed.success ? { data: parsed.data, result: null } : { data: null, result: parsed.result };
}

/** What no message a person reads may contain: zod's own wording or a field's path. */
export const JARGON =
  /expected (string|number|object)|too (big|small)|invalid_|\bZod|\b[a-z]+[A-Z]\w*(\.\w+)*: |\b[a-z]\w*\.\w+: |\([a-z]+[A-Z]\w*\)/;

export function messagesOf(result: FormResult | null): string[] {
  return result ? [result.message ?? "", ...Object.values(result.fieldErrors ?? {})] : [];
}
