import { spawn } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript build script, no type declarations
import { newerSource, staleReason, STAMP } from "../../scripts/build.mjs";
import { freePort, tempDataDir } from "./server-process";

const RESTART_BUDGET_MS = 15_000;

/**
 * Runs `npm start` as a person would and resolves with the milliseconds until /api/health answers
 * and everything it printed; the whole process group (npm, sh, supervisor, server processes) is
 * stopped afterwards.
 */
async function timedStart(dataDir: string): Promise<{ ms: number; output: string }> {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn("npm", ["start"], {
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout.on("data", (d) => (output += d));
  proc.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  try {
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      // A generous limit: the assertion on the time is the caller's.
      if (performance.now() - started > 120_000) throw new Error(`npm start was not healthy in 120 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return { ms: performance.now() - started, output };
  } finally {
    process.kill(-proc.pid!, "SIGTERM");
    await exited;
  }
}

/** Issue 21: a restart with a current build takes seconds, not a rebuild. Needs `npm run build` first. */
describe("npm start", () => {
  it("uses a current build: no source is newer than the build's stamp, and a newer one is noticed", () => {
    expect(fs.existsSync(STAMP), "run `npm run build` first").toBe(true);
    expect(staleReason()).toBeNull();
    const { startedAt } = JSON.parse(fs.readFileSync(STAMP, "utf8")) as { startedAt: number };
    // Any source modified after a build makes it stale; the images the build renders into public/ do not.
    const rootMtime = fs.statSync("app/root.tsx").mtimeMs;
    expect(newerSource(rootMtime - 1)).not.toBeNull();
    expect(newerSource(startedAt)).toBeNull();
  });

  it(`restarts on a current build within ${RESTART_BUDGET_MS / 1000} s, migrations and seed check included`, async () => {
    const dataDir = tempDataDir("lr-restart-");
    try {
      const first = await timedStart(dataDir); // creates the database, migrates and seeds
      expect(first.output).toContain("build is current");
      const restart = await timedStart(dataDir);
      expect(restart.output).toContain("build is current");
      expect(restart.output).not.toContain("vite");
      console.log(
        `restart: healthy ${Math.round(restart.ms)} ms after npm start (first start ${Math.round(first.ms)} ms)`,
      );
      expect(restart.ms).toBeLessThanOrEqual(RESTART_BUDGET_MS);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
