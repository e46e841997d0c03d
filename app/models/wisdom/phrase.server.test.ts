import { describe, expect, it, vi } from "vitest";
import { phraseReply } from "./phrase.server";
import type { WisdomLlmConfig } from "#app/config.server";

const LLM: WisdomLlmConfig = { url: "http://127.0.0.1:9/v1/chat/completions", key: null, model: "m", timeoutMs: 500 };
const REPLY = {
  answer: "Parameters: “Keep salinity at 1.025–1.026 SG.”",
  grounded: true,
  quotes: [{ heading: "Parameters", text: "Keep salinity at 1.025–1.026 SG." }],
};
const completion = (content: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () =>
    Response.json({ choices: [{ message: { role: "assistant", content } }] }, { status }),
  );

describe("phraseReply", () => {
  it("never asks the model about a refusal or a stock answer", async () => {
    const fetchImpl = completion("x [1]");
    const refusal = { ...REPLY, grounded: false, quotes: [] };
    expect(await phraseReply(LLM, "q", refusal, fetchImpl)).toBe(refusal);
    const stock = { ...REPLY, shop: { query: "chaeto" } };
    expect(await phraseReply(LLM, "q", stock, fetchImpl)).toBe(stock);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("takes a checked wording, without a reasoning model's thinking, and sends no key when none is set", async () => {
    const fetchImpl = completion("<think>1.030 maybe?</think>\nKeep it at 1.025 to 1.026 SG [1].");
    expect(await phraseReply(LLM, "salinity?", REPLY, fetchImpl)).toEqual({
      ...REPLY,
      answer: "Keep it at 1.025 to 1.026 SG [1].",
      phrasedBy: "model",
    });
    const init = fetchImpl.mock.calls[0]![1]!;
    expect(new Headers(init.headers).has("Authorization")).toBe(false);
  });

  it("keeps the quote, with the reason, on a rejected wording or an answer that is not one", async () => {
    expect(await phraseReply(LLM, "q", REPLY, completion("Keep it at 1.024 SG [1]."))).toEqual({
      ...REPLY,
      phrasingFallback: "the model's answer was rejected (unsupported-number: 1.024)",
    });
    expect((await phraseReply(LLM, "q", REPLY, completion(null))).phrasingFallback).toMatch(/no message content/);
    const notJson = vi.fn<typeof fetch>(async () => new Response("<html>gateway</html>", { status: 200 }));
    expect((await phraseReply(LLM, "q", REPLY, notJson)).phrasingFallback).toMatch(/failed/);
    expect((await phraseReply(LLM, "q", REPLY, completion("x", 503))).phrasingFallback).toMatch(/503/);
  });
});
