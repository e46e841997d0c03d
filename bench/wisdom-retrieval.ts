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
 * Usage: npx tsx bench/wisdom-retrieval.ts [--development | --fit-ranker | --calibrate]
 *   --development scores the development sets only (never held-out 3), for tuning
 *   --fit-ranker fits the re-ranker's weights (listwise softmax on the development sets: dev,
 *                held-out 1 and held-out 2, never held-out 3), first checking on a split
 *                (fit on dev + held-out 1, score held-out 2) that it generalises.
 *   --calibrate  fits the refusal calibration (logistic regression on the development sets only)
 *                and prints the weights and threshold to put in DEFAULT_TUNING.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { developmentSet, heldOutSet } from "../app/models/wisdom/eval-sets.server";
import { evaluate, expandUrl, parentUrls, type EvalReport, type EvalSet } from "../app/models/wisdom/evaluate";
import { loadWisdomSectionsFromFiles } from "../app/models/wisdom/load-sections.server";
import {
  createRetriever,
  DEFAULT_TUNING,
  hasReefEvidence,
  KNOWN_GAPS,
  RANK_FEATURES,
  type RankFeature,
  type WisdomFeatures,
} from "../app/models/wisdom/retriever";

const here = path.dirname(fileURLToPath(import.meta.url));
const contentDir = path.join(here, "..", "app", "content");

const sections = loadWisdomSectionsFromFiles(contentDir);
const sets: Record<"development" | "held-out" | "held-out 2" | "held-out 3", EvalSet> = {
  development: developmentSet(),
  // Run blind once (results/wisdom-retrieval-2026-11-24-heldout-blind.json); its misses then
  // informed general fixes, so it is reported but no longer blind.
  "held-out": heldOutSet(1),
  // Written after those fixes, before its first run.
  "held-out 2": heldOutSet(2),
  // Written before the re-ranker work (frozen before tuning); the only set that is still blind.
  "held-out 3": heldOutSet(3),
};

// A benchmark that points at anchors which no longer exist measures nothing: fail loudly.
const knownUrls = new Set(sections.map((s) => s.url));
const missingAnchors = Object.values(sets).flatMap((set) =>
  set.questions.flatMap((q) =>
    q.expected.map(expandUrl).flatMap((url) => (knownUrls.has(url) ? [] : [{ question: q.question, url }])),
  ),
);

if (process.argv.includes("--fit-ranker")) {
  fitRanker();
  process.exit(0);
}

if (process.argv.includes("--calibrate")) {
  // Held-out 1 and 2 have informed fixes, so they are development data now; held-out 3 is never used.
  const development = [sets.development, sets["held-out"], sets["held-out 2"]];
  calibrate({
    questions: development.flatMap((set) => set.questions),
    offTopic: development.flatMap((set) => set.offTopic),
  });
  process.exit(0);
}

const built = performance.now();
const retriever = createRetriever(sections);
const buildMs = Math.round(performance.now() - built);
// --development leaves out held-out 3, so tuning never sees it.
const scored = Object.entries(sets).filter(
  ([name]) => !(process.argv.includes("--development") && name === "held-out 3"),
);
const reports = Object.fromEntries(scored.map(([name, set]) => [name, evaluate(retriever, set, sections)])) as Record<
  keyof typeof sets,
  EvalReport
>;

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
 * weighted up to balance the classes) on the development sets only, then picks the threshold
 * that costs least there (an answered off-topic question costs five refused covered ones).
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
  // The threshold that costs least on the development sets, an answered off-topic question (it
  // misleads) costing OFF_TOPIC_COST refused covered ones (they get a contact link). Refusing every
  // development off-topic question outright is no longer possible: "how to test my well water for
  // nitrate" scores like a covered nitrate question, and chasing it would refuse a third of them.
  const OFF_TOPIC_COST = 5;
  const offTopicMax = Math.max(0, ...data.filter((d) => d.y === 0 && !d.ruled).map((d) => prob(d.x)));
  const cost = (t: number) =>
    data.filter((d) => d.y === 1 && prob(d.x) < t).length +
    OFF_TOPIC_COST * data.filter((d) => d.y === 0 && !d.ruled && prob(d.x) >= t).length;
  let threshold = 0.5;
  for (let t = 0.3; t <= 0.95; t += 0.01) if (cost(t) < cost(threshold)) threshold = Math.round(t * 100) / 100;
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

/**
 * Fits the re-ranker: for each covered question, the 40 best-ranked passages under the current
 * weights are the candidates, those from an answering section the positives; the loss is the
 * listwise softmax (−log of the probability mass on the positives), which aims straight at top-1,
 * with an L2 pull towards the previous weights so a feature that few questions exercise can't run
 * away. Candidates are re-collected under the new weights three times, as the pool moves with
 * them. Deterministic: same data, same weights.
 */
function fitRanker() {
  const parents = parentUrls(sections);
  const answers = (expected: string[], url: string) =>
    expected.includes(url) || expected.includes(parents.get(url) ?? "");
  const questionsOf = (...names: Array<keyof typeof sets>) =>
    names.flatMap((n) => sets[n].questions.map((q) => ({ question: q.question, expected: q.expected.map(expandUrl) })));

  const fit = (train: ReturnType<typeof questionsOf>, start: Record<RankFeature, number>) => {
    let w = { ...start };
    for (let round = 0; round < 3; round++) {
      const probe = createRetriever(sections, { ranker: w });
      const data = train
        .map((q) =>
          probe.candidates(q.question, 40).map((c) => ({
            x: RANK_FEATURES.map((name) => c.features[name]),
            pos: answers(q.expected, c.url),
          })),
        )
        .filter((cands) => cands.some((c) => c.pos) && cands.some((c) => !c.pos));
      const prior = RANK_FEATURES.map((name) => start[name]);
      const v = RANK_FEATURES.map((name) => w[name]);
      const L2 = Number(process.env.RANKER_L2 ?? 0.01);
      for (let step = 0; step < 3000; step++) {
        const grad = v.map((x, i) => L2 * (x - prior[i]!));
        for (const cands of data) {
          const scores = cands.map((c) => c.x.reduce((s, x, i) => s + x * v[i]!, 0));
          const max = Math.max(...scores);
          const e = scores.map((s) => Math.exp(s - max));
          const all = e.reduce((a, b) => a + b, 0);
          const posMass = e.reduce((a, b, i) => a + (cands[i]!.pos ? b : 0), 0);
          cands.forEach((c, i) => {
            const g = e[i]! / all - (c.pos ? e[i]! / posMass : 0);
            c.x.forEach((x, j) => (grad[j]! += (g * x) / data.length));
          });
        }
        v.forEach((_, i) => (v[i]! -= 0.5 * grad[i]!));
      }
      w = Object.fromEntries(RANK_FEATURES.map((name, i) => [name, Math.round(v[i]! * 100) / 100])) as typeof w;
    }
    return w;
  };
  const top1 = (w: Record<RankFeature, number>, set: EvalSet) =>
    evaluate(createRetriever(sections, { ranker: w }), set, sections);
  // "ranked first" is the ranking alone (refusals aside): the share whose first-ranked section answers.
  const show = (label: string, r: EvalReport) => {
    const first = r.rows.filter((row) => row.top3[0] !== undefined && answers(row.expected, row.top3[0])).length;
    const ranked = Math.round((1000 * first) / Math.max(1, r.rows.length)) / 10;
    console.log(
      `  ${label}: top-1 ${r.top1} %, ranked first ${ranked} %, top-3 ${r.top3} %, false refusals ${r.falseRefusal} %`,
    );
  };

  console.log("Check: fit on development + held-out 1, score held-out 2 (not seen by this fit)");
  show("held-out 2 before", top1(DEFAULT_TUNING.ranker, sets["held-out 2"]));
  const split = fit(questionsOf("development", "held-out"), DEFAULT_TUNING.ranker);
  show("held-out 2 after ", top1(split, sets["held-out 2"]));

  const w = fit(questionsOf("development", "held-out", "held-out 2"), DEFAULT_TUNING.ranker);
  console.log("Fitted on development + held-out 1 + held-out 2:");
  for (const name of ["development", "held-out", "held-out 2"] as const) show(name, top1(w, sets[name]));
  console.log("ranker:", w);
}
