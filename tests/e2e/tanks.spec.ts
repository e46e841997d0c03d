import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./fixtures";
import { signUp } from "./journeys";

// A phone without JavaScript: every step is a plain form post the server answers.
test.use({
  javaScriptEnabled: false,
  viewport: { width: 390, height: 844 },
  extraHTTPHeaders: { "X-Forwarded-For": `198.19.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}` },
});

test("a reefer without JavaScript adds a tank, logs readings, is told an impossible one, exports CSV", async ({
  page,
  browser,
}) => {
  await page.goto("/sign-up");
  await signUp(page, { email: `tank-${crypto.randomBytes(4).toString("hex")}@example.com`, password: "reef12345" });
  await page.getByRole("link", { name: "My tanks" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My tanks");

  await page.getByLabel("Name").fill("Living room 75");
  await page.getByLabel("Display volume").fill("75");
  await page.getByLabel("Sump / refugium volume").fill("20");
  await page.getByLabel("SPS").check();
  await page.getByRole("button", { name: "Add tank" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Living room 75");
  await expect(page.getByTestId("tank-volume")).toContainText("75 gal display + 20 gal sump/refugium");

  const form = page.locator('section[aria-labelledby="reading-heading"]');
  await form.getByLabel("Value").fill("8.3");
  await form.getByRole("button", { name: "Log reading" }).click();
  await expect(page.getByRole("status")).toHaveText("Reading logged.");

  await form.getByLabel("Parameter").selectOption("temperature");
  await form.getByLabel("Value").fill("150");
  await form.getByLabel("Unit").selectOption("°F");
  await form.getByRole("button", { name: "Log reading" }).click();
  // Beside the field, and the typed value kept.
  await expect(form.locator("#value-error")).toContainText("Temperature of 150 °F isn't possible in a reef tank");
  await expect(form.getByLabel("Value")).toHaveValue("150");
  await form.getByLabel("Value").fill("25.5");
  await form.getByLabel("Unit").selectOption("°C");
  await form.getByRole("button", { name: "Log reading" }).click();
  await expect(page.getByRole("status")).toHaveText("Reading logged.");

  const latest = page.getByTestId("latest-readings");
  await expect(latest.getByRole("row", { name: /Alkalinity/ })).toContainText("8.3 dKH");
  await expect(latest.getByRole("row", { name: /Temperature/ })).toContainText("25.5 °C");
  await expect(page.locator('[data-slot="tank-charts"]').getByRole("heading", { name: "Trends" })).toBeVisible();
  // axe needs JavaScript: the same page, signed in the same, in a browser that runs it.
  const withJs = await browser.newContext({ javaScriptEnabled: true });
  await withJs.addCookies(await page.context().cookies());
  const checked = await withJs.newPage();
  await checked.goto(page.url());
  await expectAccessible(checked);
  await withJs.close();

  const csv = await page.request.get(
    (await page.getByRole("link", { name: "Download readings (CSV)" }).getAttribute("href")) ?? "",
  );
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("taken_at,parameter,value,unit");
  expect(lines.slice(1).map((l) => l.split(",").slice(1).join(","))).toEqual(
    expect.arrayContaining(["alkalinity,8.3,dKH", "temperature,25.5,°C"]),
  );
});
