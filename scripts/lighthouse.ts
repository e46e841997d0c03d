/**
 * Lighthouse check of the production build: builds (unless --no-build), starts `node server.js`
 * on a free loopback port with a throw-away DATA_DIR, and audits the home page, the listing, one
 * product and one guide with Lighthouse's defaults (mobile emulation, simulated throttling).
 *
 *   npm run lighthouse                       build, audit, exit 1 when a target is missed
 *   npm run lighthouse -- --no-build         reuse the current build/
 *   npm run lighthouse -- --runs=5           audit each page 5 times (default 3), keep the median run
 *   npm run lighthouse -- --only=home,guide  a subset of the pages
 *
 * Reports: bench/results/lighthouse/<YYYY-MM-DD>/<page>.report.{html,json} (ignored by git) and
 * bench/results/lighthouse/latest-summary.json (tracked, so score changes show up in review).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import matter from "gray-matter";
import lighthouse, { type Result as LighthouseResult } from "lighthouse";
import { SEED_PRODUCTS } from "../database/seed/catalogue-data";
import { startServer, tempDataDir, type ServerProcess } from "../tests/reliability/server-process";
import { CHROMIUM_FLAGS } from "../tests/setup/chromium-flags";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
// Issue 21: 100 everywhere, performance never below 99 on a quiet machine (the median of the runs).
const TARGETS: Record<Category, number> = { performance: 99, accessibility: 100, "best-practices": 100, seo: 100 };
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a === `--${name}` || a.startsWith(`--${name}=`))?.split("=")[1];
const build = !args.includes("--no-build");
// Three runs and the median, as Lighthouse CI does: one run swings by several points on a busy machine.
const runs = Math.max(1, Number(flag("runs") ?? 3) || 3);
const only = flag("only")?.split(",").filter(Boolean);

/** A real product of the seed catalogue and the first guide, so the pages exist in a fresh database. */
function pagesToAudit(): Array<{ name: string; path: string }> {
  const product =
    SEED_PRODUCTS.find((p) => p.id === "premium-chaeto") ?? SEED_PRODUCTS.find((p) => p.category !== "tip")!;
  const guidesDir = path.join(root, "app/content/guides");
  const guides = fs
    .readdirSync(guidesDir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => ({
      slug: f.replace(/\.md$/, ""),
      order: Number(matter(fs.readFileSync(path.join(guidesDir, f), "utf8")).data.order ?? 99),
    }))
    .sort((a, b) => a.order - b.order);
  if (guides.length === 0) throw new Error(`no guides in ${guidesDir}`);
  const all = [
    { name: "home", path: "/" },
    { name: "products", path: "/products" },
    { name: "product", path: `/product/${product.id}` },
    { name: "guide", path: `/reef-wisdom/lazy-reefer-guide/${guides[0]!.slug}` },
  ];
  const selected = only ? all.filter((p) => only.includes(p.name)) : all;
  if (selected.length === 0) throw new Error(`--only matched none of: ${all.map((p) => p.name).join(", ")}`);
  return selected;
}

interface PageSummary {
  page: string;
  url: string;
  scores: Record<Category, number | null>;
  metrics: {
    lcpMs: number | null;
    cls: number | null;
    tbtMs: number | null;
    fcpMs: number | null;
    speedIndexMs: number | null;
  };
  failing: Partial<Record<Category, Array<{ id: string; title: string; score: number | null; displayValue?: string }>>>;
  runtimeError?: string;
}

function summarise(name: string, lhr: LighthouseResult): PageSummary {
  const scores = {} as Record<Category, number | null>;
  const failing: PageSummary["failing"] = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    const score = category?.score == null ? null : Math.round(category.score * 100);
    scores[id] = score;
    if (!category || (score !== null && score >= TARGETS[id])) continue;
    // Metrics pass at 0.9 ("good"); every other audit should pass outright.
    const threshold = (ref: { group?: string }) => (ref.group === "metrics" ? 0.9 : 1);
    failing[id] = category.auditRefs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id]! }))
      .filter(({ ref, audit }) => {
        if (!audit || ["informative", "manual", "notApplicable"].includes(audit.scoreDisplayMode)) return false;
        if (audit.scoreDisplayMode === "error") return true;
        return audit.score !== null && audit.score < threshold(ref);
      })
      .map(({ audit }) => ({
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      }));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  return {
    page: name,
    url: lhr.finalDisplayedUrl,
    scores,
    metrics: {
      lcpMs: numeric("largest-contentful-paint"),
      cls: numeric("cumulative-layout-shift"),
      tbtMs: numeric("total-blocking-time"),
      fcpMs: numeric("first-contentful-paint"),
      speedIndexMs: numeric("speed-index"),
    },
    failing,
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}

function missedTargets(s: PageSummary): Category[] {
  if (s.runtimeError) return [...CATEGORIES];
  return CATEGORIES.filter((c) => s.scores[c] === null || s.scores[c] < TARGETS[c]);
}

function printTable(summaries: PageSummary[]) {
  const header = ["page", "perf", "a11y", "best-pr", "seo", "LCP", "CLS", "TBT"];
  const ms = (v: number | null) => (v === null ? "-" : `${(v / 1000).toFixed(2)} s`);
  const rows = summaries.map((s) => [
    s.page,
    ...CATEGORIES.map((c) => `${s.scores[c] ?? "-"}${missedTargets(s).includes(c) ? " ✗" : ""}`),
    ms(s.metrics.lcpMs),
    s.metrics.cls === null ? "-" : s.metrics.cls.toFixed(3),
    s.metrics.tbtMs === null ? "-" : `${Math.round(s.metrics.tbtMs)} ms`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(
    `\ntargets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS["best-practices"]}, SEO ${TARGETS.seo}\n`,
  );
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
  for (const s of summaries) {
    if (s.runtimeError) console.log(`\n${s.page}: Lighthouse runtime error ${s.runtimeError}`);
    for (const [category, audits] of Object.entries(s.failing)) {
      if (!audits || audits.length === 0) continue;
      console.log(`\n${s.page} · ${category} ${s.scores[category as Category]} < ${TARGETS[category as Category]}:`);
      for (const a of audits) console.log(`  - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
    }
  }
}

function localDate(d = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// ---------------------------------------------------------------------------------------------

let server: ServerProcess | null = null;
let chrome: chromeLauncher.LaunchedChrome | null = null;
let dataDir: string | null = null;

let cleaning: Promise<void> | null = null;

/** Stops Chrome, then the server (waiting for it to exit), then removes its data directory. Safe to call twice. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    if (chrome) await Promise.resolve(chrome.kill()).catch(() => {});
    chrome = null;
    const s = server;
    if (s && s.proc.exitCode === null && s.proc.signalCode === null) {
      s.proc.kill("SIGTERM");
      const timeout = setTimeout(() => s.proc.kill("SIGKILL"), 8_000);
      await s.exited;
      clearTimeout(timeout);
    }
    server = null;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    dataDir = null;
  })();
  return cleaning;
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the server and Chrome`);
    void cleanup().finally(() => process.exit(130));
  });
}
// Lighthouse and chrome-launcher can fail outside the awaited promise chain (emitted errors).
process.once("uncaughtException", (err) => {
  console.error(err);
  void cleanup().finally(() => process.exit(2));
});
// Last resort if something exits the process before cleanup() ran: never leave a server behind.
process.once("exit", () => {
  if (server?.proc.exitCode === null) server.proc.kill("SIGKILL");
});

async function main(): Promise<number> {
  const pages = pagesToAudit();
  if (build) {
    console.log("building for production (npm run build)…");
    const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  }

  dataDir = tempDataDir("lazy-reefer-lighthouse-");
  // One server process: the warm-up below then reaches the process (and page cache) that serves
  // the audits, and one request at a time needs no more.
  server = await startServer({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    RATE_LIMITS: "off",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    WEB_CONCURRENCY: "1",
  });
  console.log(`server ready on ${server.url} (DATA_DIR ${dataDir})`);

  // A real shop is warm: without this, the first audit pays for JIT compilation and cold caches.
  for (const page of pages) await fetch(`${server.url}${page.path}`).then((r) => r.text());

  const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!fs.existsSync(chromePath))
    throw new Error(
      `Chromium not found at ${chromePath}: install it (node tests/setup/ensure-chromium.mjs) or set CHROME_PATH.`,
    );
  // handleSIGINT off: chrome-launcher would otherwise exit the process itself, before our cleanup stops the server.
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
    handleSIGINT: false,
  });

  const date = localDate();
  const outDir = path.join(root, "bench/results/lighthouse", date);
  fs.mkdirSync(outDir, { recursive: true });

  const summaries: PageSummary[] = [];
  let lighthouseVersion = "";
  for (const page of pages) {
    const url = `${server.url}${page.path}`;
    const attempts: Array<{ lhr: LighthouseResult; report: string[] }> = [];
    for (let i = 0; i < runs; i++) {
      process.stdout.write(`auditing ${page.name} (${url})${runs > 1 ? ` run ${i + 1}/${runs}` : ""}…\n`);
      let result = await lighthouse(url, {
        port: chrome.port,
        output: ["html", "json"],
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      });
      if (result?.lhr.runtimeError) {
        console.log(`  Lighthouse error ${result.lhr.runtimeError.code}: running it again`);
        result = await lighthouse(url, {
          port: chrome.port,
          output: ["html", "json"],
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
      }
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      attempts.push({ lhr: result.lhr, report: result.report as string[] });
    }
    // Median run by performance score: simulated throttling still scales with this machine's load.
    // A run Lighthouse itself botched (runtimeError, e.g. NO_NAVSTART) only counts if all did.
    const valid = attempts.filter((a) => !a.lhr.runtimeError);
    const pool = (valid.length > 0 ? valid : attempts).sort(
      (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
    );
    const chosen = pool[Math.floor((pool.length - 1) / 2)]!;
    fs.writeFileSync(path.join(outDir, `${page.name}.report.html`), chosen.report[0]!);
    fs.writeFileSync(path.join(outDir, `${page.name}.report.json`), chosen.report[1]!);
    lighthouseVersion = chosen.lhr.lighthouseVersion;
    const summary = summarise(page.name, chosen.lhr);
    summary.url = page.path;
    summaries.push(summary);
  }

  const failed = summaries.filter((s) => missedTargets(s).length > 0);
  const summaryFile = {
    date,
    lighthouseVersion,
    settings: { formFactor: "mobile", throttling: "simulated (Lighthouse defaults)", runs },
    targets: TARGETS,
    pass: failed.length === 0,
    pages: summaries,
  };
  const json = `${JSON.stringify(summaryFile, null, 2)}\n`;
  fs.writeFileSync(path.join(outDir, "summary.json"), json);
  fs.writeFileSync(path.join(root, "bench/results/lighthouse/latest-summary.json"), json);

  printTable(summaries);
  console.log(`\nreports: ${path.relative(root, outDir)}/<page>.report.{html,json}`);
  if (failed.length > 0) {
    console.log(`\n✗ targets missed on: ${failed.map((s) => s.page).join(", ")}`);
    return 1;
  }
  console.log("\n✓ every page meets its targets");
  return 0;
}

let code = 2;
try {
  code = await main();
} catch (err) {
  if (!interrupted) {
    console.error(err instanceof Error ? err.message : err);
    // `server` is set inside main(); TypeScript's narrowing does not see that.
    const running = server as ServerProcess | null;
    if (running) console.error(`\nserver output:\n${running.output()}`);
  }
} finally {
  await cleanup();
}
process.exit(interrupted ? 130 : code);
