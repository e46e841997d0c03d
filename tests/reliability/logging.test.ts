import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { freePort, tempDataDir } from "./server-process";

/**
 * Issue 17, item 7: a server whose stdout nobody reads must keep serving and must stop when told.
 * The old logger wrote synchronously: once the pipe was full the main thread waited in write(2)
 * forever, so requests hung and not even the 10-second forced exit could fire.
 */
describe("logging never blocks the server", () => {
  it("keeps answering with an unread stdout, drops what does not fit, and stops on SIGTERM", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const proc = spawn(process.execPath, ["server.js"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        LOG_LEVEL: "info",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: url,
        RATE_LIMITS: "off",
        WEB_CONCURRENCY: "1",
        DATA_DIR: tempDataDir("lr-log-"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // stdout is deliberately not read, so the pipe fills up. A 'readable' listener that never
    // reads keeps Node from draining (and discarding) it when the child exits.
    const unread = () => {};
    proc.stdout.on("readable", unread);
    let stderr = "";
    proc.stderr.on("data", (d) => (stderr += String(d)));
    const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
    try {
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (proc.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
        if (
          await fetch(`${url}/api/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
        await new Promise((r) => setTimeout(r, 150));
      }
      // About 2 KB of log per request (the path is logged): far more than the pipe and our buffer hold.
      const longPath = `/api/${"a-".repeat(1000)}`;
      const timed = (path: string) =>
        fetch(`${url}${path}`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status);
      for (let round = 0; round < 20; round++) {
        const statuses = await Promise.all(Array.from({ length: 50 }, () => timed(longPath)));
        expect(statuses.every((s) => s === 404)).toBe(true);
      }
      const started = Date.now();
      expect(await timed("/api/health")).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);

      proc.kill("SIGTERM");
      const stoppedWithin = await Promise.race([
        exited.then(() => true),
        new Promise((r) => setTimeout(r, 15_000, false)),
      ]);
      expect(stoppedWithin, "the server did not stop within 15 s of SIGTERM").toBe(true);

      // What did reach the pipe is whole JSON lines, and the drops were counted.
      proc.stdout.off("readable", unread);
      let out = "";
      for await (const chunk of proc.stdout) out += String(chunk);
      const lines = out.split("\n").filter(Boolean);
      expect(lines.length).toBeGreaterThan(10);
      // Every line but the last: that one may have been cut off by the exit (its end still queued).
      for (const line of lines.slice(0, -1))
        expect(() => JSON.parse(line) as unknown, line.slice(0, 200)).not.toThrow();
    } finally {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
    }
  });
});
