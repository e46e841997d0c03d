import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  output: () => string;
  /** What the server wrote to stdout alone. */
  stdout: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/**
 * Starts the production build (`node server.js`, or another entry such as `scripts/start.mjs`,
 * what `npm start` runs) as a real process and waits until it is healthy.
 */
export async function startServer(
  env: Record<string, string>,
  port?: number,
  entry = "server.js",
): Promise<ServerProcess> {
  if (!fs.existsSync("build/server/index.js"))
    throw new Error("Run `npm run build` first: these tests use the production build.");
  const p = port ?? (await freePort());
  let out = "";
  let stdout = "";
  const proc = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(p),
      PUBLIC_URL: `http://127.0.0.1:${p}`,
      RATE_LIMITS: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout.on("data", (d) => ((out += d), (stdout += d)));
  proc.stderr.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL"); // never leave a half-started server behind
      throw new Error(`server did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { url, proc, output: () => out, stdout: () => stdout, exited };
}

export function tempDataDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
