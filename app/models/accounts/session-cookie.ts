/**
 * Whether a Cookie header carries a Better Auth session token (cookie prefix "lr", see
 * app/services/auth.server.ts; `__Secure-` when the shop runs on https). Without one a request
 * is anonymous for sure: the page cache may share its page, and no session lookup is needed.
 */
const SESSION_COOKIE = /(^|;\s*)(__Secure-)?lr\.session_token=/;

export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && SESSION_COOKIE.test(cookieHeader);
}
