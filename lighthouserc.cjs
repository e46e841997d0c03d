/**
 * Lighthouse CI (`npm run lighthouse`): the production build on a throw-away data directory,
 * Lighthouse's defaults (mobile emulation, simulated throttling) on the home page, the listing,
 * one product and one guide, three runs each, judged on the median run.
 * Targets: performance ≥ 99 on a quiet machine, every other category 100 (docs/decisions/010-…).
 * Reports go to bench/results/lighthouse/; only its manifest.json (the scores of every run) is tracked.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- Lighthouse CI loads its configuration with require(). */
const { execSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3398);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-lighthouse-"));
// Debian's Chromium on this kind of machine: no sandbox as root, no GPU, no background connections.
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const chromePath =
  process.env.CHROME_PATH ??
  (() => {
    try {
      return execSync("command -v chromium || command -v google-chrome", { encoding: "utf8" }).trim();
    } catch {
      return undefined;
    }
  })();
const median = (minScore) => ["error", { minScore, aggregationMethod: "median-run" }];

module.exports = {
  ci: {
    collect: {
      startServerCommand: `DATA_DIR=${dataDir} PORT=${port} HOST=127.0.0.1 WEB_CONCURRENCY=1 PUBLIC_URL=${base} node server.js`,
      startServerReadyPattern: "is open on",
      startServerReadyTimeout: 60000,
      url: [
        `${base}/`,
        `${base}/products`,
        `${base}/product/premium-chaeto`,
        `${base}/reef-wisdom/lazy-reefer-guide/tank-setup-fundamentals`,
      ],
      numberOfRuns: 3,
      chromePath,
      settings: { chromeFlags: chromeFlags.join(" ") },
    },
    assert: {
      assertions: {
        "categories:performance": median(0.99),
        "categories:accessibility": median(1),
        "categories:best-practices": median(1),
        "categories:seo": median(1),
      },
    },
    upload: { target: "filesystem", outputDir: "bench/results/lighthouse" },
  },
};
