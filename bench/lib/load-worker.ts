/**
 * The load generator, in its own process so that it shares an event loop with neither the server
 * nor the orchestrator. Forked by load.ts; receives one job over IPC, runs autocannon for the
 * warm-up and then for the measurement, and sends the summaries back.
 *
 * Checkout jobs give every request a fresh Idempotency-Key (a replay would measure the idempotency
 * cache, not orders) and account for them: 201s received, and keys still in flight when autocannon
 * stops — it drops those sockets, but the server may finish the order, which the oversell check
 * must know to compare paid orders with 201 answers exactly.
 */
import crypto from "node:crypto";
import autocannon, { type Request, type Result } from "autocannon";
import { cpuSince, cpuSnapshot } from "./cpu";
import type { LoadJob, LoadResult, RunSummary } from "./load";

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function runOnce(
  job: LoadJob,
  seconds: number,
  keys: { inFlight: Set<string>; answered201: number } | null,
): Promise<RunSummary> {
  const url = new URL(job.path, job.baseUrl);
  const request: Request = {
    method: job.method,
    path: url.pathname + url.search,
    headers: job.headers,
    body: job.body,
  };
  // The first answer of each failing status, to say why (bodies of 2xx are never kept).
  const errorSamples: Record<string, string> = {};
  const sampleError = (status: number, body: string) => {
    if (status >= 400 && !(status in errorSamples)) errorSamples[status] = body.slice(0, 300);
  };
  request.onResponse = (status, body) => sampleError(status, body);
  if (keys) {
    // setupRequest runs before each request is written; with pipelining 1 the per-connection
    // context then belongs to exactly one request until onResponse.
    request.setupRequest = (req, context: { key?: string }) => {
      const key = crypto.randomUUID();
      context.key = key;
      keys.inFlight.add(key);
      return { ...req, headers: { ...req.headers, "Idempotency-Key": key } };
    };
    request.onResponse = (status, body, context: { key?: string }) => {
      sampleError(status, body);
      if (context.key) keys.inFlight.delete(context.key);
      if (status === 201) keys.answered201++;
    };
  }
  let instance!: autocannon.Instance;
  const finished = new Promise<Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: url.origin,
        connections: job.connections,
        duration: seconds,
        pipelining: 1,
        timeout: job.timeoutSeconds,
        requests: [request],
      },
      (err: Error | null, result) => (err ? reject(err) : resolve(result)),
    );
  });
  // autocannon's histogram keeps whole milliseconds; keep exact times too for sub-ms answers.
  let times = new Float64Array(1 << 16);
  let n = 0;
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    if (n === times.length) {
      const bigger = new Float64Array(times.length * 2);
      bigger.set(times);
      times = bigger;
    }
    times[n++] = responseTime;
  });
  const cpuStart = cpuSnapshot(job.serverPids, job.dbName);
  const result = await finished;
  const cpu = cpuSince(cpuStart, job.serverPids, job.dbName);
  const sorted = times.slice(0, n).sort();
  const ms = (x: number) => Math.round(x * 1000) / 1000;
  return {
    seconds: result.duration,
    requests: n,
    reqPerSec: Math.round((n / result.duration) * 10) / 10,
    latencyMs: {
      p50: ms(percentile(sorted, 0.5)),
      p90: ms(percentile(sorted, 0.9)),
      p99: ms(percentile(sorted, 0.99)),
      max: ms(sorted.length ? sorted[sorted.length - 1]! : 0),
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]),
    ),
    bytesPerSec: result.throughput.average,
    autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.mean },
    cpu,
    errorSamples,
  };
}

process.once("message", async (job: LoadJob) => {
  try {
    const keys = job.idempotencyKeys ? { inFlight: new Set<string>(), answered201: 0 } : null;
    const warmup = job.warmupSeconds > 0 ? await runOnce(job, job.warmupSeconds, keys) : null;
    const measured = await runOnce(job, job.durationSeconds, keys);
    const result: LoadResult = {
      warmup,
      measured,
      checkout: keys ? { answered201: keys.answered201, unansweredKeys: [...keys.inFlight] } : null,
    };
    process.send!({ ok: true, result }, () => process.exit(0));
  } catch (err) {
    process.send!({ ok: false, error: err instanceof Error ? err.stack : String(err) }, () => process.exit(1));
  }
});
