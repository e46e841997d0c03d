/**
 * Soak test: mixed traffic (browse, quote, checkout, sign-in) against a production server for a
 * while, printing memory (RSS of the server process) and latency every interval. Memory should
 * level off. Usage: npm run build && npx tsx bench/soak.ts [--minutes 10] [--concurrency 8]
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { startServer, tempDataDir } from "../tests/reliability/server-process";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    concurrency: { type: "string", default: "8" },
    interval: { type: "string", default: "30" },
  },
});
const durationMs = Number(values.minutes) * 60_000;
const server = await startServer({ DATA_DIR: tempDataDir("lr-soak-"), RATE_LIMITS: "off", NODE_ENV: "production" });
const url = server.url;
const rss = () => {
  try {
    const kb = Number(fs.readFileSync(`/proc/${server.proc.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
};

await fetch(`${url}/api/auth/sign-up/email`, {
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: url },
  body: JSON.stringify({ email: "soak@example.com", password: "soak-pass-1", name: "Soak" }),
});
const actions: Array<() => Promise<Response>> = [
  () => fetch(`${url}/`),
  () => fetch(`${url}/products`),
  () => fetch(`${url}/product/premium-chaeto`),
  () => fetch(`${url}/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery`),
  () =>
    fetch(`${url}/api/cart/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        items: [
          { kind: "product", id: "premium-chaeto", quantity: 2 },
          { kind: "combo", productIds: ["premium-chaeto", "reef-care-bundle", "refugium-starter-kit"], quantity: 1 },
        ],
      }),
    }),
  () =>
    fetch(`${url}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify({
        items: [{ kind: "product", id: "service-tip", quantity: 1 }],
        customer: { email: "soak@example.com", name: "Soak" },
        payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
      }),
    }),
  () =>
    fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: url },
      body: JSON.stringify({ email: "soak@example.com", password: "soak-pass-1" }),
    }),
];

let window: number[] = [];
let errors = 0;
let total = 0;
const started = Date.now();
const report = setInterval(
  () => {
    const sorted = [...window].sort((a, b) => a - b);
    const p = (q: number) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1) : "-";
    console.log(
      `${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  rss ${String(rss()).padStart(4)} MB  ${String(window.length).padStart(6)} req  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms  errors ${errors}`,
    );
    window = [];
  },
  Number(values.interval) * 1000,
);

await Promise.all(
  Array.from({ length: Number(values.concurrency) }, async (_, worker) => {
    let i = worker;
    while (Date.now() - started < durationMs) {
      const t0 = performance.now();
      try {
        const res = await actions[i++ % actions.length]!();
        await res.arrayBuffer();
        if (res.status >= 500) errors++;
      } catch {
        errors++;
      }
      window.push(performance.now() - t0);
      total++;
    }
  }),
);
clearInterval(report);
console.log(`done: ${total} requests in ${values.minutes} min, ${errors} errors`);
server.proc.kill("SIGTERM");
await server.exited;
