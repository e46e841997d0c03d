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
}

interface BenchFile {
  questions: BenchQuestion[];
  offTopic: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const contentDir = path.join(here, "..", "app", "content");
const bench = JSON.parse(fs.readFileSync(path.join(here, "wisdom-questions.json"), "utf8")) as BenchFile;

const sections = loadWisdomSectionsFromFiles(contentDir);
const knownUrls = new Set(sections.map((s) => s.url));
const accepted = (q: BenchQuestion) => new Set([q.expected, ...(q.alsoAccept ?? [])]);

// A benchmark that points at anchors which no longer exist measures nothing: fail loudly.
const missingAnchors = bench.questions.flatMap((q) => [...accepted(q)].filter((url) => !knownUrls.has(url)).map((url) => ({ question: q.question, url })));

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
    expected: q.expected,
    top3: top,
    top1Hit: top[0] !== undefined && ok.has(top[0]),
    top3Hit: top.some((url) => ok.has(url)),
    grounded: answer.grounded,
    citesExpected: answer.sources.some((s) => ok.has(s.url)),
  };
});
const offTopic = bench.offTopic.map((question) => {
  const answer = retriever.answer(question);
  return { question, grounded: answer.grounded, sources: answer.sources.map((s) => s.url) };
});
const elapsedMs = performance.now() - started;

const n = perQuestion.length;
const pct = (count: number, total: number) => (total === 0 ? 0 : Math.round((1000 * count) / total) / 10);
const summary = {
  sections: sections.length,
  questions: n,
  top1: pct(perQuestion.filter((r) => r.top1Hit).length, n),
  top3: pct(perQuestion.filter((r) => r.top3Hit).length, n),
  groundedOnTopic: pct(perQuestion.filter((r) => r.grounded).length, n),
  answerCitesExpected: pct(perQuestion.filter((r) => r.citesExpected).length, n),
  offTopicQuestions: offTopic.length,
  offTopicRejected: pct(offTopic.filter((r) => !r.grounded).length, offTopic.length),
  questionsWithAlsoAccept: bench.questions.filter((q) => (q.alsoAccept?.length ?? 0) > 0).length,
  msPerQuestion: Math.round((100 * elapsedMs) / (n + offTopic.length)) / 100,
};

console.log(`Reef-wisdom retrieval: ${n} questions over ${sections.length} sections`);
console.log(`  top-1 hit rate        ${summary.top1} %`);
console.log(`  top-3 hit rate        ${summary.top3} %`);
console.log(`  grounded (on-topic)   ${summary.groundedOnTopic} %`);
console.log(`  answer cites expected ${summary.answerCitesExpected} %`);
console.log(`  off-topic rejected    ${summary.offTopicRejected} % of ${offTopic.length}`);
console.log(`  ${summary.msPerQuestion} ms per question (search + answer)`);

const top3Misses = perQuestion.filter((r) => !r.top3Hit);
const top1Misses = perQuestion.filter((r) => r.top3Hit && !r.top1Hit);
if (top3Misses.length > 0) {
  console.log("\nMisses (expected section not in top 3):");
  for (const r of top3Misses) console.log(`  ✗ "${r.question}"\n      expected ${r.expected}\n      got      ${r.top3.join("\n               ")}`);
}
if (top1Misses.length > 0) {
  console.log("\nIn top 3 but not first:");
  for (const r of top1Misses) console.log(`  ~ "${r.question}"\n      expected ${r.expected}\n      first    ${r.top3[0]}`);
}
const wronglyGrounded = offTopic.filter((r) => r.grounded);
if (wronglyGrounded.length > 0) {
  console.log("\nOff-topic questions that were answered anyway:");
  for (const r of wronglyGrounded) console.log(`  ! "${r.question}" → ${r.sources.join(", ")}`);
}
const notGrounded = perQuestion.filter((r) => !r.grounded);
if (notGrounded.length > 0) {
  console.log("\nOn-topic questions answered as 'not covered':");
  for (const r of notGrounded) console.log(`  ? "${r.question}"`);
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
