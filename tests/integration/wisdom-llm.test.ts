import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "#server/logger";
import { passagesOf, startLlmPeer, type LlmReply, type LlmRequest } from "../helpers/llm-peer";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * Reef-wisdom answers worded by a language model (WISDOM_LLM_URL), against a stand-in for a
 * language model: an OpenAI-compatible chat-completions server on loopback with no model behind
 * it, whose every answer the test decides. The shop must show the model's wording only when its
 * citations and figures are backed by the passages it was given, and the extractive quote
 * otherwise — on a bad answer, an error or a timeout — with the same sources either way.
 */
const KEY = "sk-stand-in-secret-4711";
const TIMEOUT_MS = 400;
// A question whose quoted answer carries figures (7–11 dKH), which the model may copy.
const ALK = "what alkalinity should I keep my reef at?";

let llm: Awaited<ReturnType<typeof startLlmPeer>>;
let reply: (r: LlmRequest) => LlmReply;
beforeAll(async () => {
  llm = await startLlmPeer({ reply: (r) => reply(r) });
});
afterAll(async () => {
  await llm.close();
});
beforeEach(() => {
  llm.requests.length = 0;
  reply = () => ({ content: "The guides cover this [1]." });
});

const logLines: string[] = [];
const phrased = useTestServer(() => ({
  env: {
    WISDOM_LLM_URL: llm.url,
    WISDOM_LLM_KEY: KEY,
    WISDOM_LLM_MODEL: "stand-in-model",
    WISDOM_LLM_TIMEOUT_MS: String(TIMEOUT_MS),
  },
  logger: createLogger("info", { write: (line: string) => void logLines.push(...line.split("\n").filter(Boolean)) }),
}));
const extractive = useTestServer();

interface Answer {
  answer: string;
  sources: Array<{ title: string; url: string }>;
  grounded: boolean;
  quotes: Array<{ heading: string; text: string; url: string }>;
  phrasedBy?: string;
  shop?: unknown;
}

async function ask(base: string, question: string): Promise<Answer> {
  const res = await fetch(`${base}/api/wisdom/ask`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ question }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

/** The first figure in a passage, as written there ("8–9 dKH" gives "8"). */
const firstFigure = (text: string) => /\d+(?:\.\d+)?/.exec(text)?.[0];

describe(`reef wisdom phrased by a language model on ${testDatabaseKind()}`, () => {
  it("sends the chosen passages, numbered, with the question, the model's name and the key", async () => {
    await ask(phrased.url, ALK);
    expect(llm.requests).toHaveLength(1);
    const [request] = llm.requests;
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.body).toMatchObject({ model: "stand-in-model", temperature: 0 });
    const quote = (await ask(extractive.url, ALK)).quotes[0]!;
    expect(passagesOf(request!).get(1)).toBe(`${quote.heading}: ${quote.text}`);
    expect(request!.body.messages!.at(-1)!.content).toContain(`Question: ${ALK}`);
  });

  it("answers in the model's words when its citations and figures are the passages', with the same sources", async () => {
    let wording = "";
    reply = (r) => {
      const passage = passagesOf(r).get(1)!;
      // A figure copied from the passage is backed; the test needs one to show figures pass.
      const figure = firstFigure(passage);
      expect(figure).toBeDefined();
      wording = `Keep it steady, starting from ${figure} as the guide says [1].`;
      return { content: wording };
    };
    const body = await ask(phrased.url, ALK);
    const quoted = await ask(extractive.url, ALK);
    expect(body).toMatchObject({ answer: wording, phrasedBy: "model", grounded: true });
    expect(body.sources).toEqual(quoted.sources);
    expect(body.quotes).toEqual(quoted.quotes);
  });

  it("answers with the quote when the model cites a passage it was not given", async () => {
    reply = () => ({ content: "Dose slowly [1][3]." });
    const body = await ask(phrased.url, ALK);
    expect(body).toEqual(await ask(extractive.url, ALK));
    expect(body.phrasedBy).toBeUndefined();
    expect(llm.requests).toHaveLength(1);
  });

  it("answers with the quote when the model states a figure the passages don't give", async () => {
    reply = () => ({ content: "Dose 37.25 ml of two-part a day [1]." });
    expect(await ask(phrased.url, ALK)).toEqual(await ask(extractive.url, ALK));
    reply = () => ({ content: "Keep your alkalinity steady." }); // no citation at all
    expect(await ask(phrased.url, ALK)).toEqual(await ask(extractive.url, ALK));
    expect(llm.requests).toHaveLength(2);
  });

  it("answers with the quote when the model's server fails or answers nonsense", async () => {
    reply = () => ({ status: 500 });
    expect(await ask(phrased.url, ALK)).toEqual(await ask(extractive.url, ALK));
    reply = () => ({ status: 401 });
    expect(await ask(phrased.url, ALK)).toEqual(await ask(extractive.url, ALK));
    expect(llm.requests).toHaveLength(2);
    const reasons = logLines.map((l) => JSON.parse(l) as { msg?: string; reason?: string });
    expect(reasons).toContainEqual(
      expect.objectContaining({ msg: expect.stringMatching(/quote/), reason: expect.stringMatching(/500/) }),
    );
  });

  it("answers with the quote within its timeout when the model never answers", async () => {
    reply = () => "hang";
    const started = performance.now();
    const body = await ask(phrased.url, ALK);
    const elapsed = performance.now() - started;
    expect(body).toEqual(await ask(extractive.url, ALK));
    expect(llm.requests).toHaveLength(1);
    // It waited for the model, and not much past its deadline.
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
    expect(logLines.some((l) => l.includes(`did not answer within ${TIMEOUT_MS} ms`))).toBe(true);
  });

  it("never asks the model about a question the guides don't cover, nor about the shop's stock", async () => {
    const refusal = await ask(phrased.url, "who won the world cup in 1998?");
    expect(refusal.grounded).toBe(false);
    const stock = await ask(phrased.url, "do you guys sell cheato?");
    expect(stock.shop).toBeDefined();
    expect(llm.requests).toHaveLength(0);
    expect(refusal).toEqual(await ask(extractive.url, "who won the world cup in 1998?"));
  });

  it("is off without WISDOM_LLM_URL: the model is never asked", async () => {
    const body = await ask(extractive.url, ALK);
    expect(body.phrasedBy).toBeUndefined();
    expect(body.answer).toBe(`${body.quotes[0]!.heading}: “${body.quotes[0]!.text}”`);
    expect(llm.requests).toHaveLength(0);
  });

  it("never writes the key to the log", () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join("\n")).not.toContain(KEY);
  });
});
