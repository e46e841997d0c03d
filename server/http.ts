import crypto from "node:crypto";
import compression from "compression";
import express, { type Express } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { createApiRouter } from "#server/api";
import { mediaRoutes } from "#server/api/media";
import { requestId, requestLogFields, requestScope } from "./logger";
import { limitBodies, refuseMalformedRequests } from "./request-guards";
import { sameOriginOnly } from "./same-origin";
import type { AppServices } from "./services";

/**
 * The Express app without the page renderer: security headers, request ids, logging and the
 * JSON API. Tests mount exactly this; server/app.ts adds the React Router handler.
 */
export function createHttpApp(services: AppServices): Express {
  const app = express();
  const production = services.config.env === "production";
  // Stripe's Payment Element needs its script, frames and API; only shops using Stripe allow them.
  const stripe = services.config.payments.provider === "stripe";
  app.disable("x-powered-by");
  app.set("trust proxy", services.config.trustProxy === "true" ? true : services.config.trustProxy);
  app.use(compression());

  app.use(
    pinoHttp({
      logger: services.logger,
      genReqId: (req) => requestId(req.headers["x-request-id"]),
      // req.log is a child with the request id only: no headers, bodies or query strings.
      quietReqLogger: true,
      quietResLogger: true,
      customAttributeKeys: { reqId: "reqId" },
      customSuccessMessage: () => "request",
      customErrorMessage: () => "request",
      customSuccessObject: (req, res, fields) =>
        requestLogFields(req, res, (fields as { responseTime: number }).responseTime),
      // A failed request's error is logged where it was handled; this line only records the answer.
      customErrorObject: (req, res, _err, fields) =>
        requestLogFields(req, res, (fields as { responseTime: number }).responseTime),
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
    }),
  );
  app.use((req, res, next) => {
    res.setHeader("X-Request-Id", req.id as string); // genReqId above makes every id a string
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    requestScope.run(req.id as string, next);
  });

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "script-src": [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`,
            ...(stripe ? ["https://js.stripe.com"] : []),
          ],
          "frame-src": stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : ["'none'"],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:"],
          "connect-src": [
            ...(production ? ["'self'"] : ["'self'", "ws:", "wss:"]),
            ...(stripe ? ["https://api.stripe.com"] : []),
          ],
          "frame-ancestors": ["'none'"],
          "form-action": ["'self'"],
          "upgrade-insecure-requests": production && services.config.publicUrl.startsWith("https:") ? [] : null,
        },
      },
      strictTransportSecurity: production && services.config.publicUrl.startsWith("https:"),
      crossOriginEmbedderPolicy: false,
      // Our own sign-in popup must keep its opener (see below for the social sign-in pages).
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use((req, res, next) => {
    // The social sign-in popup passes through the identity provider and back; a stricter COOP on
    // these pages would cut the popup off from the page that opened it.
    if (req.path.startsWith("/sign-in/social") || req.path.startsWith("/api/auth/callback/"))
      res.setHeader("Cross-Origin-Opener-Policy", "unsafe-none");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    next();
  });

  app.use(refuseMalformedRequests);
  app.use(limitBodies);
  app.use(sameOriginOnly(services.config.publicUrl));
  app.use("/api", createApiRouter(services));
  app.use(mediaRoutes(services));
  return app;
}
