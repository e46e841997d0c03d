import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { signUp } from "./journeys";

test.use({
  viewport: { width: 390, height: 844 },
  extraHTTPHeaders: { "X-Forwarded-For": `198.19.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}` },
});

/** Issue 37: a reefer's 75-gallon tank on the coral food's page, the plan and the calculators. */
test("a reefer with a 75 gal tank gets the coral food's weeks, the plan's size and a filled-in dose", async ({
  page,
}) => {
  // Signed out: the shared page says nothing about a tank.
  await page.goto("/product/chaeto-coral-food-combo");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("for-your-tank")).toHaveCount(0);

  await page.goto("/sign-up");
  await signUp(page, { email: `profile-${crypto.randomBytes(4).toString("hex")}@example.com`, password: "reef12345" });
  await page.goto("/account/tanks");
  await page.getByLabel("Name").fill("Office 75");
  await page.getByLabel("Display volume").fill("75");
  await page.getByRole("button", { name: "Add tank" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Office 75");
  const form = page.locator('section[aria-labelledby="reading-heading"]');
  await form.getByLabel("Value").fill("7.2");
  await form.getByRole("button", { name: "Log reading" }).click();
  await expect(page.getByRole("status")).toHaveText("Reading logged.");

  await page.getByRole("link", { name: "Dose to raise alkalinity" }).click();
  await expect(page.getByLabel("Your reading")).toHaveValue("7.2");
  await expect(page.getByLabel("Water volume")).toHaveValue("75");
  await expect(page.getByLabel("Target", { exact: true })).toHaveValue("");

  await page.goto("/product/chaeto-coral-food-combo");
  await expect(page.getByTestId("for-your-tank")).toHaveText(
    "For your 75 gal Office 75 tank: at the label dose (2.5 g per 100 gal, 3 feeds a week) this 40 g jar lasts about 7 weeks — a rule of thumb.",
  );

  await page.goto("/plan");
  await expect(page.getByTestId("plan-from-tank")).toHaveText("From your tank Office 75 (75 gal)");
  await expect(page.getByLabel("Medium (30–75 gallons)")).toBeChecked();
  await page.getByLabel("Large (over 75 gallons)").check();
  await expect(page.getByLabel("Large (over 75 gallons)")).toBeChecked();
});
