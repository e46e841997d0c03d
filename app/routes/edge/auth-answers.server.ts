import { redirect, type AppLoadContext } from "react-router";
import { AUTH_ERROR_MESSAGES, authErrorCode, type AuthErrorCode } from "#app/domain/auth-errors";
import { callAuth, cookiesFrom, safeRedirect } from "#app/models/accounts/session.server";
import { formError } from "#app/utils/form-response";

/** Failures that belong to one field of the form rather than to the whole form. */
const FIELD_OF: Partial<Record<AuthErrorCode, string>> = {
  "password-does-not-meet-requirements": "password",
  "email-already-in-use": "email",
};

/** The answer for a Better Auth failure, in the shop's words (and beside its field when it has one). */
export function authFailure(
  code: AuthErrorCode,
  status = 400,
  intent?: string,
  fieldNames: Record<string, string> = {},
  values?: Record<string, string>,
) {
  const message = AUTH_ERROR_MESSAGES[code];
  const field = FIELD_OF[code];
  const name = field ? (fieldNames[field] ?? field) : undefined;
  return formError(message, { status, intent, values, ...(name ? { fieldErrors: { [name]: message } } : {}) });
}

export async function authFailureFrom(
  response: Response,
  intent?: string,
  fieldNames?: Record<string, string>,
  values?: Record<string, string>,
) {
  const payload = (await response.json().catch(() => ({}))) as { code?: string };
  return authFailure(authErrorCode(response.status, payload.code), response.status, intent, fieldNames, values);
}

/**
 * Runs a Better Auth call for a page action; success redirects (with the session cookies), failure
 * answers in words, with `values` (the form's `typedValues`) to fill the form in again.
 */
export async function authAction(
  context: AppLoadContext,
  request: Request,
  path: string,
  body: unknown,
  redirectTo: string | null | undefined,
  values?: Record<string, string>,
) {
  let response: Response;
  try {
    response = await callAuth(context.services, request, context.clientIp, path, body);
  } catch {
    return authFailure("network-request-failed", 503, undefined, {}, values);
  }
  if (response.ok) return redirect(safeRedirect(redirectTo, "/profile"), { headers: cookiesFrom(response) });
  return authFailureFrom(response, undefined, undefined, values);
}
