/**
 * Results of one database run: the table (console and Markdown), the issue's targets as
 * PASS/FAIL checks, and the JSON + Markdown files in bench/results/.
 */
import { execFileSync } from "node:child_process";
import os from "node:os";
import { writeSummary } from "./results";
import type { CheckoutVerification } from "./database";
import type { RunSummary } from "./load";
import type { PageBytes } from "./page-extras";

export interface TargetResult {
  name: string;
  method: "GET" | "POST";
  path: string;
  /** The captured answer (GET) or the preflight answer (POST). */
  response: { status: number; contentType?: string; contentEncoding?: string; wireBytes: number; setCookie: boolean };
  shop: RunSummary;
  bare: RunSummary | null;
  /** shop req/s ÷ bare req/s; null for POST targets (no bare equivalent). */
  ratio: number | null;
  /** Server + database CPU milliseconds per answered request (see cpuPerRequest). */
  shopCpuMsPerRequest: number | null;
  /** Checkout only: 201 answers per second of the measurement. */
  ordersPerSec?: number;
}

export interface Check {
  name: string;
  target: string;
  measured: string;
  pass: boolean;
}

export interface RunReport {
  date: string;
  db: string;
  machine: {
    cpuModel: string;
    cpus: number;
    totalMemoryGiB: number;
    node: string;
    os: string;
    loadAverageAtStart: number[];
  };
  git: { commit: string; branch: string; dirty: boolean };
  settings: {
    connections: number;
    warmupSeconds: number;
    durationSeconds: number;
    webConcurrency: string;
    shopServingProcesses: number;
    bareProcesses: number;
    database: string;
    acceptEncoding: string;
    loadGenerator: string;
  };
  targets: TargetResult[];
  checkout: CheckoutVerification | null;
  /** `npm start` on a current build and an existing database, to a healthy /api/health. */
  restart?: { ms: number; rebuilt: boolean };
  /** Bytes five storefront pages make a browser download (Brotli). */
  pages?: PageBytes[];
  checks: Check[];
  /** Things that affect how to read the figures (printed and written with them). */
  notes: string[];
}

export function machineInfo(): RunReport["machine"] {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cpus: cpus.length,
    totalMemoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

export function gitInfo(): RunReport["git"] {
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {
      return "";
    }
  };
  return {
    commit: git("rev-parse", "HEAD") || "unknown",
    branch: git("rev-parse", "--abbrev-ref", "HEAD") || "unknown",
    // Result files rewritten by earlier runs are not a change to what is measured.
    dirty: git("status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)bench/results") !== "",
  };
}

/** Caveats worth printing next to the figures. */
export function notesFor(r: Omit<RunReport, "notes">, webConcurrency: number): string[] {
  const notes: string[] = [];
  if (r.settings.shopServingProcesses !== webConcurrency) {
    notes.push(
      `The server ran ${r.settings.shopServingProcesses} serving process(es) although npm start's WEB_CONCURRENCY is ${webConcurrency}: server.js at this commit does not start that many. The bare server used the same ${r.settings.bareProcesses}.`,
    );
  }
  const product = r.targets.find((t) => t.name === "product page");
  if (product && product.shop.latencyMs.p99 > 50) {
    // autocannon is a closed loop: each connection waits for its answer, so by Little's law the mean
    // latency is connections ÷ throughput, whatever the server does per request.
    const c = r.settings.connections;
    notes.push(
      `Closed-loop load: mean latency ≈ connections ÷ req/s (${c} ÷ ${Math.round(product.shop.reqPerSec)} ≈ ${Math.round((c / Math.max(1, product.shop.reqPerSec)) * 1000)} ms for the product page), so p99 ≤ 50 ms at ${c} connections needs well over ${Math.round(c / 0.05)} req/s.`,
    );
  }
  const runs = r.targets.flatMap((t) => [t.shop, ...(t.bare ? [t.bare] : [])]);
  const worstOther = Math.max(...runs.map((s) => s.cpu.other));
  if (worstOther >= 0.25) {
    notes.push(
      `Other processes on the machine used up to ${worstOther.toFixed(2)} of ${r.machine.cpus} cores during a measurement (column "other"): those figures are lower than on a quiet machine.`,
    );
  }
  const loadGen = Math.max(...r.targets.filter((t) => t.bare).map((t) => t.bare!.cpu.loadGenerator));
  if (loadGen >= 0.85) {
    notes.push(
      `The load generator used up to ${loadGen.toFixed(2)} cores against the bare server: the bare-bytes figures are partly the limit of one autocannon process on this machine, so shop ÷ bare overstates the shop's share of the true limit (an upper bound).`,
    );
  }
  return notes;
}

/** The issue's targets. */
export function evaluateChecks(
  targets: TargetResult[],
  checkout: CheckoutVerification | null,
  connections: number,
): Check[] {
  const checks: Check[] = [];
  const product = targets.find((t) => t.name === "product page");
  if (product) {
    checks.push({
      name: "product page p99",
      target: `≤ 50 ms at ${connections} connections`,
      measured: `${fmtMs(product.shop.latencyMs.p99)} ms`,
      pass: product.shop.requests > 0 && product.shop.latencyMs.p99 <= 50,
    });
    if (product.ratio !== null) {
      checks.push({
        name: "product page vs bare-bytes limit",
        target: "≥ 50 %",
        measured: `${(product.ratio * 100).toFixed(1)} %`,
        pass: product.ratio >= 0.5,
      });
    }
  }
  const co = targets.find((t) => t.name === "checkout");
  if (co) {
    checks.push({
      name: "checkout throughput",
      target: "≥ 200 orders/s",
      measured: `${Math.round(co.ordersPerSec ?? 0)} orders/s`,
      pass: (co.ordersPerSec ?? 0) >= 200,
    });
  }
  if (checkout) {
    checks.push({
      name: "checkout: no oversell",
      target: "stock ≥ 0 and consistent; paid orders = 201s",
      measured: checkout.ok
        ? `${checkout.paidOrders} paid = ${checkout.answered201} + ${checkout.completedAfterStop} cut off; min stock ${checkout.minStock}`
        : checkout.problems.join("; "),
      pass: checkout.ok,
    });
  }
  return checks;
}

function fmtMs(ms: number): string {
  return ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0);
}
const fmtRate = (r: number) => Math.round(r).toLocaleString("en-US");
const fmtBytes = (b: number) => (b >= 10_240 ? `${(b / 1024).toFixed(1)} KiB` : `${b} B`);

function problems(s: RunSummary): string {
  return `${s.errors}/${s.non2xx}`;
}

const HEADER = [
  "target",
  "shop req/s",
  "p50 ms",
  "p99 ms",
  "err/non-2xx",
  "cores srv/db/gen/other",
  "CPU ms/req",
  "bare req/s",
  "bare p50",
  "bare p99",
  "bare err/non-2xx",
  "bare cores",
  "shop ÷ bare",
  "answer",
];

/**
 * CPU milliseconds the server (and its database) spent per answered request. Unlike req/s this
 * barely moves when other work shares the machine, so it compares runs on a busy machine.
 */
export const cpuPerRequest = (s: RunSummary) => ((s.cpu.server + s.cpu.database) * 1000) / Math.max(1e-9, s.reqPerSec);

/** Cores used by the server, the load generator and the rest of the machine (see cpu.ts). */
const cores = (s: RunSummary) =>
  `${s.cpu.server.toFixed(2)}/${s.cpu.database.toFixed(2)}/${s.cpu.loadGenerator.toFixed(2)}/${s.cpu.other.toFixed(2)}`;

function rows(r: RunReport): string[][] {
  return r.targets.map((t) => [
    `${t.name} (${t.method} ${t.path})`,
    t.ordersPerSec !== undefined
      ? `${fmtRate(t.shop.reqPerSec)} (${fmtRate(t.ordersPerSec)} orders/s)`
      : fmtRate(t.shop.reqPerSec),
    t.shop.requests ? fmtMs(t.shop.latencyMs.p50) : "—",
    t.shop.requests ? fmtMs(t.shop.latencyMs.p99) : "—",
    problems(t.shop),
    cores(t.shop),
    t.shop.requests ? cpuPerRequest(t.shop).toFixed(2) : "—",
    t.bare ? fmtRate(t.bare.reqPerSec) : "—",
    t.bare ? fmtMs(t.bare.latencyMs.p50) : "—",
    t.bare ? fmtMs(t.bare.latencyMs.p99) : "—",
    t.bare ? problems(t.bare) : "—",
    t.bare ? cores(t.bare) : "—",
    t.ratio !== null ? `${(t.ratio * 100).toFixed(1)} %` : "—",
    `${t.response.status} ${t.response.contentEncoding ?? "identity"} ${fmtBytes(t.response.wireBytes)}`,
  ]);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The restart time and the page bytes, as lines for the console and the Markdown report. */
export function extrasLines(r: Pick<RunReport, "restart" | "pages">): string[] {
  const lines: string[] = [];
  if (r.restart)
    lines.push(
      `restart (npm start, current build, migrated database → healthy): ${(r.restart.ms / 1000).toFixed(1)} s${r.restart.rebuilt ? " (it rebuilt: the build was not current)" : ""}`,
    );
  for (const p of r.pages ?? [])
    lines.push(
      `${p.name.padEnd(9)} ${p.path}: JS ${kb(p.jsBytes)} in ${p.jsFiles} files (Brotli), inline script ${kb(p.inlineScriptBytes)}, document ${kb(p.htmlBytes)}`,
    );
  return lines;
}

export function consoleTable(r: RunReport): string {
  const all = [HEADER, ...rows(r)];
  const widths = HEADER.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((c, i) => (i === 0 || i === row.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  const out = [line(HEADER), widths.map((w) => "─".repeat(w)).join("  "), ...rows(r).map(line), ""];
  const extras = extrasLines(r);
  if (extras.length) out.push(...extras, "");
  for (const c of r.checks) out.push(`${c.pass ? "PASS" : "FAIL"}  ${c.name}: ${c.measured} (target ${c.target})`);
  if (r.notes.length) out.push("", ...r.notes.map((n) => `note: ${n}`));
  return out.join("\n");
}

export function markdown(r: RunReport): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  const table = [HEADER, HEADER.map(() => "---"), ...rows(r)]
    .map((row) => `| ${row.map(esc).join(" | ")} |`)
    .join("\n");
  const m = r.machine;
  const s = r.settings;
  return `# HTTP throughput — ${r.db} — ${r.date.slice(0, 10)}

\`npm run bench\` (bench/http-bench.ts): the production build under autocannon from a separate process over loopback, each page and
GET endpoint compared with a bare \`node:http\` server replaying its exact response bytes.

- Date: ${r.date}
- Machine: ${m.cpus} × ${m.cpuModel}, ${m.totalMemoryGiB} GiB, ${m.os}, Node ${m.node}; load average at start ${m.loadAverageAtStart.join(" / ")}
- Git: ${r.git.commit} (${r.git.branch}${r.git.dirty ? ", uncommitted changes" : ""})
- Database: ${s.database}
- Load: ${s.connections} connections, ${s.warmupSeconds} s warm-up then ${s.durationSeconds} s measured per target; Accept-Encoding: ${s.acceptEncoding}; ${s.loadGenerator}
- Processes: ${s.webConcurrency}; shop serving processes detected: ${s.shopServingProcesses}; bare server processes: ${s.bareProcesses}

${table}

Latencies are measured per request by the load generator (p50/p99 in ms). "cores" is the CPU used during the measurement, in cores, by the
server's process tree / its PostgreSQL backends / the load generator / everything else on the machine (other work there lowers every figure);
"CPU ms/req" is server + database CPU time per answered request, which other work on the machine barely changes. "answer" is the response
as captured: status, content-encoding and bytes on the wire, which the bare server replays byte for byte. For POST targets there is no bare
equivalent.
${
  extrasLines(r).length
    ? `\n## Restart and page bytes\n\n${extrasLines(r)
        .map((l) => `- ${l}`)
        .join("\n")}\n`
    : ""
}
## Targets

${r.checks.map((c) => `- **${c.pass ? "PASS" : "FAIL"}** ${c.name}: ${c.measured} (target ${c.target})`).join("\n")}
${r.notes.length ? `\n## Notes\n\n${r.notes.map((n) => `- ${n}`).join("\n")}\n` : ""}${failedAnswers(r)}${
    r.checkout
      ? `
## Checkout accounting

- Orders by status: ${
          Object.entries(r.checkout.ordersByStatus)
            .map(([k, v]) => `${k} ${v}`)
            .join(", ") || "none"
        }
- 201 answers received (warm-up + measurement + preflight): ${r.checkout.answered201}; requests cut off at a run's end that the server completed: ${r.checkout.completedAfterStop}
- Lowest stock of any product or bundle: ${r.checkout.minStock}
- Stock: ${Object.entries(r.checkout.stock)
          .filter(([, v]) => v.expected !== v.actual || v.actual < 10_000_000)
          .map(([k, v]) => `${k} ${v.actual} (expected ${v.expected})`)
          .join(", ")}
${r.checkout.problems.length ? `- Problems: ${r.checkout.problems.join("; ")}` : ""}`
      : ""
  }`;
}

/** The first failing answer of each status per target, so a FAIL comes with its reason. */
function failedAnswers(r: RunReport): string {
  const lines = r.targets.flatMap((t) =>
    Object.entries(t.shop.errorSamples ?? {}).map(
      ([status, body]) =>
        `- ${t.name}: ${t.shop.statusCodes[status] ?? 0} × ${status} — \`${body.replace(/\s+/g, " ").replace(/`/g, "'")}\``,
    ),
  );
  return lines.length ? `\n## Failed answers (shop)\n\n${lines.join("\n")}\n` : "";
}

export function writeReport(r: RunReport): { json: string; md: string } {
  const json = writeSummary(`http-${r.db}`, r, markdown(r));
  return { json, md: json.replace(/\.json$/, ".md") };
}
