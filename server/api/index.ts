import express, { Router } from "express";
import { pingDatabase } from "#database/db.server";
import { apiErrorHandler, apiNotFound, errorBody } from "#server/errors";
import { JSON_BODY_BYTES } from "#server/request-guards";
import { adminRoutes } from "./admin";
import { adminSubscriptionRoutes } from "./admin-subscriptions";
import { authRoutes } from "./auth";
import { calculatorRoutes } from "./calculators";
import { cartRoutes } from "./cart";
import { catalogueRoutes } from "./catalogue";
import { checkoutRoutes } from "./checkout";
import { claimRoutes } from "./claims";
import { communityRoutes } from "./community";
import { profilePhotoRoutes } from "./media";
import { reminderRoutes } from "./reminders";
import { stripeWebhookRoutes } from "./stripe-webhook";
import { subscriptionRoutes } from "./subscriptions";
import { tankRoutes } from "./tanks";
import { waitlistRoutes } from "./waitlist";
import { wisdomRoutes } from "./wisdom";
import type { AppServices } from "#server/services";

/** Everything under /api: JSON in, JSON out, errors in the envelope of docs/architecture.md. */
export function createApiRouter(services: AppServices): Router {
  const api = Router();
  // Before the JSON parser: the webhook's signature is computed over the raw bytes.
  api.use(stripeWebhookRoutes(services));
  // Better Auth reads its own bodies.
  api.use(authRoutes(services));
  api.use(profilePhotoRoutes(services));
  api.use(express.json({ limit: JSON_BODY_BYTES, strict: true }));
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  api.get("/health", async (req, res) => {
    try {
      await pingDatabase(services.database.db);
      res.json({ status: "ok" });
    } catch (err) {
      req.log?.warn({ err }, "health check: database unreachable");
      res.status(503).json(errorBody(503, "The database is unreachable.", "database-unavailable"));
    }
  });

  api.use(catalogueRoutes(services));
  api.use(cartRoutes(services));
  api.use(checkoutRoutes(services));
  api.use(wisdomRoutes(services));
  api.use(communityRoutes(services));
  api.use(claimRoutes(services));
  api.use(waitlistRoutes(services));
  api.use(calculatorRoutes());
  api.use(reminderRoutes(services));
  api.use(tankRoutes(services));
  api.use(subscriptionRoutes(services));
  api.use(adminSubscriptionRoutes(services));
  api.use(adminRoutes(services));
  api.use(apiNotFound);
  api.use(apiErrorHandler);
  return api;
}
