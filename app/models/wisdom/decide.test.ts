/**
 * The stages after analysis, on the real guides: ranking, the decision with its reason, and the
 * composed answer. The figures of whole question sets are the quality floors (bench/wisdom/quality-floors.ts).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadWisdomSectionsFromFiles } from "../../../bench/wisdom/load-sections";
import { analyseQuestion } from "./analyse";
import { composeAnswer, composeRefusal, NOT_COVERED_ANSWER } from "./compose";
import { decide, judge } from "./decide";
import { neighboursOf, queryOf, rank } from "./rank";
import { buildIndex } from "./search-index";
import { DEFAULT_TUNING } from "./tuning";

const CONTENT_DIR = fileURLToPath(new URL("../../content", import.meta.url));
const index = buildIndex(loadWisdomSectionsFromFiles(CONTENT_DIR), DEFAULT_TUNING);
const urlOf = (section: number | undefined) => (section === undefined ? undefined : index.sections[section]!.url);

describe("rank", () => {
  it("ranks the section that answers first, best score first", () => {
    const ranked = rank(queryOf(index, analyseQuestion("what alkalinity should I keep")));
    expect(urlOf(ranked[0]?.section)).toMatch(/water-chemistry-mastery#alkalinity/);
    expect(ranked.every((r, i) => i === 0 || ranked[i - 1]!.score >= r.score)).toBe(true);
  });

  it("lets only covered questions vote for sections, however many declined ones are near", () => {
    const neighbours = neighboursOf(queryOf(index, analyseQuestion("what should i feed my seahorse")));
    expect(neighbours.offTopic).toBeGreaterThan(0);
    const shares = [...neighbours.votes.values()];
    expect(shares.length).toBeGreaterThan(0);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeCloseTo(1, 6);
  });

  it("has no candidates for a question without terms", () => {
    expect(rank(queryOf(index, analyseQuestion("what is it")))).toEqual([]);
  });
});

describe("decide", () => {
  it.each([
    ["what alkalinity should I keep", true, "answered"],
    ["best pizza topping", false, "no evidence it is about reef keeping"],
    ["do you sell clownfish", false, "not sold: do you sell"],
  ])("decides %j with its reason", (question, ok, reason) => {
    const judged = decide(index, question);
    expect(judged.ok).toBe(ok);
    expect(judged.reason).toBe(reason);
  });

  it.each([
    [
      "margin",
      "Love yellow tangs and my local shop has a tiny one about 5cm long. My tank is a 36 gallon bowfront, " +
        "about 3ft wide. Would it be ok in there while it's small at least?",
      /#tangs-and-tank-size$/,
    ],
    [
      "matched",
      "Acro colony in my SPS dominated 300 litre is peeling tissue in patches from the middle of the branches - " +
        "fine yesterday, half white skeleton today. Alk was 8.2 dKH on Monday and 9.6 yesterday after I turned " +
        "the doser up. What do I do right now to save it?",
      /#what-to-do-when-sps-tissue-recedes$/,
    ],
  ] as const)("answers a long post by the %s signal, which its length doesn't shrink", (feature, question, url) => {
    const judged = decide(index, question);
    expect(judged.ok).toBe(true);
    expect(urlOf(judged.best?.section)).toMatch(url);
    const without = buildIndex(index.sections, {
      ...DEFAULT_TUNING,
      calibration: { ...DEFAULT_TUNING.calibration, [feature]: 0 },
    });
    expect(decide(without, question).ok).toBe(false);
  });

  it("lets a clause answer for a message only from a section the message ranks near the top", () => {
    const question =
      "Woke up to a puddle under the stand and the sump is about to spill over the top. The floor is soaked " +
      "and the extension leads for the pumps are sitting down there too. What's the order I should be doing " +
      "things in right now?";
    // Its last clause alone is a question about orders, from the privacy page.
    expect(urlOf(decide(index, "What's the order I should be doing things in right now").best?.section)).toMatch(
      /^\/privacy-policy#/,
    );
    const judged = decide(index, question);
    expect(judged.ok ? urlOf(judged.best?.section) : "refused").not.toMatch(/privacy-policy/);
  });

  it("judges the same question the same way every time: no state is kept between questions", () => {
    const first = judge(index, "what alkalinity should I keep", "what alkalinity should I keep");
    judge(index, "best pizza topping", "best pizza topping");
    const again = judge(index, "what alkalinity should I keep", "what alkalinity should I keep");
    expect(again.confidence).toBe(first.confidence);
    expect(urlOf(again.best?.section)).toBe(urlOf(first.best?.section));
  });
});

describe("compose", () => {
  it("quotes a procedure from its first step for someone asking what to do", () => {
    const question = "my tank is leaking all over the floor, what do i do";
    const answer = composeAnswer(index, decide(index, question), question);
    expect(answer.grounded).toBe(true);
    expect(answer.quotes[0]?.text).toMatch(/^Step 1: Protect yourself first/);
  });

  it("tells someone describing what went wrong what to do, not only the sign that matched", () => {
    const question = "nem looks melted and mouth gaping";
    const answer = composeAnswer(index, decide(index, question), question);
    expect(answer.sources[0]?.url).toMatch(/anemones-and-clownfish#a-dying-anemone$/);
    expect(answer.answer).toContain("gapes at the mouth");
    expect(answer.answer).toContain("Remove it immediately");
  });

  it("adds what to do from the section beside the signs, when the signs say no more", () => {
    const question = "my clownfish has little white spots, what should I do?";
    const answer = composeAnswer(index, decide(index, question), question);
    expect(answer.sources.map((s) => s.url.split("#")[1])).toEqual(["signs-of-ich", "treating-ich"]);
    expect(answer.answer).toContain("typical of ich");
    expect(answer.answer).toContain("Move every fish from the affected tank into a quarantine tank");
  });

  it("quotes the list that a quoted sentence announces with a colon", () => {
    const question = "my clownfish has little white spots, what should I do?";
    const answer = composeAnswer(index, decide(index, question), question);
    expect(answer.answer).toMatch(/one proven method: … Copper at the therapeutic level/);
  });

  it("adds no further source for the size of the reefer's tank", () => {
    // "40 gallon" left unquoted once brought in the heater's watts per gallon.
    const question = "How much chaeto do I need for a 40 gallon tank?";
    const answer = composeAnswer(index, decide(index, question), question);
    expect(answer.sources.map((s) => s.url)).toEqual(["/care#how-much-chaeto-do-i-need"]);
  });

  it("refuses with the contact link and no quotes", () => {
    const answer = composeRefusal(index, decide(index, "best pizza topping"), "best pizza topping");
    expect(answer).toMatchObject({ answer: NOT_COVERED_ANSWER, grounded: false, quotes: [], sources: [] });
    expect(answer.contact?.url).toBe("/contact");
  });

  it("points a question the guides leave out on purpose, near no guide, at the section that says so", () => {
    const question = "what should i feed my seahorse";
    const judged = decide(index, question);
    expect(judged).toMatchObject({ ok: false, likeOffTopic: true });
    const answer = composeRefusal(index, judged, question);
    expect(answer.grounded).toBe(false);
    expect(answer.suggestion).toEqual({ title: "What we don't cover", url: "/care#what-we-don-t-cover" });
    // An everyday question near no declined one gets no such pointer.
    expect(
      composeRefusal(index, decide(index, "who won the world cup"), "who won the world cup").suggestion,
    ).toBeUndefined();
  });
});
