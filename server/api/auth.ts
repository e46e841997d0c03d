import { toNodeHandler } from "better-auth/node";
import express, { Router, type ErrorRequestHandler, type RequestHandler } from "express";
import { JSON_BODY_BYTES } from "#server/request-guards";
import type { AppServices } from "#server/services";

/**
 * Rate limits key on the client address. Express resolves it from the socket or a trusted
 * proxy (TRUST_PROXY); whatever X-Forwarded-For the client sent is replaced by that answer.
 */
export const clientAddressHeader: RequestHandler = (req, _res, next) => {
  req.headers["x-forwarded-for"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
};

export function authRoutes(services: AppServices): Router {
  const router = Router();
  router.get("/auth/password-policy", (_req, res) => {
    res.json({ policy: services.config.passwordPolicy });
  });
  const handler = toNodeHandler(services.auth);
  router.all(
    "/auth/*splat",
    clientAddressHeader,
    // Parsed here (Better Auth takes a parsed body as it is) so that nesting is bounded before
    // anything walks it: 5,000 levels overflowed the stack somewhere in Better Auth (500).
    express.json({ limit: JSON_BODY_BYTES, strict: true, verify: refuseDeepNesting }),
    (req, res) => void handler(req, res),
  );
  router.use("/auth", authBodyError);
  return router;
}

/** No legitimate auth request nests deeper than a few levels. */
const MAX_JSON_DEPTH = 32;

const refuseDeepNesting = (_req: unknown, _res: unknown, buf: Buffer) => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_JSON_DEPTH)
        throw Object.assign(new Error("The request is nested too deeply."), { status: 400, expose: true });
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
};

/** Body errors on Better Auth's paths answer in Better Auth's own shape ({code, message}). */
const authBodyError: ErrorRequestHandler = (
  err: { status?: number; type?: string; message?: string },
  _req,
  res,
  next,
) => {
  const status = typeof err.status === "number" && err.status >= 400 && err.status < 500 ? err.status : null;
  if (!status) return next(err);
  res.setHeader("Cache-Control", "no-store");
  res.status(status).json({
    code: status === 413 ? "PAYLOAD_TOO_LARGE" : "INVALID_REQUEST_BODY",
    message: status === 413 ? "The request body is too large." : "The request body is not valid JSON.",
  });
};
