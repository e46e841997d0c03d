import { Router, type Request, type Response } from "express";
import { WaitlistSchema } from "#app/forms/waitlist";
import {
  joinWaitlist,
  removeWaitlistEntry,
  unsubscribeFromWaitlists,
  waitlistOverview,
} from "#app/models/catalogue/waitlist.server";
import { customerMailAnswers } from "#app/models/mail-setup.server";
import { WAITLIST_LIMIT } from "#app/services/rate-limit.server";
import { ApiError } from "#server/errors";
import { parseBody } from "#server/validate";
import { adminOnly } from "./admin";
import type { AppServices } from "#server/services";

/**
 * The back-in-stock waitlist (decision 042): join with the same 202 for every address, leave
 * by a signed link (one entry, or all of an address's), and the owner's counts.
 */
export function waitlistRoutes(services: AppServices): Router {
  const router = Router();
  const { db } = services.database;
  const deps = () => ({ db, config: services.config, secret: services.secret, now: services.clock() });

  router.post("/waitlist", async (req, res) => {
    const body = parseBody(WaitlistSchema, req.body);
    const limited = await services.rateLimiter.hit(`waitlist:${req.ip}`, WAITLIST_LIMIT);
    if (!limited.allowed)
      throw new ApiError(
        429,
        `Too many requests. Try again in ${Math.ceil(limited.retryAfterSeconds / 60)} minutes.`,
        "too-many-requests",
      );
    const item = body.productId
      ? { kind: "product" as const, id: body.productId }
      : { kind: "bundle" as const, id: body.bundleId! };
    if (!body.website) {
      const outcome = await joinWaitlist(deps(), { email: body.email, item });
      if (outcome.kind === "not-found") throw new ApiError(404, "No such product or kit.");
    }
    // The same bytes for a new, a known and an already-waiting address (and the honeypot).
    res.status(202).json({ status: "accepted", message: customerMailAnswers.waitlist(services.config) });
  });

  const q = (req: Request, name: string) => (typeof req.query[name] === "string" ? req.query[name] : "");
  // One-click (RFC 8058) by POST from mail clients; the link in the mail by GET.
  const answer = (req: Request, res: Response, ok: boolean, page: string) => {
    if (req.method === "POST")
      return void (ok
        ? res.json({ status: "removed" })
        : res.status(404).json({ error: { code: "not-found", message: "Unknown link." } }));
    res.redirect(303, ok ? `/confirmed?waitlist=${page}` : "/confirmed?problem=invalid");
  };
  const remove = async (req: Request, res: Response) =>
    answer(req, res, await removeWaitlistEntry(deps(), q(req, "entry"), q(req, "sig")), "removed");
  const unsubscribe = async (req: Request, res: Response) =>
    answer(
      req,
      res,
      await unsubscribeFromWaitlists(deps(), q(req, "email").toLowerCase(), q(req, "sig")),
      "unsubscribed",
    );
  router.get("/waitlist/remove", remove);
  router.post("/waitlist/remove", remove);
  router.get("/waitlist/unsubscribe", unsubscribe);
  router.post("/waitlist/unsubscribe", unsubscribe);

  router.use("/admin/waitlist", adminOnly(services));
  router.get("/admin/waitlist", async (_req, res) => {
    res.json(await waitlistOverview(db));
  });

  return router;
}
