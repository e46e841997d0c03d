import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ParameterChart } from "#app/components/parameter-chart";
import { Sparkline } from "#app/components/sparkline";
import { ALK_BAND, CALCIUM_BAND, NITRATE_BAND, NOW, READINGS } from "../helpers/reef-readings";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * The tank page's charts in a real browser before the page exists: the components' server HTML
 * (rendered here, as the page's loader will) set into a page that carries the shop's built CSS,
 * with no script at all, then checked with axe at phone and desktop widths.
 */
const PARAMETERS = [
  { parameter: "alkalinity", unit: "dKH", band: ALK_BAND, maxStepPerDay: 1, window: 30 },
  { parameter: "calcium", unit: "ppm", band: CALCIUM_BAND, maxStepPerDay: 25, window: 90 },
  { parameter: "nitrate", unit: "ppm", band: NITRATE_BAND, window: 365 },
  { parameter: "magnesium", unit: "ppm", band: { low: 1250, high: 1400 }, window: 30 },
] as const;

function tankCharts(): string {
  const h = createElement;
  return renderToStaticMarkup(
    h(
      Fragment,
      null,
      h(
        "ul",
        { className: "flex flex-wrap gap-4", "data-testid": "sparklines" },
        PARAMETERS.map((p) =>
          h(
            "li",
            { key: p.parameter, className: "flex items-center gap-2 text-sm" },
            h("span", null, p.parameter),
            h(Sparkline, { parameter: p.parameter, unit: p.unit, band: p.band, readings: READINGS, now: NOW }),
          ),
        ),
      ),
      h(
        "div",
        { className: "grid gap-4 lg:grid-cols-2" },
        PARAMETERS.map((p) => h(ParameterChart, { key: p.parameter, ...p, readings: READINGS, now: NOW })),
      ),
    ),
  );
}

test("the tank's charts pass axe, read without script and fit a phone and a desktop", async ({ page }) => {
  // The shop's own stylesheet, as the built pages link it, read in a page of its own: the shop
  // page's scripts may still navigate after it has loaded, over the charts set below.
  const shopPage = await page.context().newPage();
  await shopPage.goto("/sign-in");
  const stylesheets = await shopPage
    .locator('link[rel="stylesheet"]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  await shopPage.close();
  expect(stylesheets.length).toBeGreaterThan(0);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1"><title>My reef · Lazy Reefer</title>
    ${stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join("")}</head>
    <body><main class="mx-auto max-w-6xl px-4 py-6"><h1 class="mb-4 text-2xl">My 75 g reef</h1>
    <section data-slot="tank-charts" aria-labelledby="charts-heading" class="flex flex-col gap-4">
    <h2 id="charts-heading" class="text-xl">Parameters</h2>${tankCharts()}</section></main></body></html>`;

  for (const [width, shot] of [
    [390, "/tmp/charts-390.png"],
    [1440, "/tmp/charts-1440.png"],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(html, { waitUntil: "load" });
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);

    const alk = page.locator("#alkalinity-chart");
    await expect(alk.getByRole("img", { name: "Alkalinity over the last 30 days, target 8–9.5 dKH" })).toBeVisible();
    await expect(alk.getByTestId("chart-summary")).toHaveText(
      "Alkalinity 7.2 dKH, below the 8–9.5 target; fell 1.4 dKH in a day on Nov 27.",
    );
    await expect(alk.getByTestId("swing-segment")).toHaveCount(1);
    await expect(page.getByRole("img", { name: "Alkalinity trend: falling, latest 7.2 dKH" })).toBeVisible();
    await expect(page.locator("#magnesium-chart")).toContainText("No magnesium readings in the last 30 days.");

    // The table opens from the keyboard, no script needed.
    await expect(alk.getByRole("table")).toBeHidden();
    await alk.getByText("Show as a table").focus();
    await page.keyboard.press("Enter");
    const table = alk.getByRole("table", { name: /Alkalinity readings, last 30 days/ });
    await expect(table).toBeVisible();
    await expect(table.locator("tbody tr")).toHaveCount(10);
    await expect(table.getByRole("row", { name: /Nov 27, 2026, 8:00 AM/ })).toContainText("Fell 1.4 dKH in a day");

    // Legible on a phone: the chart's 12-unit text is drawn at 10 px or more, and nothing scrolls sideways.
    const svgBox = await alk.getByTestId("chart-svg").boundingBox();
    expect(svgBox?.width ?? 0).toBeGreaterThan(300);
    expect(((svgBox?.width ?? 0) / 360) * 12).toBeGreaterThanOrEqual(10);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await expectAccessible(page);
    await page.screenshot({ path: shot, fullPage: true });
  }

  // On paper: the chart and its legend, without the period links or the table's button.
  await page.emulateMedia({ media: "print" });
  const alk = page.locator("#alkalinity-chart");
  await expect(alk.getByTestId("chart-svg")).toBeVisible();
  await expect(alk.getByRole("navigation")).toBeHidden();
  await expect(alk.getByText("Show as a table")).toBeHidden();
  await page.screenshot({ path: "/tmp/charts-print.png", fullPage: true });
});
