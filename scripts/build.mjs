/**
 * The production build, and the check that lets `npm start` skip it.
 *
 * `npm run build` (this file) always builds; `npm start` (scripts/start.mjs) builds only when the
 * build is missing or older than its sources.
 *
 * A complete build leaves `build/.build-stamp` holding the time it started; a build cut short
 * leaves none, so the next start builds again. "Older than its sources" = some source file was
 * modified after that time (a `git pull`, an edit, `npm install` rewriting the lock). Plain
 * JavaScript so the check costs one `node` start (~50 ms), not a TypeScript loader's.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const STAMP = path.join(root, "build", ".build-stamp");

/** What the build reads: the app, the server bundle's sources, artwork, public files and the build's own config. */
const SOURCES = [
  "app",
  "server",
  "database",
  "art",
  "public",
  "scripts/build-images.ts",
  "scripts/precompress.ts",
  "scripts/build.mjs",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];
/** Files the build writes into the sources (scripts/build-images.ts renders art/ into public/), and tests. */
const NOT_SOURCES =
  /^public[\\/](images|icons)[\\/]|^public[\\/](favicon\.(svg|ico)|favicon-32\.png|apple-touch-icon\.png|icon-512\.png)$|\.test\.tsx?$/;

const STEPS = ["tsx scripts/build-images.ts", "react-router build", "tsx scripts/precompress.ts"];

/** The first source file modified after `since` (ms), or null. */
export function newerSource(since) {
  const stack = SOURCES.map((s) => path.join(root, s));
  while (stack.length) {
    const full = stack.pop();
    let stat;
    try {
      stat = fs.statSync(full);
    } catch {
      continue; // an optional source (no lock file, say)
    }
    const relative = path.relative(root, full);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full)) stack.push(path.join(full, name));
    } else if (!NOT_SOURCES.test(relative) && stat.mtimeMs > since) {
      return relative;
    }
  }
  return null;
}

/** Why the build must run, or null when the one in build/ is current. */
export function staleReason() {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) return "no build yet";
  let started;
  try {
    started = JSON.parse(fs.readFileSync(STAMP, "utf8")).startedAt;
  } catch {
    return "the last build did not finish";
  }
  const newer = newerSource(started);
  return newer ? `${newer} changed since the last build` : null;
}

export function build() {
  const startedAt = Date.now();
  fs.rmSync(STAMP, { force: true });
  for (const step of STEPS) {
    const result = spawnSync(step, {
      cwd: root,
      stdio: "inherit",
      shell: true,
      env: { ...process.env, PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}` },
    });
    if (result.status !== 0) {
      console.error(`build step failed: ${step} (exit ${result.status ?? result.signal})`);
      process.exit(result.status || 1);
    }
  }
  fs.writeFileSync(STAMP, JSON.stringify({ startedAt, finishedAt: Date.now() }) + "\n");
  console.log(`build finished in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) build();
