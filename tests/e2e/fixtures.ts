import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** Runs axe on the page as it is now; serious and critical violations fail the test. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = blocking.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join("\n  ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Navigates, waits for hydration, and checks accessibility of the page reached. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);
  return response;
}

export const test = base.extend<{ page: Page }>({
  page: async ({ browser }, use) => {
    // A new context per test, as @axe-core/playwright requires. Each test gets its own client
    // address (the server trusts loopback proxies), so per-address rate limits don't cross tests.
    const ip = `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
    const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": ip } });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

export { expect };

/** The checkout button: "Pay $76.98" once the shop has confirmed the total, "Place order" before. */
export const PLACE_ORDER = /^(Pay \$[\d,.]+|Place order)$/;

/**
 * The slow phone of the issues' walks: 400 kb/s each way, 400 ms latency, a CPU four times
 * slower, nothing cached (each page as on a first visit: its scripts come over the slow line too).
 */
export async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}
