// Full-page screenshots of the running shop at phone and desktop widths, for a human look.
// Usage: node scripts/screenshots.mjs http://localhost:3000 /tmp/shots /path1 /path2 …
import fs from "node:fs";
import { chromium } from "@playwright/test";

const [base = "http://localhost:3000", out = "/tmp/shots", ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ["/", "/products", "/product/premium-chaeto"];
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
for (const width of [390, 1440]) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    // Scroll through once so lazy images load before the full-page capture.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    const name = `${(path.replace(/[^a-z0-9]+/gi, "_") || "home").replace(/^_|_$/g, "") || "home"}-${width}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: true });
    console.log(`${out}/${name}`);
  }
  await context.close();
}
await browser.close();
