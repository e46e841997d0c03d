/**
 * Reef-wisdom answer quality, on the development set (bench/wisdom-questions.json plus
 * bench/wisdom-dev.json: tuning may look at these) and on the frozen held-out sets
 * (bench/wisdom-heldout.json, written before tuning; bench/wisdom-heldout2.json, written after the
 * first one's blind run had informed fixes; neither is ever edited to pass). For each set it prints
 * top-1 (the first cited section answers the question, and the answer holds the expected figure
 * when one is given), top-3 (the answering section is among the first three ranked), false
 * refusals, off-topic questions refused, and answer latency p50/p99 (one `answer()` call, as the
 * API does it). Exits non-zero when an expected anchor does not exist (a stale benchmark).
 *
 * Usage: npx tsx bench/wisdom-retrieval.ts [--calibrate]
 *   --calibrate  fits the refusal calibration (logistic regression on the development set only)
 *                and prints the weights and threshold to put in DEFAULT_TUNING.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { developmentSet, heldOutSet } from "../app/models/wisdom/eval-sets.server";
import { evaluate, expandUrl, type EvalReport, type EvalSet } from "../app/models/wisdom/evaluate";
import { loadWisdomSectionsFromFiles } from "../app/models/wisdom/load-sections.server";
import {
  createRetriever,
  DEFAULT_TUNING,
  hasReefEvidence,
  KNOWN_GAPS,
  type WisdomFeatures,
} from "../app/models/wisdom/retriever";

const here = path.dirname(fileURLToPath(import.meta.url));
const contentDir = path.join(here, "..", "app", "content");

const sections = loadWisdomSectionsFromFiles(contentDir);
const sets: Record<"development" | "held-out" | "held-out 2", EvalSet> = {
  development: developmentSet(),
  // Run blind once (results/wisdom-retrieval-2026-11-24-heldout-blind.json); its misses then
  // informed general fixes, so it is reported but no longer blind.
  "held-out": heldOutSet(1),
  // Written after those fixes, before its first run.
  "held-out 2": heldOutSet(2),
};

// A benchmark that points at anchors which no longer exist measures nothing: fail loudly.
const knownUrls = new Set(sections.map((s) => s.url));
const missingAnchors = Object.values(sets).flatMap((set) =>
  set.questions.flatMap((q) =>
    q.expected.map(expandUrl).flatMap((url) => (knownUrls.has(url) ? [] : [{ question: q.question, url }])),
  ),
);

if (process.argv.includes("--calibrate")) {
  calibrate(sets.development);
  process.exit(0);
}

const built = performance.now();
const retriever = createRetriever(sections);
const buildMs = Math.round(performance.now() - built);
const reports = Object.fromEntries(
  Object.entries(sets).map(([name, set]) => [name, evaluate(retriever, set, sections)]),
) as Record<keyof typeof sets, EvalReport>;

console.log(`Reef wisdom: ${sections.length} sections, index built in ${buildMs} ms\n`);
console.table(
  Object.fromEntries(
    Object.entries(reports).map(([name, r]) => [
      name,
      {
        covered: r.questions,
        "top-1 %": r.top1,
        "top-3 %": r.top3,
        "false refusals %": r.falseRefusal,
        "off-topic refused %": `${r.offTopicRefused} of ${r.offTopicQuestions}`,
        "p50 ms": r.p50Ms,
        "p99 ms": r.p99Ms,
      },
    ]),
  ),
);

const short = (url: string | null) => (url ?? "—").replace("/reef-wisdom/lazy-reefer-guide/", "");
for (const [name, r] of Object.entries(reports)) {
  const misses = r.rows.filter((row) => !row.top1);
  if (misses.length > 0) console.log(`\n${name}: not answered by the first cited section`);
  for (const row of misses) {
    const why = row.refused ? "refused" : row.includesOk ? "cited" : "cited, but without the expected figure";
    console.log(`  ✗ "${row.question}" (confidence ${row.confidence})\n      ${why} ${short(row.cited)}`);
    console.log(`      expected ${row.expected.map(short).join(" | ")}`);
  }
  for (const o of r.offTopic.filter((x) => !x.refused)) {
    console.log(`  ! off-topic answered: "${o.question}" → ${short(o.cited)} (confidence ${o.confidence})`);
  }
}

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
      sections: sections.length,
      buildMs,
      missingAnchors,
      reports,
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

/**
 * Fits P(covered | features) by logistic regression (gradient descent, off-topic questions
 * weighted up to balance the classes) on the development set only, then picks the threshold:
 * the lowest one that still refuses every development off-topic question with a margin of 0.05.
 */
function calibrate(set: EvalSet) {
  const probe = createRetriever(sections, JSON.parse(process.env.WISDOM_TUNING ?? "{}") as object);
  const vector = (f: WisdomFeatures | null) =>
    f ? [1, f.sectionCoverage, f.passageCoverage, f.specificity, f.reefTerm, f.headingCoverage] : [1, 0, 0, 0, 0, 0];
  const data = [
    ...set.questions.map((q) => ({ q: q.question, x: vector(probe.features(q.question)), y: 1, w: 1, ruled: false })),
    ...set.offTopic.map((q) => ({
      q,
      x: vector(probe.features(q)),
      y: 0,
      w: set.questions.length / set.offTopic.length,
      // Off-topic questions that the fixed rules already refuse (a known gap; no reef word and
      // fewer than three words matched) don't constrain the threshold.
      ruled:
        KNOWN_GAPS.some((gap) => new RegExp(`\\b${gap}\\b`).test(q.toLowerCase())) ||
        !((f) => f !== null && hasReefEvidence(f))(probe.features(q)),
    })),
  ];
  const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
  const L2 = 0.002;
  const weights = [0, 0, 0, 0, 0, 0];
  for (let step = 0; step < 20000; step++) {
    const grad = [0, 0, 0, 0, 0, 0];
    for (const d of data) {
      const err = sigmoid(d.x.reduce((s, v, i) => s + v * weights[i]!, 0)) - d.y;
      d.x.forEach((v, i) => (grad[i]! += d.w * err * v));
    }
    // A light L2 penalty (not on the bias) keeps the curve from becoming a cliff fitted to a few questions.
    weights.forEach((w, i) => (weights[i]! -= 0.5 * (grad[i]! / data.length + (i === 0 ? 0 : L2 * w))));
  }
  const prob = (x: number[]) => sigmoid(x.reduce((s, v, i) => s + v * weights[i]!, 0));
  // The natural boundary (0.5), raised when an off-topic question the rules let through scores higher.
  const offTopicMax = Math.max(0, ...data.filter((d) => d.y === 0 && !d.ruled).map((d) => prob(d.x)));
  const threshold = Math.min(0.95, Math.max(0.5, offTopicMax + 0.05));
  for (const t of [0.3, 0.4, 0.5, 0.6, 0.7]) {
    const covered = data.filter((d) => d.y === 1 && prob(d.x) < t).length;
    const offTopic = data.filter((d) => d.y === 0 && !d.ruled && prob(d.x) >= t).length;
    console.log(`  at ${t}: ${covered} covered refused, ${offTopic} rule-passing off-topic answered`);
  }
  const refused = data.filter((d) => d.y === 1 && prob(d.x) < threshold).length;
  const round = (v: number) => Math.round(v * 100) / 100;
  console.log("calibration:", {
    bias: round(weights[0]!),
    section: round(weights[1]!),
    passage: round(weights[2]!),
    specificity: round(weights[3]!),
    reefTerm: round(weights[4]!),
    heading: round(weights[5]!),
  });
  const near = data.filter((d) => !d.ruled && Math.abs(prob(d.x) - threshold) < 0.25);
  for (const d of near) console.log(`  ${d.y ? "covered " : "off-topic"} ${round(prob(d.x))} ${d.q}`);
  console.log(`threshold: ${round(threshold)} (highest off-topic probability ${round(offTopicMax)})`);
  console.log(`development false refusals at that threshold: ${refused} of ${set.questions.length}`);
  console.log("current DEFAULT_TUNING.calibration:", DEFAULT_TUNING.calibration, "threshold", DEFAULT_TUNING.threshold);
}
