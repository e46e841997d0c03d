import { expect, expectAccessible, test } from "./fixtures";
import { signInAsAdmin } from "./journeys";
import type { Page } from "@playwright/test";

const WEEKDAYS: Record<string, string> = {
  Mon: "Monday",
  Tue: "Tuesday",
  Wed: "Wednesday",
  Thu: "Thursday",
  Fri: "Friday",
};

const preview = (page: Page) => page.getByTestId("ship-preview").getByRole("listitem");
const firstShipOn = async (page: Page) => (await preview(page).first().getAttribute("data-ship-on"))!;

/**
 * The owner changes the calendar on a phone and sees, from the server, the ship days checkout
 * will offer. Every change is put back: other journeys buy live goods on the same shop.
 */
test("at 390 px the owner unticks a ship day and closes a date, and the next ship days change", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, "/admin/shipping");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipping");
  await expect(page.getByTestId("shop-timezone")).not.toBeEmpty();
  await expect(page.getByTestId("federal-holidays").getByRole("listitem").first()).toBeVisible();
  await expectAccessible(page);

  const first = await firstShipOn(page);
  const label = (await preview(page).first().textContent())!.match(/^Ships (\w{3}),/)![1]!;
  const day = page.getByRole("checkbox", { name: WEEKDAYS[label]!, exact: true });
  const save = page.getByRole("button", { name: "Save ship days" });
  try {
    await day.uncheck();
    await save.click();
    await expect(page.getByText("Saved. Checkout uses these days from now on.")).toBeVisible();
    await expect(preview(page).first()).not.toHaveAttribute("data-ship-on", first);
    await expect(page.getByTestId("ship-preview")).not.toContainText(`Ships ${label},`);
  } finally {
    await day.check();
    await save.click();
    await expect(preview(page).first()).toHaveAttribute("data-ship-on", first);
  }

  // A refused save says so next to the field and keeps the calendar.
  const transit = page.getByLabel("Any other state");
  await transit.fill("9");
  await save.click();
  await expect(page.locator("#transitDefault-error")).toHaveText("Enter 5 or less.");
  await expect(transit).toHaveAttribute("aria-invalid", "true");
  await expect(preview(page).first()).toHaveAttribute("data-ship-on", first);
  await transit.fill("2");

  const closed = page.getByRole("button", { name: `Reopen`, exact: false });
  try {
    await page.getByLabel("Date", { exact: true }).fill(first);
    await page.getByLabel("Note (optional)").fill("Stocktake");
    await page.getByRole("button", { name: "Close this date" }).click();
    await expect(page.getByText(/^Closed .*: nothing ships that day\.$/)).toBeVisible();
    await expect(page.getByTestId("closed-dates")).toContainText("Stocktake");
    await expect(preview(page).first()).not.toHaveAttribute("data-ship-on", first);
    await expectAccessible(page);
  } finally {
    await closed.first().click();
    await expect(page.getByText(/^Reopened /)).toBeVisible();
    await expect(preview(page).first()).toHaveAttribute("data-ship-on", first);
  }
});

test("a field scrolled to above a sticky Save bar is shown above it, not under it, at 1440 px and on a phone", async ({
  page,
}) => {
  await signInAsAdmin(page, "/admin/shipping");
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    for (const label of ["Hold below (°F)", "Heat pack at or below (°F)", "Cold pack at or above (°F)"]) {
      const field = page.getByLabel(label);
      // Brought into view from above by the least scrolling, as Firefox and Safari do for a field
      // tabbed to (Chromium centres it) and as a page does for a field it reports.
      const uncovered = await field.evaluate((el) => {
        window.scrollTo(0, 0);
        el.scrollIntoView({ block: "nearest" });
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el;
      });
      expect(uncovered, `${label} at ${viewport.width} px`).toBe(true);
    }
  }
});
