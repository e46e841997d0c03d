// Process entry. In production it runs one server process per core (WEB_CONCURRENCY, default: the
// number of cores) under a small supervisor; `--dev` runs one process with Vite's middleware.
import cluster from "node:cluster";
import os from "node:os";
import { fileURLToPath } from "node:url";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

function processCount() {
  const raw = process.env.WEB_CONCURRENCY;
  if (raw === undefined || raw === "") return os.availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    console.error(`Invalid configuration:\n  WEB_CONCURRENCY: must be a whole number from 1 to 64 (got "${raw}")`);
    process.exit(1);
  }
  return n;
}

const processes = dev ? 1 : processCount();
if (cluster.isPrimary && processes > 1) {
  await supervise(processes);
} else {
  await serve();
}

/**
 * The supervisor: forks the server processes, which share the listening port (the kernel spreads
 * connections). Slot 0 starts first — it runs the migrations and the seed — and is the only one
 * with the background worker, so the outbox and reservation expiry have one sender at a time.
 * A process that dies is replaced in its slot; one that fails before it ever listened stops the
 * whole server, since a configuration or database error would only repeat.
 */
async function supervise(count) {
  // Each process accepts from the shared socket itself (SCHED_NONE) rather than through the
  // supervisor (round-robin): no extra hop, and a connection handed to a process that dies at
  // that moment is reset instead of hanging in the supervisor's queue (seen with round-robin).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  // Children run this file, also when it was imported by another entry (the browser tests' one).
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) });
  // The same JSON line shape as the processes' pino logs (level 30 is info).
  const log = (msg) => console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg }));
  const slots = new Map(); // worker id -> slot
  let stopping = false;

  function fork(slot) {
    const worker = cluster.fork({
      SERVER_SLOT: String(slot),
      BACKGROUND_WORKER: slot === 0 ? (process.env.BACKGROUND_WORKER ?? "on") : "off",
    });
    slots.set(worker.id, slot);
    let listened = false;
    const ready = new Promise((resolve) => worker.once("listening", () => ((listened = true), resolve())));
    worker.once("exit", (code, signal) => {
      slots.delete(worker.id);
      if (stopping) return;
      if (!listened) {
        console.error(`server process ${slot} stopped before it could serve (code ${code}); stopping`);
        stopAll(code || 1);
        return;
      }
      log(`server process ${slot} exited (${signal ?? `code ${code}`}); starting a new one`);
      setTimeout(() => stopping || fork(slot), 500); // a short pause, so a crash loop cannot spin
    });
    return ready;
  }

  function stopAll(exitCode = 0) {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    const done = () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(exitCode);
    cluster.on("exit", done);
    done();
    setTimeout(() => process.exit(exitCode), 15_000).unref();
  }

  process.on("SIGTERM", () => stopAll(0));
  process.on("SIGINT", () => stopAll(0));
  await fork(0);
  for (let slot = 1; slot < count; slot++) void fork(slot);
  log(`${count} server processes (WEB_CONCURRENCY=${count})`);
}

/** One server process: static files, the app from the build (or Vite), graceful shutdown. */
async function serve() {
  const { default: express } = await import("express");
  const { default: http } = await import("node:http");
  const server = express();
  server.disable("x-powered-by");
  let closing = false;
  // Anonymous pages kept in memory (server/page-cache.ts) are answered here on the bare Node
  // request, before Express and everything mounted on it: a copy carries the headers its render
  // was sent with, assembled once per copy.
  let pageCacheAnswer = null;
  const listener = http.createServer((req, res) => {
    // While shutting down, answer with `Connection: close` so that keep-alive clients (a load
    // balancer's pooled connections) move to another process instead of holding this one open.
    if (closing) res.setHeader("Connection", "close");
    if (pageCacheAnswer?.(req, res)) return;
    server(req, res);
  });
  let createApp;

  if (dev) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(viteDevServer.middlewares);
    ({ createApp } = await viteDevServer.ssrLoadModule("./server/app.ts"));
  } else {
    const { default: expressStaticGzip } = await import("express-static-gzip");
    // Build files were compressed once at build time (scripts/precompress.ts): send the .br or
    // .gz twin the browser accepts. Hashed assets never change, so they are cached for a year.
    const precompressed = (maxAge, immutable = false) => ({
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: { maxAge, immutable, index: false },
    });
    server.use("/assets", expressStaticGzip("build/client/assets", precompressed("1y", true)));
    server.use(expressStaticGzip("build/client", precompressed("1h")));
    // Pages and API answers are compressed per response by the app (server/http.ts).
    ({ createApp } = await import("./build/server/index.js"));
  }

  let app, services, worker;
  try {
    ({ app, services, worker, pageCacheAnswer } = await createApp());
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  server.use(app);

  listener.listen(services.config.port, services.config.host, () => {
    const address = listener.address();
    const port = typeof address === "object" && address ? address.port : services.config.port;
    if (!cluster.isWorker || process.env.SERVER_SLOT === "0") {
      services.logger.info({ port }, `${services.config.shopName} is open on http://localhost:${port}`);
    }
  });

  async function shutdown(signal) {
    if (closing) return;
    closing = true;
    services.logger.info({ signal }, "shutting down");
    listener.close(async () => {
      await worker.stop().catch(() => {});
      await services.kv?.close().catch(() => {});
      await services.database.destroy().catch(() => {});
      await flushStdout(2_000);
      process.exit(0);
    });
    listener.closeIdleConnections?.();
    // Logging never blocks the main thread (server/logger.ts), so this timer can always fire.
    setTimeout(() => process.exit(0), 10_000).unref();
  }
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

/**
 * Waits until stdout has taken the queued log lines, at most `ms`: a reader that has gone away
 * must not keep the process from ending.
 */
function flushStdout(ms) {
  return new Promise((resolve) => {
    if (process.stdout.writableLength === 0) return resolve();
    setTimeout(resolve, ms).unref();
    process.stdout.once("drain", resolve);
  });
}
