import { expect, expectAccessible, test } from "./fixtures";

/**
 * The reef calculators before JavaScript (issue 37, decision 047): a reefer on a phone gets the
 * 75-gallon baking-soda dose split over days with the guide cited, and a wrong number is answered
 * next to its field.
 */
test("doses 75 gallons from 7.2 to 8.5 dKH with JavaScript off at 390 px", async ({
  browser,
  baseURL,
  page: withJs,
}) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto("/calculators");
  await page.getByLabel("Raise", { exact: true }).selectOption("alkalinity");
  await page.getByLabel("Your reading").fill("7.2");
  await page.getByLabel("Target", { exact: true }).fill("8.5");
  await page.getByLabel("Unit", { exact: true }).selectOption("dKH");
  await page.getByLabel("Water volume").fill("75");
  await page.getByLabel("Volume in").selectOption("gal");
  await page.getByLabel("Additive", { exact: true }).selectOption("baking-soda");
  await page.getByRole("button", { name: "Work out the dose" }).click();

  await expect(page.getByRole("heading", { name: "11.1 g of baking soda (sodium bicarbonate)" })).toBeVisible();
  const rows = page.getByRole("table", { name: "Dose for each day" }).getByRole("row");
  await expect(rows).toHaveText([
    /Day.*Dose.*Raises alkalinity by/,
    /Day 1\s*8\.5 g\s*1 dKH/,
    /Day 2\s*2\.6 g\s*0\.3 dKH/,
  ]);
  await expect(
    page.getByRole("link", { name: "Water Chemistry Mastery: Dosing to raise alkalinity, calcium and magnesium" }),
  ).toHaveAttribute(
    "href",
    "/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery#dosing-to-raise-alkalinity-calcium-and-magnesium",
  );
  const answered = page.url();

  // An impossible volume is refused next to its field, and what was typed stays.
  await page.getByLabel("Water volume").fill("-75");
  await page.getByRole("button", { name: "Work out the dose" }).click();
  const volume = page.getByLabel("Water volume");
  await expect(volume).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#volume-error")).toHaveText(/more than 0/);
  await expect(volume).toHaveValue("-75");
  await expect(page.getByLabel("Your reading")).toHaveValue("7.2");
  const refused = page.url();
  await context.close();

  // axe needs JavaScript to run: the same two pages, at the same width, checked with it on.
  await withJs.setViewportSize({ width: 390, height: 844 });
  for (const url of [answered, refused]) {
    await withJs.goto(url);
    await expect(withJs.getByRole("heading", { name: "Reef calculators" })).toBeVisible();
    // The form and the day table fit the phone: no sideways scrolling.
    expect(await withJs.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(withJs);
  }
});

test("answers salt and refugium light at 1440 px", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/calculators?water=5&waterUnit=gal");
  await expect(page.getByText("About 681 g of salt (0.7 kg)")).toBeVisible();
  await page.goto("/calculators?nitrate=0.5");
  await expect(page.getByText("8 hours of refugium light a day")).toBeVisible();
  await expectAccessible(page);
});
