/**
 * `npm run bench`: throughput of the production server against a bare-bytes limit.
 *
 * Builds (unless --no-build), starts `node server.js` on a fresh database, loads each page and
 * endpoint with autocannon from a separate process, and for every GET compares the shop with a
 * bare node:http server replaying the exact same response bytes with as many processes. Prints a
 * table, checks the targets and writes bench/results/http-<db>.{json,md}.
 *
 * Options: --db=sqlite|postgres|both (sqlite)  --duration=N (10)  --warmup=N (3)  --connections=N (50)
 *          --no-build  --check (exit 1 when a target fails; otherwise this is a measurement and exits 0)
 *          --note=TEXT (repeatable: written with the results)
 *          --only=NAME (repeatable, e.g. --only=checkout: measure these targets only; nothing is written)
 *          --profile=DIR (each server process writes a V8 CPU profile to DIR when it stops)
 *          --lighthouse-runs=N (1; 0 skips): Lighthouse (mobile) on the four audited pages afterwards,
 *            through Lighthouse CI on the current build (lighthouserc.cjs)
 *
 * Before the load it also times a restart (`npm start` on the current build and the migrated
 * database) and measures the bytes five storefront pages make a browser download (issue 21).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startBare } from "./lib/bare-server";
import { capture, headerOf, type CapturedResponse } from "./lib/capture";
import { createBenchDatabase, prepareCatalogue, verifyCheckout, type DbKind } from "./lib/database";
import { runLoad, type RunSummary } from "./lib/load";
import {
  INLINE_SCRIPT_BUDGET_BYTES,
  JS_BUDGET_BYTES,
  measurePageBytes,
  measureRestart,
  RESTART_BUDGET_MS,
} from "./lib/page-extras";
import {
  cleanupAll,
  installSignalHandlers,
  onCleanup,
  removeDir,
  spawnChild,
  stopAllChildren,
  wasInterrupted,
} from "./lib/processes";
import {
  consoleTable,
  cpuPerRequest,
  evaluateChecks,
  gitInfo,
  machineInfo,
  notesFor,
  writeReport,
  type RunReport,
  type TargetResult,
} from "./lib/report";
import { startShop, webConcurrency } from "./lib/shop-server";
import { ACCEPT_ENCODING, requestHeaders, TARGETS } from "./lib/targets";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    timeout: { type: "string", default: "10" },
    "no-build": { type: "boolean", default: false },
    check: { type: "boolean", default: false },
    note: { type: "string", multiple: true, default: [] },
    only: { type: "string", multiple: true, default: [] },
    profile: { type: "string" },
    "lighthouse-runs": { type: "string", default: "1" },
  },
  strict: true,
});

const settings = {
  dbs: (values.db === "both" ? ["sqlite", "postgres"] : [values.db]) as DbKind[],
  duration: Number(values.duration),
  warmup: Number(values.warmup),
  connections: Number(values.connections),
  timeout: Number(values.timeout),
  build: !values["no-build"],
  only: values.only ?? [],
};
const unknownTargets = settings.only.filter((name) => !TARGETS.some((t) => t.name === name));
if (unknownTargets.length)
  throw new Error(
    `--only: no target named ${unknownTargets.join(", ")} (targets: ${TARGETS.map((t) => t.name).join(", ")})`,
  );
// A partial run is a quick look while tuning; only full runs are written to bench/results.
const selected = settings.only.length ? TARGETS.filter((t) => settings.only.includes(t.name)) : TARGETS;
if (!settings.dbs.every((d) => d === "sqlite" || d === "postgres"))
  throw new Error(`--db must be sqlite, postgres or both (got ${values.db})`);
for (const [k, v] of Object.entries({
  duration: settings.duration,
  warmup: settings.warmup,
  connections: settings.connections,
  timeout: settings.timeout,
})) {
  if (!Number.isFinite(v) || v < 0 || (k !== "warmup" && v === 0)) throw new Error(`--${k} must be a positive number`);
}

const log = (s: string) => console.log(s);

async function build() {
  log("▸ npm run build");
  const child = spawnChild("npm", ["run", "build"], { stdio: "inherit" });
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  if (code !== 0) throw new Error(`npm run build failed (exit ${code})`);
}

function responseInfo(c: CapturedResponse): TargetResult["response"] {
  return {
    status: c.status,
    contentType: headerOf(c, "content-type"),
    contentEncoding: headerOf(c, "content-encoding"),
    wireBytes: c.body.length,
    setCookie: headerOf(c, "set-cookie") !== undefined,
  };
}

function describe(s: RunSummary): string {
  const codes = Object.entries(s.statusCodes)
    .map(([c, n]) => `${c}×${n}`)
    .join(" ");
  const cpu = `cpu: server ${s.cpu.server}, database ${s.cpu.database}, load generator ${s.cpu.loadGenerator}, other ${s.cpu.other} cores`;
  return `${Math.round(s.reqPerSec)} req/s, p50 ${s.latencyMs.p50.toFixed(2)} ms, p99 ${s.latencyMs.p99.toFixed(2)} ms, errors ${s.errors}, [${codes}]; ${cpu}`;
}

async function runDatabase(kind: DbKind): Promise<RunReport> {
  const machine = machineInfo();
  const wc = webConcurrency();
  log(`\n═══ ${kind} ═══  (load average ${machine.loadAverageAtStart.join(" / ")} on ${machine.cpus} cores)`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lr-http-bench-"));
  const removeTmp = onCleanup(() => removeDir(tmp));
  const dataDir = path.join(tmp, "data");
  const database = await createBenchDatabase(kind, dataDir);
  const dropDb = onCleanup(() => database.drop());
  try {
    await prepareCatalogue(database.url);
    log(`▸ database ${database.label}: migrated, seeded, stock raised`);
    const restart = await measureRestart({ DATA_DIR: dataDir, DATABASE_URL: database.url, RATE_LIMITS: "off" });
    log(`▸ restart: npm start healthy after ${(restart.ms / 1000).toFixed(1)} s${restart.rebuilt ? " (rebuilt)" : ""}`);
    const shop = await startShop({
      dataDir,
      databaseUrl: database.url,
      profileDir: values.profile ? path.resolve(values.profile) : undefined,
    });
    log(`▸ shop on ${shop.url}: ${wc.source}; serving processes detected: ${shop.servingProcesses}`);
    if (shop.servingProcesses !== wc.value) {
      log(
        `  note: the server runs ${shop.servingProcesses} serving process(es), not ${wc.value}; the bare server matches what actually runs`,
      );
    }

    // Capture every GET answer first: the bare server needs them all before it starts.
    const gets = selected.filter((t) => t.method === "GET");
    const captured = new Map<string, CapturedResponse>();
    for (const t of gets) {
      const c = await capture(shop.url + t.path, requestHeaders(t, shop.url));
      if (c.status !== 200) log(`  warning: ${t.path} answered ${c.status}`);
      captured.set(t.path, c);
    }
    const pages = selected === TARGETS ? await measurePageBytes(shop.url) : [];
    const bare = await startBare(captured, shop.servingProcesses, tmp);
    log(`▸ bare server on ${bare.url} with ${bare.processes} process(es)`);

    const job = {
      connections: settings.connections,
      warmupSeconds: settings.warmup,
      durationSeconds: settings.duration,
      timeoutSeconds: settings.timeout,
    };
    const targets: TargetResult[] = [];
    let checkoutAccounting: { answered201: number; unansweredKeys: string[] } | null = null;
    for (const t of selected) {
      const headers = requestHeaders(t, shop.url);
      const body = t.body ? JSON.stringify(t.body()) : undefined;
      let response: TargetResult["response"];
      let preflight201 = 0;
      if (t.method === "GET") {
        response = responseInfo(captured.get(t.path)!);
      } else {
        // One request first, so a wrong body fails loudly instead of measuring error answers.
        const extra: Record<string, string> = t.checkout ? { "Idempotency-Key": `bench-preflight-${Date.now()}` } : {};
        const c = await capture(shop.url + t.path, { ...headers, ...extra }, "POST", body);
        if (c.status >= 300)
          throw new Error(`${t.method} ${t.path} preflight answered ${c.status}: ${c.body.toString().slice(0, 300)}`);
        if (t.checkout && c.status === 201) preflight201 = 1;
        response = responseInfo(c);
      }

      log(`▸ ${t.name}: ${t.method} ${t.path}`);
      const shopRun = await runLoad({
        ...job,
        baseUrl: shop.url,
        path: t.path,
        method: t.method,
        headers,
        body,
        idempotencyKeys: t.checkout,
        serverPids: [shop.proc.pid!],
        dbName: database.name,
      });
      log(`    shop  ${describe(shopRun.measured)}`);
      for (const [status, body] of Object.entries(shopRun.measured.errorSamples))
        log(`          ${status}: ${body.replace(/\s+/g, " ")}`);
      let bareRun: RunSummary | null = null;
      if (t.method === "GET") {
        bareRun = (
          await runLoad({
            ...job,
            baseUrl: bare.url,
            path: t.path,
            method: t.method,
            headers,
            serverPids: [bare.proc.pid!],
          })
        ).measured;
        log(`    bare  ${describe(bareRun)}`);
      }
      const result: TargetResult = {
        name: t.name,
        method: t.method,
        path: t.path,
        response,
        shop: shopRun.measured,
        bare: bareRun,
        ratio: bareRun ? Math.round((shopRun.measured.reqPerSec / bareRun.reqPerSec) * 10_000) / 10_000 : null,
        shopCpuMsPerRequest: shopRun.measured.requests ? Math.round(cpuPerRequest(shopRun.measured) * 100) / 100 : null,
      };
      if (t.checkout && shopRun.checkout) {
        result.ordersPerSec =
          Math.round(((shopRun.measured.statusCodes["201"] ?? 0) / shopRun.measured.seconds) * 10) / 10;
        checkoutAccounting = {
          answered201: shopRun.checkout.answered201 + preflight201,
          unansweredKeys: shopRun.checkout.unansweredKeys,
        };
      }
      targets.push(result);
    }

    await bare.stop();
    // Verify while the shop still runs: requests cut off when autocannon stopped are still being
    // processed, and stopping the server now could interrupt them half-way.
    const checkout = checkoutAccounting ? await verifyCheckout(database.url, checkoutAccounting) : null;
    await shop.stop();

    const partial: Omit<RunReport, "notes"> = {
      date: new Date().toISOString(),
      db: kind,
      machine,
      git: gitInfo(),
      settings: {
        connections: settings.connections,
        warmupSeconds: settings.warmup,
        durationSeconds: settings.duration,
        webConcurrency: wc.source,
        shopServingProcesses: shop.servingProcesses,
        bareProcesses: bare.processes,
        database:
          kind === "sqlite"
            ? "SQLite (fresh file in a temp DATA_DIR)"
            : "PostgreSQL (fresh database, dropped afterwards)",
        acceptEncoding: ACCEPT_ENCODING,
        loadGenerator: "autocannon 8 in a separate process, pipelining 1",
      },
      targets,
      checkout,
      restart,
      pages,
      checks: [
        ...evaluateChecks(targets, checkout, settings.connections),
        {
          name: "restart on a current build",
          target: `≤ ${RESTART_BUDGET_MS / 1000} s, no rebuild`,
          measured: `${(restart.ms / 1000).toFixed(1)} s${restart.rebuilt ? ", rebuilt" : ""}`,
          pass: restart.ms <= RESTART_BUDGET_MS && !restart.rebuilt,
        },
        ...pages.map((p) => ({
          name: `${p.name} page bytes`,
          target: `JS ≤ ${JS_BUDGET_BYTES / 1024} KB (Brotli), inline script ≤ ${INLINE_SCRIPT_BUDGET_BYTES / 1024} KB`,
          measured: `JS ${(p.jsBytes / 1024).toFixed(1)} KB, inline ${(p.inlineScriptBytes / 1024).toFixed(1)} KB`,
          pass: p.jsBytes <= JS_BUDGET_BYTES && p.inlineScriptBytes <= INLINE_SCRIPT_BUDGET_BYTES,
        })),
      ],
    };
    // --note adds context the script cannot know (what else ran, a patched build, …).
    return { ...partial, notes: [...notesFor(partial, wc.value), ...(values.note ?? [])] };
  } finally {
    await stopAllChildren();
    await dropDb();
    await removeTmp();
  }
}

installSignalHandlers();
let exitCode = 0;
try {
  if (settings.build) await build();
  const wc = webConcurrency();
  log(`Processes: ${wc.source}`);
  for (const kind of settings.dbs) {
    const report = await runDatabase(kind);
    log(`\n${kind} — ${settings.connections} connections, ${settings.duration} s per target\n`);
    log(consoleTable(report));
    if (selected === TARGETS) {
      const files = writeReport(report);
      log(`\nwritten ${path.relative(process.cwd(), files.json)} and ${path.relative(process.cwd(), files.md)}`);
    }
    if (values.check && report.checks.some((c) => !c.pass)) exitCode = 1;
  }
  const lighthouseRuns = Number(values["lighthouse-runs"]);
  if (lighthouseRuns > 0 && !wasInterrupted()) {
    // Its own production server on a throw-away database; scores on a busy machine move by a few points.
    log(`\n▸ Lighthouse (mobile), ${lighthouseRuns} run(s) per page`);
    const child = spawnChild("npx", ["lhci", "autorun", `--collect.numberOfRuns=${lighthouseRuns}`], {
      stdio: "inherit",
    });
    const code = await new Promise<number | null>((r) => child.once("exit", r));
    if (code !== 0) {
      log(`Lighthouse: a target was missed or the run failed (exit ${code})`);
      if (values.check) exitCode = 1;
    }
  }
} catch (err) {
  if (!wasInterrupted()) console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  exitCode = 1;
} finally {
  await cleanupAll();
}
process.exit(exitCode);
