import { isUuid } from "#app/domain/ids";

/** Paths whose segment after the prefix is a secret (Better Auth's reset link carries its token there). */
const TOKEN_PATH_PREFIXES = ["/api/auth/reset-password/", "/api/auth/magic-link/", "/api/auth/verify/"];

/**
 * The part of a request URL that may be logged: the path without its query string (reset,
 * verification, order, unsubscribe and OAuth links carry their secrets there) and with any
 * token-bearing segment replaced. Besides the known token paths, a long segment that looks
 * generated (no hyphen, letters mixed with digits or capitals, not a UUID) is redacted too, so a
 * new token-bearing route does not leak before someone remembers to list it.
 */
export function loggablePath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  for (const prefix of TOKEN_PATH_PREFIXES) {
    if (path.startsWith(prefix) && path.length > prefix.length) return `${prefix}[redacted]`;
  }
  return path
    .split("/")
    .map((segment) =>
      segment.length >= 20 && !segment.includes("-") && /[A-Z0-9]/.test(segment) && !isUuid(segment)
        ? "[redacted]"
        : segment,
    )
    .join("/");
}
