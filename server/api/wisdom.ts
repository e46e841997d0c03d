import { fromNodeHeaders } from "better-auth/node";
import { Router } from "express";
import { z } from "zod";
import { getUser } from "#app/models/accounts/session.server";
import { latestReadingsOf } from "#app/models/tanks/tanks.server";
import { askReefWisdom } from "#app/models/wisdom/wisdom.server";
import { parseBody } from "#server/validate";
import type { AppServices } from "#server/services";

const AskSchema = z.object({
  question: z
    .string()
    .trim()
    .min(3, "Ask a question of at least a few words.")
    .max(500, "Keep questions under 500 characters."),
});

/**
 * Answers from the guides only (retrieval, extractive, optionally worded by a checked language
 * model); says so honestly when they don't cover it.
 */
export function wisdomRoutes(services: AppServices): Router {
  const router = Router();
  router.post("/wisdom/ask", async (req, res) => {
    const { question } = parseBody(AskSchema, req.body);
    const { db } = services.database;
    // A signed-in reefer's latest readings go beside the targets; the question itself is not kept.
    const user = await getUser(services, fromNodeHeaders(req.headers));
    const logged = user ? await latestReadingsOf(db, user.id) : [];
    const { answer, sources, grounded, quotes, contact, suggestion, shop, phrasedBy, phrasingFallback, yours } =
      await askReefWisdom(db, question, services.clock(), services.config.wisdomLlm, logged);
    if (phrasingFallback) req.log?.warn({ reason: phrasingFallback }, "wisdom: answered with the quote, not the model");
    // `answer` stays plain text for API clients; `quotes` carry the heading and link of each quoted
    // passage, and a refusal names where a person answers and, when there is one, the closest guide.
    // `phrasedBy: "model"` marks an answer worded by the language model (checked against `quotes`).
    res.json({
      answer,
      sources,
      grounded,
      quotes,
      ...(contact ? { contact } : {}),
      ...(suggestion ? { suggestion } : {}),
      ...(shop ? { shop } : {}),
      ...(phrasedBy ? { phrasedBy } : {}),
      ...(yours ? { yours } : {}),
    });
  });
  return router;
}
