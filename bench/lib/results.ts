/**
 * Where benchmarks write. Each benchmark keeps one tracked summary, `bench/results/<name>.json`
 * (and `.md` where it has a table), overwritten by every run so that a change of figures shows
 * up in review as a diff; the full per-run data (every question, every request) goes to
 * `bench/results/runs/`, which git ignores.
 */
import fs from "node:fs";
import path from "node:path";

export const RESULTS_DIR = path.join(import.meta.dirname, "..", "results");
const RUNS_DIR = path.join(RESULTS_DIR, "runs");

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

export function writeSummary(name: string, summary: unknown, markdown?: string): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  if (markdown !== undefined) fs.writeFileSync(path.join(RESULTS_DIR, `${name}.md`), markdown);
  return file;
}

/** The whole run, kept on this machine only. */
export function writeRun(name: string, data: unknown): string {
  fs.mkdirSync(RUNS_DIR, { recursive: true });
  const file = path.join(RUNS_DIR, `${name}-${stamp()}.json`);
  fs.writeFileSync(file, JSON.stringify(data));
  return file;
}
