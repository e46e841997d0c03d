import { MAX_CLAIM_BODY_BYTES } from "#app/domain/claims";
import { MAX_CSV_BYTES } from "#app/domain/tank-readings-csv";
import { MAX_PHOTO_BYTES } from "#app/models/accounts/profile-photo.server";
import { MAX_PRODUCT_IMAGE_BYTES } from "#app/models/catalogue/catalogue-images.server";
import { errorBody } from "./errors";
import type { Request, RequestHandler, Response } from "express";

/** JSON bodies (the API, Better Auth). */
export const JSON_BODY_BYTES = 100 * 1024;
/** Page forms (React Router actions), urlencoded or multipart. */
const FORM_BODY_BYTES = 1024 * 1024;
/** Room for a multipart envelope or headers around an upload's bytes. */
const UPLOAD_SLACK = 1024;

/** The most bytes a request to this path may carry. */
function bodyLimit(path: string, contentType: string | undefined): number {
  if (path === "/api/profile/photo") return MAX_PHOTO_BYTES + UPLOAD_SLACK;
  // An arrive-alive claim: up to five photos (the API, and the order page's form).
  if (/^\/api\/orders\/[^/]+\/claims$/.test(path) || /^\/order-confirmation(\.data)?$/.test(path))
    return MAX_CLAIM_BODY_BYTES;
  if (/^\/api\/admin\/products\/[^/]+\/images$/.test(path)) return MAX_PRODUCT_IMAGE_BYTES + UPLOAD_SLACK;
  // The catalogue page's photo form (with JavaScript it posts to the .data URL): up to two full-size photos.
  if (/^\/admin\/catalogue(\.data)?$/.test(path) && /^multipart\/form-data/i.test(contentType ?? ""))
    return 2 * MAX_PRODUCT_IMAGE_BYTES + UPLOAD_SLACK;
  // A tank's readings imported as CSV (a few years of a daily log).
  if (/^\/api\/tanks\/[^/]+\/readings\.csv$/.test(path)) return MAX_CSV_BYTES;
  if (path === "/api/webhooks/stripe") return FORM_BODY_BYTES; // Stripe's events stay well under this
  if (path.startsWith("/api/") || /^application\/(.+\+)?json\b/i.test(contentType ?? "")) return JSON_BODY_BYTES;
  return FORM_BODY_BYTES;
}

function refuse(res: Response, path: string, status: 411 | 413, message: string) {
  // Close the connection rather than read (and throw away) a body we refuse.
  res.setHeader("Connection", "close");
  if (path.startsWith("/api/")) res.status(status).json(errorBody(status, message, "payload-too-large"));
  else res.status(status).type("text/plain").send(message);
}

/**
 * Caps every request body before anything reads it. React Router actions and Better Auth read
 * bodies of any size themselves (four 250 MB posts to /sign-in grew a process by 800 MB), so the
 * announced length is checked here and an oversized request answered 413 at once. A body of
 * unannounced length (chunked) is refused with 411 where the reader has no limit of its own:
 * pages and /api/auth (browsers always announce form and fetch bodies). The rest of /api reads
 * chunked bodies through parsers that stop at their limit.
 */
export const limitBodies: RequestHandler = (req, res, next) => {
  const length = req.headers["content-length"];
  const path = req.path;
  if (length !== undefined) {
    if (Number(length) > bodyLimit(path, req.headers["content-type"]))
      return refuse(res, path, 413, "The request body is too large.");
    return next();
  }
  if (req.headers["transfer-encoding"] !== undefined && (!path.startsWith("/api/") || path.startsWith("/api/auth/")))
    return refuse(res, path, 411, "Send the request body with a Content-Length.");
  next();
};

const NUL = /%00|\0/i;

/**
 * NUL anywhere in the path, or in a query parameter. `redirectTo` is the exception: a bad target
 * there is answered with a redirect home (safeRedirect), as a shopper following a link expects.
 */
function hasNul(url: string): boolean {
  const [path = "", query = ""] = url.split(/\?(.*)/s, 2);
  if (NUL.test(path)) return true;
  return query.split("&").some((pair) => !pair.toLowerCase().startsWith("redirectto=") && NUL.test(pair));
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function badRequest(req: Request, res: Response, message: string, reason: string) {
  if (req.path.startsWith("/api/")) res.status(400).json(errorBody(400, message, reason));
  else res.status(400).type("text/plain").send(message);
}

/**
 * Requests no part of the shop can answer meaningfully, refused before they reach code that
 * would fail on them: methods the Fetch API behind React Router rejects (TRACE, CONNECT gave
 * 500), a request without a Host (HTTP/1.0 allows it; a page's URL is built from it), a target
 * that is not a path (the absolute form `GET http://host/x` or `OPTIONS *`, which only proxies
 * are sent), and NUL characters in the path or query, which PostgreSQL cannot take in text.
 */
export const refuseMalformedRequests: RequestHandler = (req, res, next) => {
  if (!METHODS.has(req.method)) {
    res.setHeader("Allow", [...METHODS].join(", "));
    res.setHeader("Connection", "close");
    if (req.path.startsWith("/api/")) res.status(405).json(errorBody(405, "This method is not allowed here."));
    else res.status(405).type("text/plain").send("Method not allowed.");
    return;
  }
  if (!req.originalUrl.startsWith("/")) {
    res.setHeader("Connection", "close");
    return res.status(400).type("text/plain").send("The request target must be a path.");
  }
  if (!req.headers.host) {
    res.setHeader("Connection", "close");
    return badRequest(req, res, "The request has no Host header.", "missing-host");
  }
  if (hasNul(req.originalUrl))
    return badRequest(req, res, "The address contains an invalid character.", "invalid-characters");
  next();
};
