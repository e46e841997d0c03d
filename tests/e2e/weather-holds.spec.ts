import crypto from "node:crypto";
import { expect, expectAccessible, test } from "./fixtures";
import { signInAsAdmin } from "./journeys";
import { WEATHER_AT } from "./mailbox";
import type { APIRequestContext, Page } from "@playwright/test";

/** A paid live order to one of the places the NWS stand-in forecasts (serve-with-peers.ts). */
async function liveOrderTo(request: APIRequestContext, place: (typeof WEATHER_AT)[keyof typeof WEATHER_AT]) {
  const res = await request.post("/api/checkout", {
    headers: { "Idempotency-Key": crypto.randomUUID(), "X-Forwarded-For": `198.19.35.${place.zip.slice(-2)}` },
    data: {
      items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
      customer: { email: `weather-${crypto.randomBytes(4).toString("hex")}@example.com`, name: "Wendy Weather" },
      shippingAddress: {
        line1: "1 Lake St",
        city: place.city,
        state: place.state,
        postalCode: place.zip,
        country: "US",
      },
      payment: { card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { order: { id: string; number: string; shipOn: string } }).order;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * The owner, on a phone, sets the weather thresholds on the Shipping screen and checks the
 * weather for the next ship day: the order to freezing Minneapolis is held to a later day, the one
 * to hot Phoenix gets a cold pack printed on its slip. The forecast comes from a stand-in for the
 * National Weather Service on loopback; everywhere else it is 70 °F, so other journeys' orders
 * keep their days. The thresholds are put back afterwards.
 */
test("at 390 px the owner sets the weather thresholds and sees a held order and a cold pack on the slip", async ({
  page,
  request,
}) => {
  const held = await liveOrderTo(request, WEATHER_AT.freezing);
  const hot = await liveOrderTo(request, WEATHER_AT.hot);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, "/admin/shipping");
  const section = page.getByRole("region", { name: "Weather holds" });
  await expect(section.getByTestId("weather-status")).toContainText("Each ship day's morning");
  await expect(field(page, "Hold below (°F)")).toHaveValue("35");
  await expect(field(page, "Heat pack at or below (°F)")).toHaveValue("65");
  await expect(field(page, "Cold pack at or above (°F)")).toHaveValue("80");
  const save = page.getByRole("button", { name: "Save temperatures" });

  // A cold pack at or below the heat pack makes no sense: said next to the field, nothing kept.
  await field(page, "Cold pack at or above (°F)").fill("60");
  await save.click();
  await expect(page.locator("#coldPackAtOrAboveF-error")).toContainText("above the heat pack");
  await expect(field(page, "Cold pack at or above (°F)")).toHaveAttribute("aria-invalid", "true");

  try {
    await field(page, "Cold pack at or above (°F)").fill("84");
    await save.click();
    await expect(page.getByText("Saved. The next morning check uses these temperatures.")).toBeVisible();
    await expect(field(page, "Cold pack at or above (°F)")).toHaveValue("84");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Check the weather now" }).click();
    // The worker's own morning check may have held the order first (between a ship day's check time
    // and its cut-off), so the count of this check may be 0: the order's row is what must say so.
    await expect(page.getByText(/^Checked \d+ live orders?: \d+ held/)).toBeVisible();
    const checks = page.getByTestId("weather-checks");
    const heldRow = checks.getByRole("listitem").filter({ hasText: held.number });
    await expect(heldRow).toHaveAttribute("data-outcome", "hold");
    await expect(heldRow).toContainText("below 35 °F");
    await expect(heldRow).toContainText(`Moved from ${held.shipOn}`);
    await expect(checks.getByRole("listitem").filter({ hasText: hot.number })).toContainText("cold pack in the box");
  } finally {
    await field(page, "Hold below (°F)").fill("35");
    await field(page, "Heat pack at or below (°F)").fill("65");
    await field(page, "Cold pack at or above (°F)").fill("80");
    await save.click();
    await expect(field(page, "Cold pack at or above (°F)")).toHaveValue("80");
  }

  // The held order's page says why and when it leaves now; the hot one's slip asks for a cold pack.
  await page.goto(`/admin/orders/${held.id}`);
  await expect(page.getByTestId("order-weather")).toHaveAttribute("data-outcome", "hold");
  await expect(page.getByTestId("order-delivery")).not.toContainText(
    new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(
      new Date(`${held.shipOn}T00:00:00Z`),
    ),
  );
  await page.goto(`/admin/orders/${hot.id}/slip`);
  await expect(page.getByTestId("slip-number")).toHaveText(hot.number);
  await expect(page.getByTestId("slip-pack")).toHaveText("Add a cold pack");
});
