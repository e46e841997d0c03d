import { errorBody } from "./errors";
import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Called by other servers or mail clients, never by our pages; they prove themselves otherwise. */
const EXEMPT = [
  /^\/api\/webhooks\//,
  /^\/api\/newsletter\/unsubscribe$/,
  /^\/api\/waitlist\/(remove|unsubscribe)$/,
  /^\/api\/auth\//,
];

/**
 * Refuses state-changing requests that a browser marks as coming from another site (the Origin
 * header, or Sec-Fetch-Site when Origin is absent). Together with SameSite=Lax cookies this stops
 * cross-site form posts and fetches. Requests without either header (scripts, curl) pass: they
 * carry no victim's cookies.
 */
export function sameOriginOnly(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || EXEMPT.some((re) => re.test(req.path))) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const host = req.get("host");
    let sameHost = false;
    try {
      sameHost = Boolean(origin && host && new URL(origin).host === host);
    } catch {
      // "Origin: null" (sandboxed frames, some redirects) is not our site.
    }
    const crossSite = origin ? origin !== allowed && !sameHost : fetchSite === "cross-site";
    if (!crossSite) return next();
    req.log?.warn({ origin, fetchSite }, "cross-site request refused");
    if (req.path.startsWith("/api/"))
      return void res.status(403).json(errorBody(403, "Cross-site requests are not allowed.", "cross-site-request"));
    res.status(403).type("text/plain").send("Cross-site requests are not allowed.");
  };
}
