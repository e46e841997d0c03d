/**
 * Starts the production build (`node server.js`) the way `npm start` would, on a free loopback
 * port, and waits for /api/health — as tests/reliability/server-process.ts does, but detached
 * into its own process group so that a multi-process server is stopped as a whole.
 */
import fs from "node:fs";
import os from "node:os";
import { freePort, nodeDescendants, spawnChild, stopChild } from "./processes";
import type { ChildProcess } from "node:child_process";

export interface ShopServer {
  url: string;
  port: number;
  proc: ChildProcess;
  /** Processes that serve requests: the cluster workers, or 1 for a single-process server. */
  servingProcesses: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * What `npm start` would use: WEB_CONCURRENCY from the environment, passed through unchanged;
 * when unset, the default the multi-process server documents (one process per core).
 */
export function webConcurrency(): { value: number; source: string } {
  const raw = process.env.WEB_CONCURRENCY;
  if (raw !== undefined && raw !== "")
    return { value: Number(raw), source: `WEB_CONCURRENCY=${raw} (from the environment)` };
  // server.js's default: os.availableParallelism() (the cores this process may use).
  const cores = os.availableParallelism();
  return { value: cores, source: `WEB_CONCURRENCY unset → npm start default = ${cores} (available cores)` };
}

/** `profileDir`: every server process writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
export async function startShop(opts: {
  dataDir: string;
  databaseUrl: string;
  profileDir?: string;
  /** Settings of the run on top of the defaults below (a stand-in's address). */
  env?: NodeJS.ProcessEnv;
}): Promise<ShopServer> {
  if (!fs.existsSync("build/server/index.js"))
    throw new Error("No production build: run without --no-build (or `npm run build`) first.");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env, // WEB_CONCURRENCY, REDIS_URL … as `npm start` would see them
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl,
    RATE_LIMITS: "off",
    LOG_LEVEL: "warn",
    ...opts.env,
  };
  let out = "";
  // Forked processes inherit the supervisor's execArgv, so each of them is profiled too.
  const profile = opts.profileDir ? ["--cpu-prof", `--cpu-prof-dir=${opts.profileDir}`] : [];
  const proc = spawnChild(process.execPath, [...profile, "server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout!.on("data", (d) => (out = (out + d).slice(-20_000)));
  proc.stderr!.on("data", (d) => (out = (out + d).slice(-20_000)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early (code ${proc.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopChild(proc);
      throw new Error(`server did not become healthy in 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  const servingProcesses = await settleProcessCount(proc.pid!);
  return { url, port, proc, servingProcesses, output: () => out, stop: () => stopChild(proc, 10_000) };
}

/**
 * Health answers as soon as one worker listens; the others may still be booting. Wait until the
 * number of node processes under the server stays the same for a second (at most 15 s).
 */
async function settleProcessCount(pid: number): Promise<number> {
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const n = nodeDescendants(pid).length;
    if (n !== last) {
      last = n;
      stableSince = Date.now();
    }
    if (Date.now() - stableSince >= 1000 || Date.now() > deadline) return Math.max(1, last);
    await new Promise((r) => setTimeout(r, 100));
  }
}
