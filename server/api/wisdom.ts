import { Router } from "express";
import { z } from "zod";
import { answerWisdomQuestion, warmWisdom } from "~/models/wisdom.server";
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
  // The sentence encoder loads in the background after startup (tests answer lexically or load it on demand).
  if (!process.env.VITEST) warmWisdom();
  router.post("/wisdom/ask", async (req, res) => {
    const { question } = parseBody(AskSchema, req.body);
    const { answer, sources, grounded, quotes, contact, suggestion } = await answerWisdomQuestion(question);
    // `answer` stays plain text for API clients; `quotes` carry the heading and link of each quoted
    // passage, and a refusal names where a person answers and, when there is one, the closest guide.
    res.json({
      answer,
      sources,
      grounded,
      quotes,
      ...(contact ? { contact } : {}),
      ...(suggestion ? { suggestion } : {}),
    });
  });
  return router;
}
