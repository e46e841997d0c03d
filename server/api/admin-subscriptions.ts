import { Router } from "express";
import { centsToDollars } from "#app/domain/money";
import { SubscriptionActionSchema } from "#app/domain/subscriptions";
import {
  listSubscriptionsForOwner,
  OwnerListSchema,
  renewalRevenue,
  upcomingRenewals,
  type RenewalTake,
} from "#app/models/back-office/subscriptions.server";
import { changeSubscription } from "#app/models/subscriptions/subscriptions.server";
import { ApiError } from "#server/errors";
import { parseBody } from "#server/validate";
import { adminOnly } from "./admin";
import { subscriptionJson } from "./subscriptions";
import type { AppServices } from "#server/services";

const NOT_FOUND = "No such subscription.";
const ACTIONS = SubscriptionActionSchema.extend({
  action: SubscriptionActionSchema.shape.action.exclude(["skip"], "The action is one of pause, cancel or resume"),
});

const takeJson = (take: RenewalTake) => ({ orders: take.orders, revenue: centsToDollars(take.revenueCents) });

/**
 * The owner's subscriptions (issue 38): lists by status with counts, the renewals of the weeks
 * ahead with the stock they need, renewal revenue, and pause / cancel / resume with a mail to
 * the buyer. Administrators only (401 / 403 like the rest of /api/admin).
 */
export function adminSubscriptionRoutes(services: AppServices): Router {
  const router = Router();
  const { reader } = services.database;
  router.use("/admin/subscriptions", adminOnly(services));

  router.get("/admin/subscriptions", async (req, res) => {
    const query = parseBody(OwnerListSchema, req.query);
    const list = await listSubscriptionsForOwner(reader, query);
    res.json({
      subscriptions: list.subscriptions.map((view) => ({
        ...subscriptionJson(view),
        email: view.email,
        name: view.name,
        period: view.period,
        firstOrderId: view.firstOrderId,
      })),
      nextCursor: list.nextCursor,
      counts: list.counts,
    });
  });

  router.get("/admin/subscriptions/upcoming", async (_req, res) => {
    res.json(await upcomingRenewals(reader, services.clock(), services.config.shopTimeZone));
  });

  router.get("/admin/subscriptions/revenue", async (_req, res) => {
    const revenue = await renewalRevenue(reader, services.clock());
    res.json({
      last30Days: takeJson(revenue.last30Days),
      last90Days: takeJson(revenue.last90Days),
      allTime: takeJson(revenue.allTime),
    });
  });

  router.post("/admin/subscriptions/:id", async (req, res) => {
    const { action } = parseBody(ACTIONS, req.body);
    const outcome = await changeSubscription(services, String(req.params.id), action, {
      kind: "owner",
      actor: res.locals.admin!.email,
    });
    switch (outcome.kind) {
      case "changed":
        return void res.json({ subscription: subscriptionJson(outcome.subscription), changed: outcome.changed });
      case "not-found":
        throw new ApiError(404, NOT_FOUND);
      case "conflict":
        throw new ApiError(409, outcome.message, "conflict");
      case "refused":
        throw new ApiError(409, outcome.message, outcome.reason);
    }
  });

  return router;
}
