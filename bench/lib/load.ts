/** Runs one load job in a fresh load-worker.ts process and returns its summaries. */
import path from "node:path";
import { forkChild, stopChild } from "./processes";
import type { CpuUse } from "./cpu";

export interface LoadJob {
  baseUrl: string;
  path: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  timeoutSeconds: number;
  /** A unique Idempotency-Key per request, with accounting of 201s and cut-off requests. */
  idempotencyKeys?: boolean;
  /** Root processes of the server under test, for the CPU accounting. */
  serverPids: number[];
  /** PostgreSQL database the server uses, to count its backends' CPU. */
  dbName?: string;
}

export interface RunSummary {
  seconds: number;
  requests: number;
  reqPerSec: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  bytesPerSec: number;
  /** autocannon's own figures (whole milliseconds), kept for comparison. */
  autocannonLatencyMs: { p50: number; p99: number; mean: number };
  /** Cores used during the measurement by the server, the load generator and the rest of the machine. */
  cpu: CpuUse;
  /** First body of each 4xx/5xx status seen (truncated), to tell why requests failed. */
  errorSamples: Record<string, string>;
}

export interface LoadResult {
  warmup: RunSummary | null;
  measured: RunSummary;
  checkout: { answered201: number; unansweredKeys: string[] } | null;
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = forkChild(path.join(import.meta.dirname, "load-worker.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const limitMs = (job.warmupSeconds + job.durationSeconds + 2 * job.timeoutSeconds + 30) * 1000;
  try {
    return await new Promise<LoadResult>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`load worker did not finish in ${limitMs / 1000} s`)), limitMs);
      child.once("message", (m: { ok: boolean; result?: LoadResult; error?: string }) => {
        clearTimeout(timer);
        if (m.ok) resolve(m.result!);
        else reject(new Error(`load worker failed: ${m.error}`));
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`load worker exited (code ${code}) without a result`));
      });
      child.send(job);
    });
  } finally {
    await stopChild(child, 2000);
  }
}
