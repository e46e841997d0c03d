import { Router, type Request, type Response } from "express";
import { centsToDollars } from "#app/domain/money";
import { quoteJson } from "#app/models/orders/cart-json";
import { reminderSummary, unsubscribeFromReminders } from "#app/models/orders/checkout-reminders.server";
import { restoreLinkedCart, unsubscribeFromReorderReminders } from "#app/models/orders/reorder-reminders.server";
import { ApiError } from "#server/errors";
import { adminOnly } from "./admin";
import type { AppServices } from "#server/services";

/**
 * The reminders' links (decisions 045 and 048): the cart a reminder restores, re-quoted now; the
 * unsubscribes; and the owner's counts of checkout reminders sent and orders recovered.
 */
export function reminderRoutes(services: AppServices): Router {
  const router = Router();
  const { db } = services.database;
  const deps = () => ({ db, config: services.config, secret: services.secret, now: services.clock() });
  const q = (req: Request, name: string) => (typeof req.query[name] === "string" ? req.query[name] : "");

  router.get("/cart/restore", async (req, res) => {
    const { order, reorder, until, sig } = req.query;
    const outcome = await restoreLinkedCart(deps(), { order, reorder, until, sig });
    if (outcome.kind === "invalid-link") throw new ApiError(404, "This link is not one of ours, or was changed.");
    res.json({
      items: outcome.items,
      unavailable: outcome.unavailable,
      quote: quoteJson(outcome.quote),
    });
  });

  // One-click (RFC 8058) by POST from mail clients; the link in the mail by GET.
  const oneClick = (unsubscribe: (req: Request) => Promise<boolean>) => async (req: Request, res: Response) => {
    const ok = await unsubscribe(req);
    if (req.method === "POST")
      return void (ok
        ? res.json({ status: "unsubscribed" })
        : res.status(404).json({ error: { code: "not-found", message: "Unknown link." } }));
    res.redirect(303, ok ? "/confirmed?reminders=unsubscribed" : "/confirmed?problem=invalid");
  };
  const checkoutUnsubscribe = oneClick((req) =>
    unsubscribeFromReminders(deps(), q(req, "email").toLowerCase(), q(req, "sig")),
  );
  router.get("/reminders/unsubscribe", checkoutUnsubscribe);
  router.post("/reminders/unsubscribe", checkoutUnsubscribe);
  const reorderUnsubscribe = oneClick((req) =>
    unsubscribeFromReorderReminders(db, services.secret, q(req, "user"), q(req, "sig")),
  );
  router.get("/reminders/reorder-unsubscribe", reorderUnsubscribe);
  router.post("/reminders/reorder-unsubscribe", reorderUnsubscribe);

  router.use("/admin/reminders", adminOnly(services));
  router.get("/admin/reminders", async (_req, res) => {
    const summary = await reminderSummary(db);
    res.json({ ...summary, recoveredTotal: centsToDollars(summary.recoveredCents) });
  });

  return router;
}
