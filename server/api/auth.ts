import { toNodeHandler } from "better-auth/node";
import { Router, type RequestHandler } from "express";
import type { AppServices } from "../services";

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
  router.all("/auth/*splat", clientAddressHeader, (req, res) => void handler(req, res));
  return router;
}
