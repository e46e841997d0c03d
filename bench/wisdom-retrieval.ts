/**
 * Reef-wisdom retrieval quality: runs every question in bench/wisdom-questions.json against the
 * real guides and reports top-1 / top-3 hit rates, the misses, whether answers are grounded and
 * cite the right section, and that off-topic questions are turned away.
 * Exits non-zero when an expected anchor does not exist in the content (a stale benchmark).
 * Usage: npx tsx bench/wisdom-retrieval.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadWisdomSectionsFromFiles } from "../app/models/wisdom/load-sections.server";
import { createRetriever } from "../app/models/wisdom/retriever";

interface BenchQuestion {
  question: string;
  expected: string;
  alsoAccept?: string[];
  /**
   * Absent: the tuning set. "holdout": written after a first round of tuning (its misses later
   * informed general fixes). "holdout2": written after all tuning, never used for it.
   */
  set?: "holdout" | "holdout2";
}

interface BenchFile {
  questions: BenchQuestion[];
  offTopic: string[];
  offTopicHoldout?: string[];
  offTopicHoldout2?: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const contentDir = path.join(here, "..", "app", "content");
const bench = JSON.parse(fs.readFileSync(path.join(here, "wisdom-questions.json"), "utf8")) as BenchFile;

const sections = loadWisdomSectionsFromFiles(contentDir);
const knownUrls = new Set(sections.map((s) => s.url));
const accepted = (q: BenchQuestion) => new Set([q.expected, ...(q.alsoAccept ?? [])]);

// A benchmark that points at anchors which no longer exist measures nothing: fail loudly.
const missingAnchors = bench.questions.flatMap((q) =>
  [...accepted(q)].filter((url) => !knownUrls.has(url)).map((url) => ({ question: q.question, url })),
);

// Which documents the questions cover (by URL path without the anchor).
const docOf = (url: string) => url.split("#")[0]!;
const allDocs = [...new Set(sections.map((s) => docOf(s.url)))].sort();
const coveredDocs = new Set(bench.questions.map((q) => docOf(q.expected)));

const retriever = createRetriever(sections);
const started = performance.now();
const perQuestion = bench.questions.map((q) => {
  const ok = accepted(q);
  const top = retriever.search(q.question, 3).map((h) => h.section.url);
  const answer = retriever.answer(q.question);
  return {
    question: q.question,
    set: q.set ?? "tuning",
    expected: q.expected,
    top3: top,
    top1Hit: top[0] !== undefined && ok.has(top[0]),
    top3Hit: top.some((url) => ok.has(url)),
    grounded: answer.grounded,
    citesExpected: answer.sources.some((s) => ok.has(s.url)),
  };
});
const offTopicQuestions = [
  ...bench.offTopic.map((question) => ({ question, set: "tuning" })),
  ...(bench.offTopicHoldout ?? []).map((question) => ({ question, set: "holdout" })),
  ...(bench.offTopicHoldout2 ?? []).map((question) => ({ question, set: "holdout2" })),
];
const offTopic = offTopicQuestions.map(({ question, set }) => {
  const answer = retriever.answer(question);
  return { question, set, grounded: answer.grounded, sources: answer.sources.map((s) => s.url) };
});
const elapsedMs = performance.now() - started;

const pct = (count: number, total: number) => (total === 0 ? 0 : Math.round((1000 * count) / total) / 10);

/** Rates for one slice of the questions (all, or one set). */
function rates(rows: typeof perQuestion, offRows: typeof offTopic) {
  return {
    questions: rows.length,
    top1: pct(rows.filter((r) => r.top1Hit).length, rows.length),
    top3: pct(rows.filter((r) => r.top3Hit).length, rows.length),
    groundedOnTopic: pct(rows.filter((r) => r.grounded).length, rows.length),
    answerCitesExpected: pct(rows.filter((r) => r.citesExpected).length, rows.length),
    offTopicQuestions: offRows.length,
    offTopicRejected: pct(offRows.filter((r) => !r.grounded).length, offRows.length),
  };
}
const bySet = (set: string) =>
  rates(
    perQuestion.filter((r) => r.set === set),
    offTopic.filter((r) => r.set === set),
  );
const summary = {
  sections: sections.length,
  all: rates(perQuestion, offTopic),
  tuning: bySet("tuning"),
  holdout: bySet("holdout"),
  holdout2: bySet("holdout2"),
  questionsWithAlsoAccept: bench.questions.filter((q) => (q.alsoAccept?.length ?? 0) > 0).length,
  msPerQuestion: Math.round((100 * elapsedMs) / (perQuestion.length + offTopic.length)) / 100,
};

console.log(`Reef-wisdom retrieval: ${perQuestion.length} questions over ${sections.length} sections\n`);
console.table(
  Object.fromEntries(
    (["all", "tuning", "holdout", "holdout2"] as const).map((k) => {
      const r = summary[k];
      return [
        k,
        {
          questions: r.questions,
          "top-1 %": r.top1,
          "top-3 %": r.top3,
          "grounded %": r.groundedOnTopic,
          "cites expected %": r.answerCitesExpected,
          "off-topic rejected %": `${r.offTopicRejected} of ${r.offTopicQuestions}`,
        },
      ];
    }),
  ),
);
console.log(`${summary.msPerQuestion} ms per question (search + answer)`);

const top3Misses = perQuestion.filter((r) => !r.top3Hit);
const top1Misses = perQuestion.filter((r) => r.top3Hit && !r.top1Hit);
if (top3Misses.length > 0) {
  console.log("\nMisses (expected section not in top 3):");
  for (const r of top3Misses)
    console.log(
      `  ✗ [${r.set}] "${r.question}"\n      expected ${r.expected}\n      got      ${r.top3.join("\n               ")}`,
    );
}
if (top1Misses.length > 0) {
  console.log("\nIn top 3 but not first:");
  for (const r of top1Misses)
    console.log(`  ~ [${r.set}] "${r.question}"\n      expected ${r.expected}\n      first    ${r.top3[0]}`);
}
const wronglyGrounded = offTopic.filter((r) => r.grounded);
if (wronglyGrounded.length > 0) {
  console.log("\nOff-topic questions that were answered anyway:");
  for (const r of wronglyGrounded) console.log(`  ! [${r.set}] "${r.question}" → ${r.sources.join(", ")}`);
}
const notGrounded = perQuestion.filter((r) => !r.grounded);
if (notGrounded.length > 0) {
  console.log("\nOn-topic questions answered as 'not covered':");
  for (const r of notGrounded) console.log(`  ? [${r.set}] "${r.question}"`);
}

const uncovered = allDocs.filter((d) => !coveredDocs.has(d));
if (uncovered.length > 0) console.log(`\nDocuments without a benchmark question: ${uncovered.join(", ")}`);

const outDir = path.join(here, "results");
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `wisdom-retrieval-${new Date().toISOString().slice(0, 10)}.json`);
fs.writeFileSync(
  outFile,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
      node: process.version,
      summary,
      missingAnchors,
      misses: top3Misses,
      notFirst: top1Misses,
      offTopic,
      results: perQuestion,
    },
    null,
    2,
  ),
);
console.log(`\nWrote ${path.relative(process.cwd(), outFile)}`);

if (missingAnchors.length > 0) {
  console.error(`\n${missingAnchors.length} expected anchor(s) do not exist in the content:`);
  for (const m of missingAnchors) console.error(`  "${m.question}" → ${m.url}`);
  process.exit(1);
}
