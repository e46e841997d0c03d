/**
 * Scores the served reef-wisdom engine on a fresh forum-style set and prints issue 34's figures
 * (fresh-score.ts) and the latency of one answer, p50 / p99. Misses are listed only with
 * --misses, which makes the set development data: never pass it for a set that measures.
 *
 * Usage: npx tsx bench/wisdom/fresh.ts bench/wisdom/fresh-forum-2.json [--misses]
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRetriever } from "#app/models/wisdom/retriever";
import { readFreshSet, scoreFresh } from "./fresh-score";
import { loadWisdomSectionsFromFiles } from "./load-sections";

const file = process.argv[2];
if (!file) throw new Error("usage: fresh.ts <set.json> [--misses]");
const set = readFreshSet(file);
const sections = loadWisdomSectionsFromFiles(fileURLToPath(new URL("../../app/content", import.meta.url)));
const retriever = createRetriever(sections);
// The first answers pay for structures built on first use: time the warm server.
for (const m of set.questions.slice(0, 5)) retriever.answer(m.question);
const report = scoreFresh(retriever, set, sections);

const sorted = [...report.times].sort((a, b) => a - b);
const at = (p: number) =>
  Math.round(100 * sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!) / 100;
if (process.argv.includes("--misses")) console.log(report.misses.join("\n"));
console.log(`${path.basename(file)}: ${set.questions.length} messages`);
console.table({
  "right section %": report.rightSection,
  "number or action %": report.numberOrAction,
  "covered refused %": report.coveredRefused,
  "off-topic refused %": report.offTopicRefused,
  "both parts answered %": report.bothParts,
  "p50 ms": at(0.5),
  "p99 ms": at(0.99),
});
