/**
 * The shop's one rule for "where to go next" (a sign-in's redirectTo, Better Auth's callbackURL,
 * errorCallbackURL, newUserCallbackURL and redirectTo): the target is resolved the way a browser
 * resolves it (tabs and newlines stripped, backslashes read as slashes, dot segments removed),
 * against the shop's own address, and only a place on the shop's own origin is accepted.
 *
 * The answer is the resolved, percent-encoded path. A path that starts with two slashes (which
 * "/.//host" becomes once its dot segment is removed) is refused too: whoever resolves it next
 * reads the second segment as a host. The answer only holds printable ASCII, so it is always a
 * valid header value.
 */
export function sameOriginPath(target: unknown, base: string): string | null {
  if (typeof target !== "string" || target === "") return null;
  let url: URL;
  let origin: string;
  try {
    origin = new URL(base).origin;
    url = new URL(target, base);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = url.pathname + url.search + url.hash;
  if (path.startsWith("//") || path.startsWith("/\\") || !/^[\x21-\x7e]*$/.test(path)) return null;
  return path;
}
