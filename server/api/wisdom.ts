import { Router } from "express";
import { z } from "zod";
import { getWisdomRetriever } from "~/models/wisdom.server";
import { parseBody } from "../validate";
import type { AppServices } from "../services";

const AskSchema = z.object({
  question: z
    .string()
    .trim()
    .min(3, "Ask a question of at least a few words.")
    .max(500, "Keep questions under 500 characters."),
});

/** Answers from the guides only (retrieval, extractive); says so honestly when they don't cover it. */
export function wisdomRoutes(_services: AppServices): Router {
  const router = Router();
  router.post("/wisdom/ask", (req, res) => {
    const { question } = parseBody(AskSchema, req.body);
    const { answer, sources, grounded } = getWisdomRetriever().answer(question);
    res.json({ answer, sources, grounded });
  });
  return router;
}
