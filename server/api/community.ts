import { Router, type Request, type Response } from "express";
import { NewsletterSchema } from "#app/forms/newsletter";
import { confirmSubscription, requestSubscription, unsubscribe } from "#app/models/accounts/newsletter.server";
import { ContactSchema, submitContactMessage } from "#app/models/contact.server";
import { customerMailAnswers } from "#app/models/mail-setup.server";
import { COMMUNITY_LIMIT } from "#app/services/rate-limit.server";
import { ApiError } from "#server/errors";
import { parseBody } from "#server/validate";
import type { AppServices } from "#server/services";

/** Newsletter double opt-in and the contact form, with honeypots and per-address rate limits. */
export function communityRoutes(services: AppServices): Router {
  const router = Router();
  const { db } = services.database;
  const deps = () => ({ db, config: services.config, secret: services.secret, now: services.clock() });

  async function limit(req: Request, scope: string) {
    const result = await services.rateLimiter.hit(`${scope}:${req.ip}`, COMMUNITY_LIMIT);
    if (!result.allowed)
      throw new ApiError(
        429,
        `Too many requests. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`,
        "too-many-requests",
      );
  }

  router.post("/newsletter", async (req, res) => {
    const body = parseBody(NewsletterSchema, req.body);
    await limit(req, "newsletter");
    if (!body.website) await requestSubscription(deps(), body.email, body.source);
    // The same answer for new, pending, confirmed and honeypot submissions.
    res.status(202).json({ status: "accepted", message: customerMailAnswers.newsletter(services.config) });
  });

  router.get("/newsletter/confirm", async (req, res) => {
    const q = (name: string) => (typeof req.query[name] === "string" ? req.query[name] : "");
    const result = await confirmSubscription(deps(), q("email").toLowerCase(), q("exp"), q("sig"));
    res.redirect(303, result === "confirmed" ? "/confirmed?subscribed=1" : `/confirmed?problem=${result}`);
  });

  // One-click unsubscribe: POST from mail clients (RFC 8058), GET from the link in the mail.
  const unsubscribeHandler = async (req: Request, res: Response) => {
    const email = typeof req.query.email === "string" ? req.query.email.toLowerCase() : "";
    const sig = typeof req.query.sig === "string" ? req.query.sig : "";
    const ok = await unsubscribe(deps(), email, sig);
    if (req.method === "POST")
      return void (ok
        ? res.json({ status: "unsubscribed" })
        : res.status(404).json({ error: { code: "not-found", message: "Unknown link." } }));
    res.redirect(303, ok ? "/confirmed?unsubscribed=1" : "/confirmed?problem=invalid");
  };
  router.get("/newsletter/unsubscribe", unsubscribeHandler);
  router.post("/newsletter/unsubscribe", unsubscribeHandler);

  router.post("/contact", async (req, res) => {
    const input = parseBody(ContactSchema, req.body);
    await limit(req, "contact");
    await submitContactMessage(db, services.config, input, services.clock());
    res.status(201).json({ status: "received", message: "Thanks! We answer every message within two business days." });
  });

  return router;
}
