import { data, redirect, type AppLoadContext } from "react-router";
import { AUTH_ERROR_MESSAGES, authErrorCode, type AuthErrorCode } from "~/domain/auth-errors";
import { callAuth, cookiesFrom, safeRedirect } from "./session.server";

export interface AuthActionError {
  code: AuthErrorCode;
  message: string;
}

/** Runs a Better Auth call for a page action; success redirects (with the session cookies), failure returns the spec's code. */
export async function authAction(
  context: AppLoadContext,
  request: Request,
  path: string,
  body: unknown,
  redirectTo: string | null,
): Promise<Response | ReturnType<typeof data<{ error: AuthActionError }>>> {
  let response: Response;
  try {
    response = await callAuth(context.services, request, context.clientIp, path, body);
  } catch {
    return failure("network-request-failed", 503);
  }
  if (response.ok) {
    const headers = cookiesFrom(response);
    return redirect(safeRedirect(redirectTo, "/profile"), { headers });
  }
  const payload = (await response.json().catch(() => ({}))) as { code?: string };
  return failure(authErrorCode(response.status, payload.code), response.status);
}

export function failure(code: AuthErrorCode, status = 400) {
  return data({ error: { code, message: AUTH_ERROR_MESSAGES[code] } }, { status });
}
