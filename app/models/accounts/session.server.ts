import { redirect } from "react-router";
import { sameOriginPath } from "#app/domain/redirects";
import { hasSessionCookie } from "./session-cookie";
import type { AppServices } from "#app/services/container";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  role: string | null;
}

/** The signed-in user of a request, or null. Banned users and expired sessions count as signed out. */
export async function getUser(services: AppServices, headers: Headers): Promise<SessionUser | null> {
  // Most requests are anonymous: no cookie, no session to look up.
  if (!hasSessionCookie(headers.get("cookie"))) return null;
  const session = await services.auth.api.getSession({ headers }).catch(() => null);
  if (!session) return null;
  const u = session.user as typeof session.user & { role?: string | null; banned?: boolean | null };
  if (u.banned) return null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    emailVerified: Boolean(u.emailVerified),
    image: u.image ?? null,
    role: u.role ?? null,
  };
}

/** Sends a signed-out visitor to sign in, and back here afterwards. */
export async function requireUser(services: AppServices, request: Request): Promise<SessionUser> {
  const user = await getUser(services, request.headers);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/sign-in?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

const REDIRECT_BASE = "http://redirect.invalid";

/**
 * Only same-site paths may be redirect targets (no open redirects): the shop's rule
 * (`sameOriginPath`), for a target given as a path.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/profile"): string {
  if (!target || !target.startsWith("/")) return fallback;
  return sameOriginPath(target, REDIRECT_BASE) ?? fallback;
}

/**
 * Calls a Better Auth endpoint the way the browser would (through its HTTP handler, so rate
 * limits and origin checks apply), on behalf of a page action.
 */
export async function callAuth(
  services: AppServices,
  request: Request,
  clientIp: string,
  path: string,
  body: unknown,
  method = "POST",
): Promise<Response> {
  const headers = new Headers({
    "Content-Type": "application/json",
    Origin: services.config.publicUrl,
    "X-Forwarded-For": clientIp,
  });
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const ua = request.headers.get("user-agent");
  if (ua) headers.set("user-agent", ua);
  return services.auth.handler(
    new Request(`${services.config.publicUrl}/api/auth${path}`, {
      method,
      headers,
      body: method === "GET" ? undefined : JSON.stringify(body),
    }),
  );
}

/** Set-Cookie headers of an auth response, to pass on with a redirect. */
export function cookiesFrom(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
