import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import matter from "gray-matter";
import { stem } from "porter2";
import { describe, expect, it } from "vitest";
import { SYNONYM_GROUPS } from "#app/content/wisdom/reef-vocabulary";
import { renderMarkdown } from "#app/models/content/markdown.server";
import { withLearned } from "../../../bench/wisdom/learned-asks";
import { loadWisdomSectionsFromFiles } from "../../../bench/wisdom/load-sections";
import { analyze, trigrams } from "./analyse";
import { NOT_COVERED_ANSWER } from "./compose";
import { plainText, WISDOM_PAGE_SLUGS, wisdomSectionsFromDocument } from "./documents";
import { splitSentences } from "./passages";
import { createRetriever } from "./retriever";
import { isCommonEnglish } from "./spelling.server";
import { buildSynonymIndex } from "./synonyms";
import type { WisdomAnswer, WisdomSection } from "./types";

const CONTENT_DIR = fileURLToPath(new URL("../../content", import.meta.url));
const BENCH_FILE = fileURLToPath(new URL("../../../bench/wisdom-questions.json", import.meta.url));

const OFF_TOPIC = [
  "who won the world cup",
  "best pizza in town",
  "how do i change a flat tire on my car",
  "what is the capital of france",
];

/**
 * True when every quoted passage comes word for word from the section it cites: a sentence, list
 * item or numbered step of its text, or a table row whose cells are all in it. This is the "never
 * invent" guarantee; the only words added are a step's number and a row's column headers.
 */
function isQuotedFromSources(answer: WisdomAnswer, sections: WisdomSection[]): boolean {
  if (answer.quotes.length === 0) return false;
  return answer.quotes.every((quote) => {
    const section = sections.find((s) => s.url === quote.url);
    if (!section || !answer.sources.some((s) => s.url === quote.url)) return false;
    const source = plainText(section.text);
    return quote.text.split(" … ").every((piece) => {
      const text = piece.replace(/^Step \d+: /, "");
      if (source.includes(text)) return true;
      const row = section.blocks?.find((b) => b.kind === "row" && piece.startsWith(`${plainText(b.cells[0]!)} — `));
      return row?.kind === "row" && row.cells.every((cell) => piece.includes(plainText(cell)));
    });
  });
}

const refused = (answer: WisdomAnswer) =>
  !answer.grounded &&
  answer.answer === NOT_COVERED_ANSWER &&
  answer.sources.length === 0 &&
  answer.contact?.url === "/contact" &&
  !answer.answer.includes("/contact");

function section(
  id: string,
  title: string,
  text: string,
  docTitle = "Fixture Guide",
  parentTitle?: string,
): WisdomSection {
  return {
    id,
    title,
    text,
    docTitle,
    url: `/reef-wisdom/lazy-reefer-guide/fixture#${id}`,
    ...(parentTitle ? { parentTitle } : {}),
  };
}

/** Small invented sections: enough vocabulary overlap that ranking has to use the right signals. */
const FIXTURE: WisdomSection[] = [
  section(
    "alkalinity-stability",
    "Alkalinity stability",
    "Keep alkalinity changes under 1 dKH per day. Swings in alkalinity stress stony corals. Test at the same time each day.",
    "Water Chemistry",
  ),
  section(
    "calcium-levels",
    "Calcium levels",
    "Keep calcium at 400–450 ppm. Calcium and alkalinity are used together by corals.",
    "Water Chemistry",
  ),
  section(
    "harvesting-chaetomorpha",
    "Harvesting chaetomorpha",
    "Remove a third of the chaetomorpha ball every few weeks. Harvesting exports nitrate and phosphate from the system.",
    "Macroalgae Care",
  ),
  section(
    "cyanobacteria",
    "Cyanobacteria",
    "Cyanobacteria forms red slime sheets on the sand. Increase flow over the sand and siphon the sheets out every few days.",
    "Troubleshooting",
  ),
  section(
    "glass-anemones",
    "Glass anemones",
    "Glass anemones sting corals and multiply fast. Kill each one with an injection product instead of scraping it.",
    "Troubleshooting",
  ),
  section(
    "spare-shells",
    "Spare shells",
    "Offer two or three empty shells per hermit crab. Without spare shells, hermits attack snails for theirs.",
    "Hermit Care",
  ),
  section(
    "shipping-days",
    "Shipping days",
    "Live goods ship Monday to Wednesday. Orders placed later wait for the next Monday.",
    "Shipping",
  ),
];

// The Porter2 (Snowball English) stemmer of the porter2 package (issue 33). Unlike the hand-written
// stemmer it replaced, it leaves "stable" apart from "stability", irregular forms ("fed", "lost") and
// comparatives ("lower") alone; over the evaluation sets the figures were the same (decision 014).
describe("stemmer", () => {
  it.each([
    ["dose", "dosing", "dosed", "doses"],
    ["stability", "stabilize", "stabilizing"],
    ["calibrate", "calibration", "calibrating", "calibrated"],
    ["acclimate", "acclimation", "acclimating", "acclimated"],
    ["coral", "corals"],
    ["lose", "losing"],
    ["feed", "feeding", "feeds"],
    ["tumble", "tumbling"],
  ])("gives one stem to the family of %s", (...words) => {
    expect(new Set(words.map(stem)).size).toBe(1);
  });

  it("leaves short words, numbers and look-alike words alone", () => {
    expect(stem("water")).toBe("water");
    expect(stem("need")).toBe("need");
    expect(stem("ph")).toBe("ph");
    expect(stem("no3")).toBe("no3");
    expect(stem("glass")).toBe("glass");
    expect(stem("spring")).toBe("spring");
    expect(stem("care")).not.toBe(stem("car"));
  });
});

describe("text analysis and synonyms", () => {
  const same = (a: string, b: string) => expect(analyze(a)).toEqual(analyze(b));

  it.each([
    ["alk", "alkalinity"],
    ["dKH", "alkalinity"],
    ["KH", "alkalinity"],
    ["red slime", "cyanobacteria"],
    ["cyano", "cyanobacteria"],
    ["dinos", "dinoflagellates"],
    ["chaeto", "chaetomorpha"],
    ["CUC", "clean-up crew"],
    ["cleanup crew", "clean-up crew"],
    ["SG", "specific gravity"],
    ["salinity", "specific gravity"],
    ["NO3", "nitrate"],
    ["PO4", "phosphate"],
    ["Ca", "calcium"],
    ["Mg", "magnesium"],
    ["PAR", "light intensity"],
    ["ATO", "auto top-off"],
    ["ATO", "auto top off"],
    ["RODI", "RO/DI"],
    ["fuge", "refugium"],
    ["LPS", "large polyp stony"],
    ["aiptasia", "glass anemone"],
    ["hermits", "hermit"],
    ["ich", "white spot"],
    ["QT", "quarantine"],
  ])("treats %s and %s as the same term", same);

  it("does not read the unit mg/L as magnesium", () => {
    expect(analyze("400 ppm (mg/L)")).not.toContain(analyze("magnesium")[0]);
  });

  it("drops stop words and keeps meaningful particles", () => {
    expect(analyze("I keep my alk stable")).toEqual(["keep", ...analyze("alkalinity"), stem("stable")]);
    expect(analyze("out of its shell")).toEqual(["out", "shell"]);
    expect(analyze("the and of a")).toEqual([]);
  });

  it("counts the everyday words of a multi-word term as reef vocabulary only when they are not common English", () => {
    const { reefTerms } = buildSynonymIndex(SYNONYM_GROUPS, stem, isCommonEnglish);
    for (const word of ["back", "store", "sea", "green", "hair"]) expect(reefTerms.has(stem(word))).toBe(false);
    for (const word of ["acropora", "zoanthid", "anemone", "skimmer", "tang"])
      expect(reefTerms.has(stem(word))).toBe(true);
    expect(buildSynonymIndex(SYNONYM_GROUPS, stem).reefTerms.has(stem("back"))).toBe(true);
  });

  it("refuses a word listed in two synonym groups", () => {
    expect(() =>
      buildSynonymIndex(
        [
          { canonical: "alkalinity", variants: ["kh"] },
          { canonical: "hardness", variants: ["kh"] },
        ],
        stem,
      ),
    ).toThrow(/kh/);
    expect(() => buildSynonymIndex(SYNONYM_GROUPS, stem)).not.toThrow();
  });

  it("strips inline Markdown and keeps bold list labels with their explanation", () => {
    expect(plainText("**Low alk (below ~7 dKH):** see [the guide](/x) and `kalk` *now*")).toBe(
      "Low alk (below ~7 dKH): see the guide and kalk now",
    );
    expect(
      splitSentences("**Remove it by hand.** Pull it off with your fingers. Siphon out the loose strands."),
    ).toEqual(["Remove it by hand. Pull it off with your fingers.", "Siphon out the loose strands."]);
  });
});

describe("building sections from a rendered document", () => {
  it("links guides and pages to their anchors and remembers the parent heading", () => {
    const rendered = renderMarkdown("## Refugium lighting\n\nRun it **long**.\n\n### Photoperiod\n\n12–16 hours.");
    const guide = wisdomSectionsFromDocument({ slug: "equipment", title: "Equipment", ...rendered }, "guide");
    expect(guide).toMatchObject([
      {
        id: "refugium-lighting",
        title: "Refugium lighting",
        text: "Run it long.",
        docTitle: "Equipment",
        url: "/reef-wisdom/lazy-reefer-guide/equipment#refugium-lighting",
        blocks: [{ kind: "paragraph", text: "Run it **long**." }],
      },
      {
        id: "photoperiod",
        title: "Photoperiod",
        text: "12–16 hours.",
        docTitle: "Equipment",
        url: "/reef-wisdom/lazy-reefer-guide/equipment#photoperiod",
        parentTitle: "Refugium lighting",
      },
    ]);
    const page = wisdomSectionsFromDocument({ slug: "care", title: "Care", ...rendered }, "page");
    expect(page[0]?.url).toBe("/care#refugium-lighting");
  });
});

describe("retriever on fixture sections", () => {
  const retriever = createRetriever(FIXTURE);
  const topId = (q: string) => retriever.search(q, 1)[0]?.section.id;

  it("matches hobbyist abbreviations through synonyms", () => {
    expect(topId("how do I keep my alk stable")).toBe("alkalinity-stability");
    expect(topId("red slime all over my sand")).toBe("cyanobacteria");
    expect(topId("best way to kill aiptasia")).toBe("glass-anemones");
  });

  it("matches other forms of a word through stemming", () => {
    expect(topId("how much chaeto should I harvest")).toBe("harvesting-chaetomorpha");
    expect(topId("alkalinity swinging and stressing my stony coral")).toBe("alkalinity-stability");
  });

  it("forgives small typos and half-typed words", () => {
    expect(topId("alkalinty stabilty")).toBe("alkalinity-stability");
    expect(topId("harvest chaetomorph")).toBe("harvesting-chaetomorpha");
  });

  it("respects the result limit and orders by score", () => {
    const hits = retriever.search("calcium alkalinity", 2);
    expect(hits).toHaveLength(2);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
  });

  it("answers with the sentence that answers, under its heading, and cites its section", () => {
    const answer = retriever.answer("how many extra shells per hermit?");
    expect(answer.grounded).toBe(true);
    expect(answer.sources).toEqual([
      { title: "Hermit Care — Spare shells", url: "/reef-wisdom/lazy-reefer-guide/fixture#spare-shells" },
    ]);
    expect(answer.quotes[0]).toMatchObject({ heading: "Spare shells", url: answer.sources[0]!.url });
    expect(answer.quotes[0]!.text).toContain("Offer two or three empty shells per hermit crab.");
    expect(answer.answer).toBe(`Spare shells: “${answer.quotes[0]!.text}”`);
    expect(isQuotedFromSources(answer, FIXTURE)).toBe(true);
  });

  it.each([...OFF_TOPIC, "", "   ", "how do I do it?"])("does not answer %j", (question) => {
    expect(refused(retriever.answer(question))).toBe(true);
  });
});

describe("retriever on the real guides", () => {
  const sections = loadWisdomSectionsFromFiles(CONTENT_DIR);
  const retriever = createRetriever(sections);

  /** Anchors computed here, independently of the loader: every heading id per document URL. */
  const realAnchors = (() => {
    const urls = new Set<string>();
    const add = (file: string, base: string) => {
      const { toc } = renderMarkdown(matter(fs.readFileSync(file, "utf8")).content);
      for (const entry of toc) urls.add(`${base}#${entry.id}`);
    };
    const guideDir = path.join(CONTENT_DIR, "guides");
    for (const f of fs.readdirSync(guideDir).filter((f) => f.endsWith(".md"))) {
      add(path.join(guideDir, f), `/reef-wisdom/lazy-reefer-guide/${path.basename(f, ".md")}`);
    }
    for (const slug of WISDOM_PAGE_SLUGS) add(path.join(CONTENT_DIR, "pages", `${slug}.md`), `/${slug}`);
    return urls;
  })();

  const QUESTIONS: Array<[string, string]> = [
    ["how do I keep my alk stable", "/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery#alkalinity-stability"],
    [
      "what sg should my tank be at",
      "/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery#salinity-and-specific-gravity",
    ],
    [
      "red slime all over the sand bed, how do i fix it",
      "/reef-wisdom/lazy-reefer-guide/troubleshooting-common-issues#how-to-fix-cyano",
    ],
    ["should i qt new fish", "/reef-wisdom/lazy-reefer-guide/troubleshooting-common-issues#fish-quarantine"],
    ["how many extra shells should my hermits have", "/hermit#how-many-spare-shells-and-what-sizes"],
    ["how often should i harvest chaeto", "/care#when-to-harvest-chaeto"],
    [
      "is 1 snail per gallon too many for my cuc",
      "/reef-wisdom/lazy-reefer-guide/feeding-and-maintenance#caveats-on-the-1-snail-per-gallon-rule",
    ],
    ["how long does a fishless cycle take", "/reef-wisdom/lazy-reefer-guide/tank-setup-fundamentals#how-long-it-takes"],
    [
      "how big should my ato reservoir be",
      "/reef-wisdom/lazy-reefer-guide/equipment-selection-guide#sizing-the-reservoir",
    ],
  ];

  // Round 3 (decision 014): the subject is outside reef keeping even though a reef word matches.
  it.each([
    "what KH should a koi pond have",
    "how many neon tetras can go in a 10 gallon",
    "what should i feed my oscar besides pellets",
    "best moss for a shrimp only tank",
  ])("refuses %j, whose subject the guides don't keep", (question) => {
    expect(retriever.answer(question).grounded).toBe(false);
  });

  // Round 5: animals kept in species tanks of their own, freshwater plants, brand comparisons.
  it.each([
    "best seahorse species for a beginner",
    "which powerhead brand is best, ecotech or ai",
    "my cat licked some spilled aquarium salt, is she ok",
  ])("refuses %j, whose subject no guide teaches", (question) => {
    expect(retriever.answer(question).grounded).toBe(false);
  });

  it('reads "brand new" as new, not as a brand', () => {
    expect(retriever.answer("what fish should go in first in a brand new tank").grounded).toBe(true);
  });

  // Round 5: the whole scores under the threshold (0.26, 0.15, 0.33 before); the clause that asks answers.
  it.each([
    [
      "ok weird one, came home from work today and my wife wants to know. how do I keep my alk stable",
      [
        "/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery#alkalinity-stability",
        "/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery#measuring-alkalinity-consumption",
      ],
    ],
    [
      "so my buddy at the club was telling me a bunch of stuff about his setup, anyway how often should i harvest chaeto",
      ["/care#when-to-harvest-chaeto"],
    ],
    [
      "the weather was odd today, we went shopping for shoes, the neighbours were loud all night, my uncle bought a car, the kids had colds, anyway how do I keep my alk stable",
      [
        "/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery#alkalinity-stability",
        "/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery#measuring-alkalinity-consumption",
      ],
    ],
  ])("answers the asking clause of the chatty %j", (question, urls) => {
    // "Keep my alk stable" is answered by the stability section or by dosing to the measured
    // consumption; which of the two ranks first moved with the learned asks and neighbours (rounds 7, 8).
    const answer = retriever.answer(question);
    expect(answer.grounded).toBe(true);
    expect(urls).toContain(answer.sources[0]?.url);
    expect(isQuotedFromSources(answer, sections)).toBe(true);
  });

  // A known miss since round 9: the whole question scores 0.62 for the lfs's bottled bacteria
  // (ammonia sources), which the section classifier favours for "lfs", "guy" and "help" learned from
  // held-out 12; the asking clause alone gets the cycle's length at 1.00. Judging the clauses of
  // every question answered under 0.8 fixed it and lost 0.6 points of top-1 over the thirteen sets,
  // so it stays a miss: this test fails (and must be moved back to the list above) once it is fixed.
  it("answers the asking clause of the chatty 'long story short …, how long does a fishless cycle take'", () => {
    const answer = retriever.answer(
      "long story short the lfs guy was no help and the forums argue about everything, how long does a fishless cycle take",
    );
    expect(answer.sources[0]?.url).toBe("/reef-wisdom/lazy-reefer-guide/tank-setup-fundamentals#how-long-it-takes");
  });

  // Known misses of the engine that answers from the content alone (decision 050): each test fails
  // until it is fixed, and then moves back among the tests above. The koi pond reads more like the
  // care page's declined questions about ponds than like its asks, and is refused whole.

  it.fails("answers a question naming an outside subject when the section names it too", () => {
    const answer = retriever.answer("can i toss my extra chaeto in the koi pond");
    expect(answer.grounded).toBe(true);
    expect(answer.sources[0]?.url).toBe("/care#what-to-do-with-harvested-chaeto");
  });

  it("reads character trigrams of the analysed terms, so a typo keeps most of them", () => {
    const right = trigrams("aiptasia");
    const typo = trigrams("aptasia");
    expect([...typo].filter((g) => right.has(g)).length / right.size).toBeGreaterThan(0.6);
  });

  it("loads every guide and the wisdom pages", () => {
    const docs = new Set(sections.map((s) => s.url.split("#")[0]));
    expect(docs.size).toBe(
      fs.readdirSync(path.join(CONTENT_DIR, "guides")).filter((f) => f.endsWith(".md")).length +
        WISDOM_PAGE_SLUGS.length,
    );
    expect(sections.every((s) => realAnchors.has(s.url))).toBe(true);
  });

  it.each(QUESTIONS)("finds the section for %j in the top 3", (question, expected) => {
    expect(retriever.search(question, 3).map((h) => h.section.url)).toContain(expected);
  });

  it.each(QUESTIONS)("answers %j only with text from real, cited sections", (question) => {
    const answer = retriever.answer(question);
    expect(answer.grounded).toBe(true);
    expect(answer.sources.length).toBeGreaterThanOrEqual(1);
    expect(answer.sources.length).toBeLessThanOrEqual(3);
    for (const source of answer.sources) {
      expect(realAnchors.has(source.url)).toBe(true);
      expect(source.title).toMatch(/^.+ — .+$/);
    }
    expect(isQuotedFromSources(answer, sections)).toBe(true);
    // Three passages at most, or a procedure's steps from the first, or a list with the sentence
    // that announces it.
    for (const quote of answer.quotes) {
      const pieces = quote.text.split(" … ");
      const steps = pieces.every((piece, i) => piece.startsWith(`Step ${i + 1}: `));
      if (pieces.length > 3) expect(steps || pieces.some((piece) => piece.endsWith(":"))).toBe(true);
    }
  });

  it.each(OFF_TOPIC)("says the guides don't cover %j", (question) => {
    expect(refused(retriever.answer(question))).toBe(true);
  });

  it("quotes a table row with its column headers when the answer is in a table", () => {
    const answer = retriever.answer("what calcium level should I keep");
    expect(answer.grounded).toBe(true);
    expect(answer.answer).toMatch(/400–450 ppm/);
    expect(isQuotedFromSources(answer, sections)).toBe(true);
  });

  it("never quotes a numbered step without its number and heading", () => {
    const answer = retriever.answer("how do I measure how much alkalinity my corals use each day");
    expect(answer.sources[0]?.url).toMatch(/#measuring-alkalinity-consumption$/);
    for (const piece of answer.quotes[0]!.text.split(" … ")) expect(piece).toMatch(/^Step \d+: /);
    expect(answer.quotes[0]!.heading).toContain("Measuring alkalinity consumption");
  });

  it("suggests the closest guide when it refuses a question near one", () => {
    const answer = retriever.answer("CO2 bubble count for the calcium reactor effluent");
    expect(refused(answer)).toBe(true);
    expect(answer.suggestion?.url).toMatch(/^\/reef-wisdom\/lazy-reefer-guide\/[a-z-]+$/);
  });

  it("quotes a procedure from its first step for someone asking what to do", () => {
    // It quoted steps 3 and 4 (find the source, lower the water), without "Protect yourself first".
    const answer = retriever.answer("my tank is leaking all over the floor!!! what do i do");
    expect(answer.sources[0]?.url).toMatch(/reef-emergencies#leaks-and-floods$/);
    expect(answer.quotes[0]!.text).toMatch(/^Step 1: Protect yourself first\./);
    expect(answer.quotes[0]!.text).toContain("Step 2: Stop the water.");
    // Asked for one step, it quotes that step.
    expect(retriever.answer("how do i find where my tank is leaking").quotes[0]!.text).toMatch(
      /^Step 3: Find the source/,
    );
  });

  it("suggests no guide for a refused question that isn't about reef keeping", () => {
    // "topping" matched "top off" in the water-chemistry guide, which was then suggested for pizza.
    const answer = retriever.answer("what's the best pizza topping?");
    expect(refused(answer)).toBe(true);
    expect(answer.contact?.url).toBe("/contact");
    expect(answer.suggestion).toBeUndefined();
  });

  it("keeps the benchmark's expected anchors real and its top-3 rate from regressing", () => {
    const bench = JSON.parse(fs.readFileSync(BENCH_FILE, "utf8")) as {
      questions: Array<{ question: string; expected: string; alsoAccept?: string[] }>;
    };
    expect(bench.questions.length).toBeGreaterThanOrEqual(45);
    const accepted = bench.questions.map((q) => [q.expected, ...(q.alsoAccept ?? [])]);
    expect(accepted.flat().filter((url) => !realAnchors.has(url))).toEqual([]);
    const hits = bench.questions.filter((q, i) =>
      retriever.search(q.question, 3).some((h) => accepted[i]!.includes(h.section.url)),
    ).length;
    // Measured at about 94 %; the floor leaves room for content edits without hiding a real regression.
    expect(hits / bench.questions.length).toBeGreaterThanOrEqual(0.85);
  });
});

describe("section asks", () => {
  // A guide edit that renames an anchor would silently orphan its asks.
  it("names only sections that exist, and every one reaches its section", () => {
    let named = 0;
    const orphans = ["guides", "pages"].flatMap((dir) =>
      fs.readdirSync(path.join(CONTENT_DIR, dir)).flatMap((file) => {
        const { data, content } = matter(fs.readFileSync(path.join(CONTENT_DIR, dir, file), "utf8"));
        const anchors = new Set(renderMarkdown(content).sections.map((s) => s.id));
        named += Object.keys((data.asks ?? {}) as object).length;
        return Object.keys((data.asks ?? {}) as object)
          .filter((anchor) => !anchors.has(anchor))
          .map((anchor) => `${file}#${anchor}`);
      }),
    );
    expect(orphans).toEqual([]);
    expect(named).toBeGreaterThan(300);
    expect(loadWisdomSectionsFromFiles(CONTENT_DIR).filter((s) => s.asks?.length).length).toBe(named);
  });
});

describe("neighbours: reefers' earlier questions (round 8)", () => {
  const sections = loadWisdomSectionsFromFiles(CONTENT_DIR);
  const nothing = { asks: {}, offTopic: [] };
  // Building a retriever on every set's learned questions takes seconds on a busy CI machine (one
  // case timed out at 5 s): build each distinct one once.
  const built = new Map<string, ReturnType<typeof createRetriever>>();
  const withoutDeclines = sections.map(({ declines: _, ...s }) => s);
  const answered = (
    learned: { asks: Record<string, string[]>; offTopic: string[] },
    question: string,
    from: WisdomSection[] = sections,
  ) => {
    const key = JSON.stringify(learned) + (from === sections ? "" : " without declines");
    let retriever = built.get(key);
    if (!retriever) built.set(key, (retriever = createRetriever(withLearned(from, learned))));
    return retriever.answer(question);
  };

  it("count a close earlier question as evidence that everyday words are about reef keeping", () => {
    // ("my tank" would say it is about a tank, and so reef keeping, since round 9.)
    const question = "can i put it right next to a window";
    // Two everyday words and no reef word: no evidence on the guides alone.
    expect(answered(nothing, question).grounded).toBe(false);
    const learned = {
      asks: { "tank-setup-fundamentals#light-heat-and-traffic": ["is it ok to put the tank next to a window"] },
      offTopic: [],
    };
    const answer = answered(learned, question);
    expect(answer.grounded).toBe(true);
    expect(answer.sources[0]?.url).toMatch(/tank-setup-fundamentals#light-heat-and-traffic$/);
  });

  it("refuse a question closest to an earlier off-topic one", () => {
    const question = "how fast is a mantis shrimp punch";
    // The compatibility guide says what mantis shrimp kill, not how they strike.
    expect(answered(nothing, question, withoutDeclines).grounded).toBe(true);
    const offTopic = { asks: {}, offTopic: ["how hard can a mantis shrimp punch"] };
    expect(answered(offTopic, question, withoutDeclines).grounded).toBe(false);
  });

  // Round 15, from held-out 19's answered off-topic questions (no learned questions here).
  // A clause stands in for the question only when it or the whole question is about reef keeping:
  // reefers' "should I worry" questions made these clauses look covered (round 14's code answered
  // all three, with the learned questions of every set but the two these come from).
  it.each([
    "tire pressure light came on after the cold snap, should i worry",
    "my car makes a grinding noise when i brake, should i be worried or can it wait",
    "the check engine light came on after the cold snap, should i worry",
  ])("refuse %j: its only covered-looking part is an everyday clause", (question) => {
    expect(answered(nothing, question).grounded).toBe(false);
  });

  // No list of topics refuses anything: a message that reads more like a question the guides
  // don't answer than like one they do is refused whole, however covered one clause looks.
  it("refuses a message closer to known off-topic questions than to covered ones, not rescued by a clause", () => {
    const question = "I'm desperate to set up a seahorse tank, maybe 150 litres tall. What temperature do they like?";
    expect(answered(nothing, question).grounded).toBe(false);
    // Its temperature clause, asked alone, is answered.
    expect(answered(nothing, "What temperature do they like?", withoutDeclines).grounded).toBe(true);
  });

  // Round 17, from held-out 24's blind run: a clause with no subject of its own ("should i worry")
  // stands in for the question only when the rest ties it to its answer.
  it.each([
    "theres a wasp nest under my deck, how do i get rid of it safely",
    "whats the difference between sodium nitrate and nitrite in cured meats like bacon, should i worry",
  ])("refuse %j: its covered-looking clause has no subject, and the rest nothing to do with the answer", (question) => {
    expect(answered(nothing, question).grounded).toBe(false);
  });

  it("answers whether a land hermit can go in a reef from the section that says they are not covered", () => {
    const answer = answered(nothing, "can i put my kids land hermit crab in the reef tank");
    expect(answer.grounded).toBe(true);
    expect(answer.sources[0]?.url).toBe("/hermit#land-hermit-crabs-are-not-covered-here");
  });

  // Held-out 26 and 27's blind runs: land hermits' care was answered from the weekly tasks. Only the
  // section that says they are not covered (and why) may answer a question about them, or none.
  it.each([
    "what substrate should i use in my land hermit terrarium",
    "my kid has land hermit crabs in a terrarium, what humidity % and how deep should the sand be so they can molt",
    "whats the right substrate and humidity for land hermit crabs, mine are coenobita in a glass tank",
  ])("answers %j only by saying land hermits are not covered, if at all", (question) => {
    const answer = answered(nothing, question);
    if (answer.grounded) expect(answer.sources[0]?.url).toBe("/hermit#land-hermit-crabs-are-not-covered-here");
    else expect(answer.suggestion?.url ?? "/hermit").toBe("/hermit");
  });

  // A known miss since decision 050 (the guides' own asks only): "biocube", a word they never use,
  // weighs the whole under the threshold and the clause alone names nothing of reef keeping.
  it.fails("still answers the asking clause when the rest of the question is about the reef", () => {
    const answer = answered(nothing, "first reef ever (32g biocube), what should i be looking at every day");
    expect(answer.grounded).toBe(true);
    expect(answer.sources[0]?.url).toContain("feeding-and-maintenance#daily-checks");
  });

  it.each([
    // "We don't sell fish medications" says "sell", and nothing about clownfish or tangs.
    ["do you sell clownfish", "clownfish"],
    ["does lazy reefer stock tangs?", "tangs"],
    ["do you guys carry any live rock here?", "live rock"],
    ["do u sell the coral food by any chance", "coral food"],
    ["do you sell live rock, i need about 20 lbs for a new build", "live rock"],
    ['DO YOU SELL "Live Rock"?', "live rock"],
  ])("refuse %j as a question for the catalogue, asking it for %j", (question, item) => {
    const answer = answered(nothing, question);
    expect(answer.grounded).toBe(false);
    expect(answer.stockQuery).toBe(item);
  });

  it("suggests the guide about what a stock question asks for, not the one that says 'sell'", () => {
    expect(answered(nothing, "do you sell chaeto").suggestion?.url).toBe("/care");
    expect(answered(nothing, "do you sell clownfish").suggestion?.url).toBe(
      "/reef-wisdom/lazy-reefer-guide/anemones-and-clownfish",
    );
  });

  it("reads 'what kind of' as 'what': 'kind' is no word of the guides, so it weighed as the subject", () => {
    // Refused at 0.09 before round 16: the unknown "kind" outweighed "sand" fivefold.
    const answer = answered(nothing, "what kind of sand should i use in a reef");
    expect(answer.grounded).toBe(true);
    expect(answer.sources[0]?.url).toContain("tank-setup-fundamentals#sand-");
  });

  it("asks the catalogue nothing when the stock question runs on past a product's name", () => {
    const answer = answered(nothing, "do you carry the red sea reef care program test kits or not");
    expect(answer.grounded).toBe(false);
    expect(answer.stockQuery).toBeUndefined();
    expect(answered(nothing, "how do i get rid of aiptasia").stockQuery).toBeUndefined();
    expect(answered(nothing, "do you sell a").stockQuery).toBeUndefined();
  });

  it.each([
    ["do you sell fish meds", "fish-diseases-and-quarantine#our-stance-on-fish-medication"],
    ["do i need a gfci outlet for the tank", "tank-setup-fundamentals#power-and-water-access"],
    ["will my hawkfish eat hermit crabs", "/hermit#"],
    ["is a chaeto reactor worth it under the cabinet", "/care#"],
  ])("still answers %j", (question, url) => {
    const answer = answered(nothing, question);
    expect(answer.grounded).toBe(true);
    expect(answer.sources[0]?.url).toContain(url);
  });

  it.each([
    ["how long can my fish live without power", "reef-emergencies#"],
    ["how long does a fishless cycle take", "tank-setup-fundamentals#how-long-it-takes"],
    ["how much does shipping cost", "/shipping-info#"],
    ["can chaeto become invasive in the wild if i throw it out", "/care#what-to-do-with-harvested-chaeto"],
    ["how old does my tank have to get before i add corals", "tank-setup-fundamentals#"],
    ["can i return chaeto that arrived dead", "/shipping-info#"],
    ["do you guys sell fish meds", "fish-diseases-and-quarantine#our-stance-on-fish-medication"],
    ["how long should i drip acclimate snails", "feeding-and-maintenance#cleanup-crew-acclimation"],
    ["my tang has a cloudy eye and keeps flashing", "fish-diseases-and-quarantine#"],
    ["my clownfish has white spots", "fish-diseases-and-quarantine#"],
    ["how do i frag a zoa colony", "coral-placement-and-fragging#how-to-frag-soft-corals-and-zoanthids"],
    ["how many years does an ro membrane last", "rodi-and-icp-tests#"],
  ])("still answer %j, which the gaps must not catch", (question, anchor) => {
    const answer = answered(nothing, question);
    expect(answer.grounded).toBe(true);
    expect(answer.sources[0]?.url).toContain(anchor);
  });

  // A known miss since decision 050: "tidepool" and "cold", words the guides never use together
  // with snails, weigh it under the threshold. It moves back to the list above once answered.
  it.fails('still answers "cold water snails from a tidepool ok in my reef?"', () => {
    const answer = answered(nothing, "cold water snails from a tidepool ok in my reef?");
    expect(answer.grounded).toBe(true);
    expect(answer.sources[0]?.url).toContain("feeding-and-maintenance#");
  });

  it.each([
    ["calcuim is 520, is that too high", "calcium is 520, is that too high"],
    ["nitrtae is 40 ppm what do i do", "nitrate is 40 ppm what do i do"],
  ])("read two swapped letters as the word the guides use: %j", (question, spelled) => {
    // Without it: the alkalinity section, and a refusal. With it: whatever the right spelling gets.
    const answer = answered(nothing, question);
    expect(answer.grounded).toBe(true);
    expect(answer.sources[0]?.url).toBe(answered(nothing, spelled).sources[0]?.url);
  });

  // Where the reefer comes from is background; the question is about the reef.
  it("answers a reef question that says where the reefer comes from", () => {
    const question = "new to salt, coming from planted tanks. what numbers should i be aiming for on a mixed reef";
    const answer = answered(nothing, question);
    expect(answer.grounded).toBe(true);
    expect(answer.sources[0]?.url).toMatch(/water-chemistry-mastery#reef-water-parameter-target-ranges$/);
  });

  // Round 12: misspelt words are read as the guides' words (spelling.server.ts); these were refused.
  it.each([
    ["what ph sould a reef tank be", "what ph should a reef tank be"],
    ["what do i need for a quarentine tank setup", "what do i need for a quarantine tank setup"],
    ["my tnak is leaking all over the floor!!! what do i do", "my tank is leaking all over the floor!!! what do i do"],
  ])("answers %j as if it were spelt right", (question, spelled) => {
    const answer = answered(nothing, question);
    expect(answer.grounded).toBe(true);
    expect(answer.sources[0]?.url).toBe(answered(nothing, spelled).sources[0]?.url);
    expect(answer.confidence).toBeCloseTo(answered(nothing, spelled).confidence, 5);
  });

  it.each([
    ["radion or kessil for a 24 inch tank, which is better", false],
    ["apex vs hydros controller, which one should i buy", false],
    ["copper vs tank transfer for ich", true],
    ["float swtich vs optical sensor for an ato", true],
  ])("refuse a comparison of products the guides never name: %j answered %s", (question, grounded) => {
    expect(answered(nothing, question).grounded).toBe(grounded);
  });
});
