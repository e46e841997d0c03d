import { APIError } from "better-auth/api";
import { sameOriginPath } from "#app/domain/redirects";

/** Every field through which a Better Auth request says where the browser goes next. */
const REDIRECT_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"] as const;

type Fields = Record<string, unknown> | undefined;

/**
 * Better Auth checks these fields against the trusted origins before it resolves them, so a
 * value such as "/.//host" passed its check and sent the browser elsewhere. Each one is resolved
 * here with the shop's rule (`sameOriginPath`) and replaced by the resolved path, which is what
 * Better Auth then checks and redirects to; anything off the shop's origin is refused.
 * Answers the changed query and body, or null when there is nothing to change.
 */
export function normaliseRedirects(
  query: Fields,
  body: Fields,
  publicUrl: string,
): { query?: Record<string, unknown>; body?: Record<string, unknown> } | null {
  const fix = (fields: Fields) => {
    if (!fields || typeof fields !== "object") return null;
    let changed: Record<string, unknown> | null = null;
    for (const name of REDIRECT_FIELDS) {
      const value = fields[name];
      if (value === undefined || value === null) continue;
      const path = sameOriginPath(value, publicUrl);
      if (path === null)
        throw new APIError("FORBIDDEN", {
          code: "INVALID_CALLBACK_URL",
          message: "That link leads away from the shop.",
        });
      if (path !== value) (changed ??= { ...fields })[name] = path;
    }
    return changed;
  };
  const newQuery = fix(query);
  const newBody = fix(body);
  if (!newQuery && !newBody) return null;
  return { ...(newQuery ? { query: newQuery } : {}), ...(newBody ? { body: newBody } : {}) };
}

/**
 * Better Auth marks some endpoints for server code only (`scope: "server"`, `SERVER_ONLY`) but
 * still routes them over HTTP: `/verify-password` let a session test passwords outside every
 * limit. These few are the exceptions a browser does reach: its OAuth callback (the provider
 * redirects there) and its plain "ok" and error pages; the scope only keeps them out of its API
 * description.
 */
const REACHED_BY_BROWSERS = new Set(["/callback/:id", "/ok", "/error"]);

export function serverOnlyPaths(api: Record<string, unknown>): Set<string> {
  const paths = new Set<string>();
  for (const endpoint of Object.values(api)) {
    const { path, options } = endpoint as {
      path?: string;
      options?: { metadata?: { scope?: string; SERVER_ONLY?: boolean } };
    };
    const metadata = options?.metadata;
    if (!path || REACHED_BY_BROWSERS.has(path)) continue;
    if (metadata?.scope === "server" || metadata?.SERVER_ONLY) paths.add(path);
  }
  return paths;
}
