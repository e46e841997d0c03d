/**
 * What `npm run bench` reports besides throughput (issue 21): how long a restart on a current
 * build takes, and the bytes five storefront pages make a browser download.
 */
import http from "node:http";
import { freePort, spawnChild, stopChild } from "./processes";

const BUDGET_PAGES = [
  { name: "home", path: "/" },
  { name: "products", path: "/products" },
  { name: "product", path: "/product/premium-chaeto" },
  { name: "guide", path: "/reef-wisdom/lazy-reefer-guide/troubleshooting-common-issues" },
  { name: "checkout", path: "/checkout" },
];
export const JS_BUDGET_BYTES = 100 * 1024;
export const INLINE_SCRIPT_BUDGET_BYTES = 20 * 1024;
export const RESTART_BUDGET_MS = 15_000;

export interface PageBytes {
  name: string;
  path: string;
  /** Brotli bytes of every script the document loads before interaction (modulepreloads, module imports). */
  jsBytes: number;
  jsFiles: number;
  /** Uncompressed bytes inside inline <script> elements (hydration data, manifest, loader). */
  inlineScriptBytes: number;
  /** The document itself, compressed as a browser gets it. */
  htmlBytes: number;
}

function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

const BROWSER = { "Accept-Encoding": "gzip, deflate, br, zstd" };

/**
 * Bytes on the wire for each page as a browser that accepts Brotli gets them. The scripts are the
 * ones the document names (React Router's modulepreloads and module imports): what a page loads
 * before the shopper can interact. `tests/e2e/budget.spec.ts` measures the same in Chromium and
 * also catches code imported during hydration.
 */
export async function measurePageBytes(baseUrl: string): Promise<PageBytes[]> {
  const results: PageBytes[] = [];
  for (const page of BUDGET_PAGES) {
    const document = await get(baseUrl + page.path, { ...BROWSER, "Sec-Fetch-Dest": "document" });
    const plain = await get(baseUrl + page.path, { "Sec-Fetch-Dest": "document" });
    const html = plain.body.toString("utf8");
    // Modulepreloads (in the module script, added after the first paint: app/utils/
    // scripts-after-paint.server.ts) and the module script's imports; not every path in the page
    // (the route manifest in the inline script names other routes' modules too).
    const deferred = /for \(const href of (\[[^\]]*\])\)/.exec(html)?.[1];
    const scripts = new Set([
      ...(deferred ? (JSON.parse(deferred) as string[]) : []),
      ...[
        ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g),
        ...html.matchAll(/\bfrom "(\/assets\/[^"]+\.js)"/g),
        ...html.matchAll(/\bimport\("(\/assets\/[^"]+\.js)"\)/g),
      ].map((m) => m[1]!),
    ]);
    let jsBytes = 0;
    for (const script of scripts) jsBytes += (await get(baseUrl + script, BROWSER)).body.length;
    const inlineScriptBytes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce(
      (sum, m) => sum + Buffer.byteLength(m[1]!),
      0,
    );
    results.push({
      ...page,
      jsBytes,
      jsFiles: scripts.size,
      inlineScriptBytes,
      htmlBytes: document.body.length,
    });
  }
  return results;
}

/**
 * `npm start` as a person runs it after a crash or a configuration change, on a database that is
 * already migrated and seeded: milliseconds from the command to a healthy /api/health. The build
 * must be current (`scripts/start.mjs` would rebuild otherwise, and that is reported as such).
 */
export async function measureRestart(env: Record<string, string>): Promise<{ ms: number; rebuilt: boolean }> {
  const port = await freePort();
  const started = performance.now();
  const proc = spawnChild(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  try {
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`scripts/start.mjs exited (code ${proc.exitCode}):\n${out}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 180_000) throw new Error(`not healthy after 180 s:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return { ms: Math.round(performance.now() - started), rebuilt: out.includes("building:") };
  } finally {
    await stopChild(proc, 10_000);
  }
}
