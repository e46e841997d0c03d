// Playwright drives Debian's Chromium (no browser download is possible here). Install it when missing.
import { execSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (fs.existsSync(CHROMIUM)) process.exit(0);

console.log(`${CHROMIUM} is missing: installing Debian's chromium package…`);
const sudo = process.getuid?.() === 0 ? "" : "sudo ";
try {
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core`,
    {
      stdio: "inherit",
    },
  );
} catch {
  console.error("Could not install chromium with apt-get; install it and set CHROMIUM_PATH if it lives elsewhere.");
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`chromium was installed but ${CHROMIUM} does not exist`);
  process.exit(1);
}
