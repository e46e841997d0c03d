/**
 * Optional phrasing of a reef-wisdom answer by a language model (WISDOM_LLM_URL; decision 039).
 * The model is given the passages the retriever chose, numbered, and the question; what it writes
 * replaces the quote only when app/domain/wisdom-phrasing.ts accepts it. Whatever goes wrong — a
 * slow or failing server, an odd answer, a citation or a figure the passages don't back — the
 * reefer gets the extractive answer unchanged, with the same sources either way.
 */
import { checkPhrasedAnswer, type PhrasingPassage } from "#app/domain/wisdom-phrasing";
import type { WisdomLlmConfig } from "#app/config.server";

/** What phrasing adds to a reply: who worded it, or why the quote was kept. */
export interface PhrasingNote {
  /** Set when the answer text is the model's (checked) wording; absent for the quote. */
  phrasedBy?: "model";
  /** Why the model's wording was not used (for the log; never shown to the reefer). */
  phrasingFallback?: string;
}

interface Phrasable {
  answer: string;
  grounded: boolean;
  quotes: Array<{ heading: string; text: string }>;
  /** A stock answer is the catalogue's, not the guides': never phrased. */
  shop?: unknown;
}

/** A phrasing longer than this is not a short answer from a few passages. */
const MAX_ANSWER_CHARS = 1500;
const MAX_TOKENS = 400;

const SYSTEM_PROMPT = [
  "You answer reef-aquarium keepers' questions for the Lazy Reefer shop, using only the numbered passages given.",
  "Rules:",
  "- State only what the passages say. Add no facts, figures, products or advice of your own.",
  "- After each sentence, cite the passage it comes from by its number in square brackets, like [1].",
  "- Copy every number exactly as the passage writes it, with its unit. Never convert units or round.",
  "- Answer in at most three short sentences of plain text: no Markdown, no lists, no greeting.",
  "- If the passages do not answer the question, reply with exactly: NOT IN PASSAGES",
].join("\n");

/** The passages as the model sees them and the checker reads them: heading and text under one id. */
export function phrasingPassages(quotes: Phrasable["quotes"]): PhrasingPassage[] {
  return quotes.map((q, i) => ({ id: i + 1, text: `${q.heading}: ${q.text}` }));
}

export function phrasingMessages(question: string, passages: readonly PhrasingPassage[]) {
  const numbered = passages.map((p) => `[${p.id}] ${p.text}`).join("\n\n");
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: `Passages:\n${numbered}\n\nQuestion: ${question}` },
  ];
}

type ModelOutcome = { ok: true; text: string } | { ok: false; reason: string };

/** One chat completion, or why there is none. The deadline covers the whole exchange, body included. */
async function complete(
  llm: WisdomLlmConfig,
  messages: ReturnType<typeof phrasingMessages>,
  fetchImpl: typeof fetch,
): Promise<ModelOutcome> {
  const signal = AbortSignal.timeout(llm.timeoutMs);
  try {
    const res = await fetchImpl(llm.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        ...(llm.key ? { Authorization: `Bearer ${llm.key}` } : {}),
      },
      body: JSON.stringify({ model: llm.model, messages, temperature: 0, max_tokens: MAX_TOKENS, stream: false }),
      signal,
    });
    if (!res.ok) return { ok: false, reason: `the model's server answered ${res.status}` };
    const body = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> } | null;
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== "string") return { ok: false, reason: "the model's answer has no message content" };
    // Reasoning models served by Ollama or llama.cpp may put their thinking before the answer.
    return { ok: true, text: content.replace(/<think>[\s\S]*?<\/think>/g, "").trim() };
  } catch (err) {
    if (signal.aborted) return { ok: false, reason: `the model did not answer within ${llm.timeoutMs} ms` };
    return { ok: false, reason: `the model's server failed (${err instanceof Error ? err.message : String(err)})` };
  }
}

/**
 * The reply worded by the model when its wording passes the check, else the reply unchanged with
 * the reason noted. Refusals and stock answers are returned as they are, without asking the model.
 */
export async function phraseReply<T extends Phrasable>(
  llm: WisdomLlmConfig,
  question: string,
  reply: T,
  fetchImpl: typeof fetch = fetch,
): Promise<T & PhrasingNote> {
  if (!reply.grounded || reply.quotes.length === 0 || reply.shop !== undefined) return reply;
  const passages = phrasingPassages(reply.quotes);
  const outcome = await complete(llm, phrasingMessages(question, passages), fetchImpl);
  if (!outcome.ok) return { ...reply, phrasingFallback: outcome.reason };
  if (outcome.text.length > MAX_ANSWER_CHARS) return { ...reply, phrasingFallback: "the model's answer is too long" };
  const verdict = checkPhrasedAnswer(outcome.text, passages);
  if (!verdict.ok) {
    const detail = verdict.detail ? `: ${verdict.detail}` : "";
    return { ...reply, phrasingFallback: `the model's answer was rejected (${verdict.reason}${detail})` };
  }
  return { ...reply, answer: outcome.text, phrasedBy: "model" };
}
