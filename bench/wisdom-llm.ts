/**
 * Reef-wisdom answers with the model mode on (WISDOM_LLM_URL; decision 039), end to end: the
 * production build (`node server.js`, as `npm start` runs it) asks a stand-in for a language model
 * on loopback (tests/helpers/llm-peer.ts) that holds every answer `--delay` ms, as a local model
 * would. It measures POST /api/wisdom/ask over `--asks` questions, `--concurrency` at a time, then
 * how long an answer takes when the stand-in never answers (the fallback to the quote).
 *
 * Usage: npm run bench:wisdom-llm -- [--no-build] [--asks 50] [--concurrency 4] [--delay 1000]
 *        [--timeout-ms <WISDOM_LLM_TIMEOUT_MS; unset: the default>] [--check (exit 1 over 3 s)]
 * Overwrites bench/results/wisdom-llm.md, the one summary of the latest run (no per-run files).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { passagesOf, startLlmPeer, type LlmReply, type LlmRequest } from "../tests/helpers/llm-peer";
import { createBenchDatabase, prepareCatalogue } from "./lib/database";
import { cleanupAll, installSignalHandlers, onCleanup, removeDir, spawnChild } from "./lib/processes";
import { gitInfo, machineInfo } from "./lib/report";
import { startShop } from "./lib/shop-server";

const { values } = parseArgs({
  options: {
    asks: { type: "string", default: "50" },
    concurrency: { type: "string", default: "4" },
    delay: { type: "string", default: "1000" },
    "hang-asks": { type: "string", default: "8" },
    "timeout-ms": { type: "string" },
    "no-build": { type: "boolean", default: false },
    check: { type: "boolean", default: false },
  },
  strict: true,
});
const settings = {
  asks: Number(values.asks),
  concurrency: Number(values.concurrency),
  delayMs: Number(values.delay),
  hangAsks: Number(values["hang-asks"]),
  timeoutMs: values["timeout-ms"],
};
const RESULTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "results", "wisdom-llm.md");
/** The chat's budget with the model mode on (issue 34). */
const P99_BUDGET_MS = 3000;

/** Questions the guides answer, so that each one goes to the model. */
const QUESTIONS = [
  "how do i keep my alk from swinging?",
  "how do i get rid of aiptasia",
  "what salinity should i keep my reef at",
  "How many snails should I get for a 40 gallon?",
  "My chaeto is turning white, what do I do?",
  "Is it cyano or dinos on my sand?",
  "how often should i do water changes on my reef",
  "what temperature should my reef tank be",
];

/** A wording the shop's check accepts: a figure copied from passage 1, cited. */
function goodReply(request: LlmRequest): LlmReply {
  const figure = /\d+(?:\.\d+)?/.exec(passagesOf(request).get(1) ?? "")?.[0];
  return { content: figure ? `The guide's figure here is ${figure} [1].` : "The guide covers this [1]." };
}

const log = (s: string) => console.log(s);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Timed {
  ms: number;
  phrased: boolean;
  grounded: boolean;
}

async function askAll(url: string, n: number, concurrency: number): Promise<Timed[]> {
  const results: Timed[] = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const question = QUESTIONS[next++ % QUESTIONS.length]!;
      const started = performance.now();
      const res = await fetch(`${url}/api/wisdom/ask`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ question }),
      });
      const body = (await res.json()) as { phrasedBy?: string; grounded?: boolean };
      if (res.status !== 200) throw new Error(`${res.status} for “${question}”: ${JSON.stringify(body)}`);
      results.push({ ms: performance.now() - started, phrased: body.phrasedBy === "model", grounded: !!body.grounded });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

function summary(results: Timed[]) {
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1)!,
    phrased: results.filter((r) => r.phrased).length,
    grounded: results.filter((r) => r.grounded).length,
  };
}

async function main() {
  if (!values["no-build"]) {
    log("▸ npm run build");
    const child = spawnChild("npm", ["run", "build"], { stdio: "inherit" });
    const code = await new Promise<number | null>((r) => child.once("exit", r));
    if (code !== 0) throw new Error(`npm run build failed (exit ${code})`);
  }
  const machine = machineInfo();
  const git = gitInfo();
  const llm = await startLlmPeer({ delayMs: settings.delayMs, reply: goodReply });
  onCleanup(() => llm.close());
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lr-wisdom-llm-bench-"));
  onCleanup(() => removeDir(tmp));
  const database = await createBenchDatabase("sqlite", path.join(tmp, "data"));
  await prepareCatalogue(database.url);
  const shop = await startShop({
    dataDir: path.join(tmp, "data"),
    databaseUrl: database.url,
    env: {
      WISDOM_LLM_URL: llm.url,
      WISDOM_LLM_MODEL: "stand-in-model",
      WISDOM_LLM_KEY: "bench-key",
      ...(settings.timeoutMs ? { WISDOM_LLM_TIMEOUT_MS: settings.timeoutMs } : {}),
    },
  });
  onCleanup(() => shop.stop());
  const timeoutMs = Number(settings.timeoutMs ?? 2500);
  log(`▸ shop at ${shop.url} (${shop.servingProcesses} processes); stand-in for a language model at ${llm.url}`);

  // Each process builds the retriever on its first answer: not what this measures.
  await askAll(shop.url, shop.servingProcesses * 2, shop.servingProcesses);
  const phrased = summary(await askAll(shop.url, settings.asks, settings.concurrency));
  const askedModel = llm.requests.length;
  log(
    `▸ model mode, stand-in ${settings.delayMs} ms: ${settings.asks} asks × ${settings.concurrency}: ` +
      `p50 ${phrased.p50.toFixed(0)} ms, p99 ${phrased.p99.toFixed(0)} ms, max ${phrased.max.toFixed(0)} ms; ` +
      `${phrased.phrased}/${settings.asks} worded by the model (${phrased.grounded} grounded)`,
  );

  llm.state.reply = () => "hang";
  const hung = summary(await askAll(shop.url, settings.hangAsks, settings.concurrency));
  log(
    `▸ stand-in never answers (timeout ${timeoutMs} ms): ${settings.hangAsks} asks: p50 ${hung.p50.toFixed(0)} ms, ` +
      `max ${hung.max.toFixed(0)} ms; ${hung.grounded - hung.phrased}/${settings.hangAsks} answered with the quote`,
  );

  const date = new Date().toISOString().slice(0, 10);
  const row = [
    date,
    `${git.commit.slice(0, 7)}${git.dirty ? "+" : ""}`,
    `${machine.cpus} × ${machine.cpuModel.split(" ").slice(0, 2).join(" ")}, ${shop.servingProcesses} processes`,
    `${settings.asks} × ${settings.concurrency}`,
    `${settings.delayMs} ms`,
    phrased.p50.toFixed(0),
    phrased.p99.toFixed(0),
    `${phrased.phrased}/${settings.asks}`,
    `${timeoutMs} ms`,
    `${hung.p50.toFixed(0)} / ${hung.max.toFixed(0)}`,
    `${hung.grounded - hung.phrased}/${settings.hangAsks}`,
  ];
  const table = [
    "| date | commit | machine | asks × concurrency | stand-in delay | p50 ms | p99 ms | worded by the model | timeout | never answers: p50 / max ms | quote after timeout |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    `| ${row.join(" | ")} |`,
  ];
  fs.writeFileSync(
    RESULTS_FILE,
    [
      "# Reef wisdom with the model mode on",
      "",
      "`npm run bench:wisdom-llm` (bench/wisdom-llm.ts): the production server on SQLite asks a stand-in for a language",
      "model on loopback that holds every answer for the delay shown; then the stand-in never answers. Budget (issue 34):",
      `p99 ≤ ${P99_BUDGET_MS} ms with a 1 s model, and a timeout answers with the quote.`,
      "",
      ...table,
      "",
    ].join("\n"),
  );
  log(`\n${table.join("\n")}\n(written to ${path.relative(process.cwd(), RESULTS_FILE)})`);

  const failures = [
    ...(phrased.p99 > P99_BUDGET_MS ? [`p99 ${phrased.p99.toFixed(0)} ms > ${P99_BUDGET_MS} ms`] : []),
    ...(askedModel < settings.asks ? [`the model was asked ${askedModel} times for ${settings.asks} asks`] : []),
    ...(hung.phrased > 0 || hung.grounded < settings.hangAsks ? ["a hung model's answer was not the quote"] : []),
    ...(hung.max > P99_BUDGET_MS ? [`a fallback took ${hung.max.toFixed(0)} ms > ${P99_BUDGET_MS} ms`] : []),
  ];
  log(
    failures.length
      ? `✗ ${failures.join("; ")}`
      : `✓ p99 ≤ ${P99_BUDGET_MS} ms and every timeout fell back to the quote`,
  );
  return failures.length === 0;
}

installSignalHandlers();
let ok = false;
try {
  ok = await main();
} finally {
  await cleanupAll();
}
if (values.check && !ok) process.exit(1);
