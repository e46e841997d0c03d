import crypto from "node:crypto";
import { expect, expectAccessible, slowPhone, test } from "./fixtures";
import { signUp } from "./journeys";

/**
 * A month of alkalinity on a slow phone (400 kb/s, 400 ms, CPU ×4): logged by hand and pasted
 * from a spreadsheet, drawn against the guides' band with the day it fell too fast flagged, and a
 * CSV export that imports into another tank unchanged.
 */
test.setTimeout(120_000);
test.use({
  viewport: { width: 390, height: 844 },
  extraHTTPHeaders: { "X-Forwarded-For": `198.18.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}` },
});

const DAY = 86_400_000;
/** "2026-11-01T08:00" in UTC, `daysAgo` days before now, as the form's datetime-local holds it. */
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 13) + ":00";

// Ten readings over four weeks; from day 10 to day 9 alkalinity falls 1.4 dKH, past the guide's 1 a day.
const MONTH: Array<[number, number]> = [
  [28, 8.4],
  [25, 8.5],
  [22, 8.6],
  [19, 8.5],
  [16, 8.6],
  [13, 8.6],
  [10, 8.6],
  [9, 7.2],
  [6, 7.6],
  [2, 8.1],
];

test("a month of alkalinity on a slow phone: charts with the band, a flagged fall, CSV round trip", async ({
  page,
}) => {
  await signUp(page, { email: `charts-${crypto.randomBytes(4).toString("hex")}@example.com`, password: "reef12345" });
  await slowPhone(page);
  const addTank = async (name: string) => {
    await page.goto("/account/tanks");
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Display volume").fill("75");
    await page.getByRole("button", { name: "Add tank" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  };
  await addTank("Office 75");

  // Three by hand, the way a reading is taken…
  const form = page.locator('section[aria-labelledby="reading-heading"]');
  for (const [daysAgo, value] of MONTH.slice(0, 3)) {
    await form.getByLabel("Parameter").selectOption("alkalinity");
    await form.getByLabel("Value").fill(String(value));
    await form.getByLabel("Taken at (UTC)").fill(at(daysAgo));
    await form.getByRole("button", { name: "Log reading" }).click();
    await expect(page.getByText("Reading logged.")).toBeVisible();
  }
  // …and the rest pasted from a notebook.
  const rest = MONTH.slice(3).map(([daysAgo, value]) => `${at(daysAgo)}:00Z,alkalinity,${value},dKH`);
  await page.getByLabel("…or paste the lines").fill(["taken_at,parameter,value,unit", ...rest].join("\n"));
  await page.getByRole("button", { name: "Import readings" }).click();
  await expect(page.getByText("Imported 7 readings")).toBeVisible();

  const chart = page.locator("#alkalinity-chart");
  await expect(chart.getByTestId("target-band")).toBeVisible();
  await expect(chart.getByTestId("chart-svg").locator("title").first()).toContainText("target 7–11 dKH");
  await expect(chart.getByTestId("swing-segment")).toHaveCount(1);
  await expect(chart.getByTestId("chart-summary")).toContainText("fell 1.4 dKH");
  await chart.getByText("Show as a table").click();
  await expect(chart.getByTestId("chart-table").locator("tbody tr")).toHaveCount(10);
  await expect(page.getByTestId("latest-readings").getByRole("img", { name: /Alkalinity trend/ })).toBeVisible();
  await page.locator('[data-slot="tank-charts"]').screenshot({ path: "test-results/tank-charts-390.png" });
  await page.getByTestId("latest-readings").screenshot({ path: "test-results/tank-latest-390.png" });
  await expectAccessible(page);

  // The coral-food reminder is off until the reefer asks for it.
  const remind = page.getByLabel("Mail me a week before my coral food runs out");
  await expect(remind).not.toBeChecked();
  await remind.check();
  await page.getByRole("region", { name: "Coral food reminder" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("We'll mail you a week before your coral food runs out.")).toBeVisible({
    timeout: 40_000,
  });
  await expect(remind).toBeChecked();

  // The chat puts the reefer's latest reading beside the guides' target.
  await page.goto("/reef-wisdom");
  const box = page.getByLabel("Your question");
  await box.fill("what should my alk be?");
  await box.press("Enter");
  const answer = page.getByTestId("wisdom-chat").locator('[data-role="reef-wisdom"]').first();
  await expect(
    answer.getByText(/^Your latest alkalinity \(.+\), 8\.1 dKH, is within the guides' 7–11 dKH target\.$/),
  ).toBeVisible({
    timeout: 40_000,
  });
  await answer.screenshot({ path: "test-results/tank-chat-390.png" });
  await page.goBack();

  // The export imports into a second tank and comes back out byte for byte.
  const href = (await page.getByRole("link", { name: "Download readings (CSV)" }).getAttribute("href")) ?? "";
  const exported = await (await page.request.get(href)).text();
  expect(exported.trim().split("\r\n")).toHaveLength(11);
  await addTank("Spare 20");
  await page.getByLabel("…or paste the lines").fill(exported);
  await page.getByRole("button", { name: "Import readings" }).click();
  await expect(page.getByText("Imported 10 readings")).toBeVisible();
  const again = await page.getByRole("link", { name: "Download readings (CSV)" }).getAttribute("href");
  expect(await (await page.request.get(again ?? "")).text()).toBe(exported);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "test-results/tank-charts-1440.png" });
});
