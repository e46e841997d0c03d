/**
 * The bare-bytes limit: a node:http server that answers each captured path with the identical
 * status, headers and (compressed) body bytes the shop sent, doing no other work. It runs as many
 * processes as the shop serves with (node:cluster, like a multi-process `npm start`), so the
 * ratio shop ÷ bare isolates the cost of the shop's own work on the same hardware budget.
 *
 * Usage (forked by bare-server.ts): node --import tsx bare-server-child.ts <responses.json> <port> <processes>
 */
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";

interface StoredResponse {
  status: number;
  rawHeaders: string[];
  bodyBase64: string;
}

const [file, portArg, processesArg] = process.argv.slice(2);
const port = Number(portArg);
const processes = Math.max(1, Number(processesArg) || 1);

// Node writes its own Date, Connection and framing headers; the captured ones would be stale or
// contradict the framing (the shop streams pages chunked; here the length is known up front).
const HOP_BY_HOP = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

function serve() {
  const stored = JSON.parse(fs.readFileSync(file!, "utf8")) as Record<string, StoredResponse>;
  const routes = new Map<string, { status: number; headers: string[]; body: Buffer }>();
  for (const [path, r] of Object.entries(stored)) {
    const body = Buffer.from(r.bodyBase64, "base64");
    const headers: string[] = [];
    for (let i = 0; i < r.rawHeaders.length; i += 2) {
      if (!HOP_BY_HOP.has(r.rawHeaders[i]!.toLowerCase())) headers.push(r.rawHeaders[i]!, r.rawHeaders[i + 1]!);
    }
    headers.push("Content-Length", String(body.length));
    routes.set(path, { status: r.status, headers, body });
  }
  const server = http.createServer((req, res) => {
    const route = routes.get(req.url ?? "");
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(route.status, route.headers);
    res.end(route.body);
  });
  // Match Node's defaults the shop runs with (Express does not change them).
  server.listen(port, "127.0.0.1", () => {
    if (cluster.isWorker) process.send!({ type: "listening" });
    else process.send?.({ type: "ready" });
  });
}

if (processes > 1 && cluster.isPrimary) {
  // server.js lets each process accept from the shared socket (SCHED_NONE); do the same, so both
  // sides spread connections alike (NODE_CLUSTER_SCHED_POLICY, when set, applies to both).
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  let shuttingDown = false;
  let listening = 0;
  for (let i = 0; i < processes; i++) {
    const worker = cluster.fork();
    worker.on("message", (m: { type?: string }) => {
      if (m?.type === "listening" && ++listening === processes) process.send?.({ type: "ready" });
    });
  }
  cluster.on("exit", (_worker, code, signal) => {
    // A bare server that loses a worker would measure less than the limit: fail loudly. (The
    // whole process group gets SIGTERM at the end, so workers may exit before the primary knows.)
    if (!shuttingDown && signal !== "SIGTERM" && code !== 0) {
      console.error(`bare server worker exited (${signal ?? code})`);
      process.exit(1);
    }
  });
  process.on("SIGTERM", () => {
    shuttingDown = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill();
    setTimeout(() => process.exit(0), 2000).unref();
    cluster.disconnect(() => process.exit(0));
  });
} else {
  serve();
  process.on("SIGTERM", () => process.exit(0));
}
