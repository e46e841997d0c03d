/**
 * Behaviour snapshot of the reef-wisdom engine: every question of the development and held-out
 * sets (bench/wisdom-questions.json, bench/wisdom-*.json; never bench/wisdom/, whose fresh sets are
 * frozen and unseen) answered by the served retriever, with the complete `answer()` output. Run it
 * before and after a change that must not change behaviour, and diff the two files; the timing
 * (first answer, p50, p99) is printed and kept apart, so the answers alone can be compared.
 *
 * Usage: npx tsx bench/wisdom/snapshot.ts /tmp/wisdom-before.json
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRetriever } from "#app/models/wisdom/retriever";
import { loadWisdomSectionsFromFiles } from "./load-sections";

const bench = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = process.argv[2];
if (!out) throw new Error("usage: npx tsx bench/wisdom/snapshot.ts <output.json>");

const setFiles = readdirSync(bench)
  .filter((f) => f === "wisdom-questions.json" || /^wisdom-.*\.json$/.test(f))
  .sort();
const started = performance.now();
const retriever = createRetriever(loadWisdomSectionsFromFiles(path.join(bench, "..", "app", "content")));
const buildMs = performance.now() - started;

const answers: Record<string, Array<{ question: string; answer: unknown }>> = {};
const times: number[] = [];
for (const file of setFiles) {
  const set = JSON.parse(readFileSync(path.join(bench, file), "utf8")) as { questions: Array<{ question: string }> };
  answers[file] = set.questions.map(({ question }) => {
    const t = performance.now();
    const answer = retriever.answer(question);
    times.push(performance.now() - t);
    return { question, answer };
  });
}
writeFileSync(out, `${JSON.stringify(answers, null, 1)}\n`);

const sorted = [...times].sort((a, b) => a - b);
const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
console.log(
  `${setFiles.length} sets, ${times.length} questions → ${out}\n` +
    `build ${buildMs.toFixed(0)} ms, first answer ${times[0]!.toFixed(1)} ms, ` +
    `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
);
