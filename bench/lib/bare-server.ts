/**
 * Launches bare-server-child.ts in its own process (group) with the captured responses, and
 * waits until every one of its processes listens.
 */
import fs from "node:fs";
import path from "node:path";
import { forkChild, freePort, stopChild } from "./processes";
import type { CapturedResponse } from "./capture";
import type { ChildProcess } from "node:child_process";

export interface BareServer {
  url: string;
  processes: number;
  proc: ChildProcess;
  stop(): Promise<void>;
}

export async function startBare(
  responses: Map<string, CapturedResponse>,
  processes: number,
  tmpDir: string,
): Promise<BareServer> {
  const file = path.join(tmpDir, "bare-responses.json");
  const stored = Object.fromEntries(
    [...responses].map(([p, r]) => [
      p,
      { status: r.status, rawHeaders: r.rawHeaders, bodyBase64: r.body.toString("base64") },
    ]),
  );
  fs.writeFileSync(file, JSON.stringify(stored));
  const port = await freePort();
  const child = forkChild(
    path.join(import.meta.dirname, "bare-server-child.ts"),
    [file, String(port), String(processes)],
    {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  let onExit: (code: number | null) => void = () => {};
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("bare server did not start in 20 s")), 20_000);
    onExit = (code) => {
      clearTimeout(timer);
      reject(new Error(`bare server exited early (code ${code})`));
    };
    child.once("exit", onExit);
    child.on("message", (m: { type?: string }) => {
      if (m?.type === "ready") {
        clearTimeout(timer);
        resolve();
      }
    });
  }).finally(() => child.removeListener("exit", onExit));
  return { url: `http://127.0.0.1:${port}`, processes, proc: child, stop: () => stopChild(child) };
}
