import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./tests/setup/chromium-flags";

const PORT = Number(process.env.E2E_PORT ?? 3190);
const dataDir = path.join(os.tmpdir(), `lr-e2e-${process.pid}`);

/** End-to-end journeys in Debian's Chromium against the production build on a fresh database. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A whole journey (sign up, buy, sign out, sign in, …) takes 15–20 s alone; with two workers, each
  // with its Chromium, beside the servers on CI's two cores it has run past 30 s. Each step keeps
  // its own expect timeout, so a real hang still fails at the step that hangs.
  timeout: 60_000,
  // A step waits for what a person would see. CI's machine has run this suite 3.3 times slower than
  // a quiet one (23.4 min against 7.0), and a sign-in followed by the owner's catalogue took longer
  // than the default 5 s there; a real hang still fails at its step.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", ...CHROMIUM_FLAGS],
    },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "shop", testIgnore: /waitlist\.spec\.ts/ },
    // The waitlist journey sells a shared product out for a while: it runs after every other
    // journey, so none of them meets a sold-out item it did not expect.
    { name: "sold out", testMatch: /waitlist\.spec\.ts/, dependencies: ["shop"] },
  ],
  webServer: {
    command: "tsx tests/e2e/serve-with-peers.ts",
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      WORKER_INTERVAL_MS: "250",
      OIDC_NAME: "Reef Club",
      E2E_PORT: String(PORT),
      RATE_LIMITS: "on",
    },
  },
});
