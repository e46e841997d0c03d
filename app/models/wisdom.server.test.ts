/**
 * The reef-wisdom server path when the sentence encoder can't be loaded: the answer is the
 * lexical one (round 5's weights and calibration), and the failure is logged once, not per question.
 */
import { afterAll, describe, expect, it, vi } from "vitest";

vi.mock("@energetic-ai/embeddings", () => {
  throw new Error("no encoder here");
});

const { answerWisdomQuestion, getWisdomRetriever } = await import("./wisdom.server");

describe("reef wisdom without the sentence encoder", () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  afterAll(() => logged.mockRestore());

  it("answers by words alone and logs the failure once", async () => {
    const first = await answerWisdomQuestion("what alkalinity should I keep");
    expect(first.grounded).toBe(true);
    expect(first.sources[0]?.url).toMatch(/water-chemistry-mastery#alkalinity/);
    expect(first).toEqual(getWisdomRetriever().answer("what alkalinity should I keep"));
    const refused = await answerWisdomQuestion("CO2 bubble rate on my calcium reactor");
    expect(refused.grounded).toBe(false);
    expect(logged.mock.calls.filter((c) => String(c[0]).includes("sentence encoder unavailable"))).toHaveLength(1);
  });
});
