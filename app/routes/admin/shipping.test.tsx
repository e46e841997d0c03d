import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AdminShipping from "./shipping";
import type { FormResult } from "#app/domain/forms";
import type { ShippingScreen } from "#app/models/shipping/ship-settings.server";
import type { WeatherScreen } from "#app/models/shipping/weather-holds.server";

const SCREEN: ShippingScreen & { weather: WeatherScreen } = {
  timeZone: "America/New_York",
  today: "2026-12-03",
  settings: {
    liveShipDays: [1, 2, 3],
    cutoff: "12:00",
    transitDays: { default: 2, NY: 1 },
    mondayOnlyStates: ["AK", "HI"],
  },
  holidays: [{ date: "2026-12-25", name: "Christmas Day" }],
  closedDates: [{ date: "2026-12-07", reason: "Stocktake" }],
  preview: [
    { shipOn: "2026-12-08", arriveOn: "2026-12-10" },
    { shipOn: "2026-12-09", arriveOn: "2026-12-11" },
  ],
  weather: {
    enabled: true,
    thresholds: { holdBelowF: 35, heatPackAtOrBelowF: 65, coldPackAtOrAboveF: 80 },
    checks: [
      {
        orderId: "8d7f8f5e-5b0e-4c59-9a51-2c4a4f1d2a10",
        number: "LR-ABCD2345",
        checkedOn: "2026-12-03",
        checkedAt: "2026-12-03T14:00:00.000Z",
        shipOn: "2026-12-03",
        arriveOn: "2026-12-07",
        outcome: "unavailable",
        forecast: null,
        pack: null,
        note: "Forecast unavailable at 09:00: the weather service did not answer in time. Ships by the calendar.",
      },
    ],
  },
};

function page(screen: typeof SCREEN = SCREEN, actionData?: FormResult) {
  const Stub = createRoutesStub([{ id: "shipping", path: "/admin/shipping", Component: AdminShipping as never }]);
  return renderToString(
    <Stub
      initialEntries={["/admin/shipping"]}
      hydrationData={{
        loaderData: { shipping: screen },
        ...(actionData ? { actionData: { shipping: actionData } } : {}),
      }}
    />,
  ).replaceAll("<!-- -->", "");
}

/** The opening tag of the input with this id (its attributes in any order). */
const input = (html: string, id: string) =>
  html.match(new RegExp(`<input id="${id}"[^>]*>|<input[^>]*id="${id}"[^>]*>`))?.[0] ?? "";
const checkbox = (html: string, day: number) =>
  html.match(new RegExp(`<input[^>]*name="liveShipDays"[^>]*value="${day}"[^>]*>`))?.[0] ?? "";

describe("the back office's Shipping screen", () => {
  it("ticks the stored ship days, fills the transit table and lists the next ship days", () => {
    const html = page();
    expect(checkbox(html, 2)).toContain('checked=""');
    expect(checkbox(html, 4)).not.toContain("checked");
    expect(input(html, "transit-NY")).toContain('value="1"');
    expect(input(html, "transit-TX")).toMatch(/placeholder="2".*value=""/);
    expect(html).toContain("America/New_York");
    expect(html).toContain("Ships Tue, Dec 8 · arrives Thu, Dec 10");
    expect(html).toContain("Mon, Dec 7, 2026");
    expect(html).toContain("Christmas Day");
  });

  it("says so when no day is open, rather than an empty list", () => {
    expect(page({ ...SCREEN, preview: [] })).toContain("live goods can&#x27;t be sold until a ship day is open");
  });

  it("puts a refused field's message next to it, marked invalid, with what was typed", () => {
    const html = page(SCREEN, {
      status: "error",
      intent: "settings",
      message: "Please check the fields marked below.",
      fieldErrors: { "transit-CA": "Enter 5 or less." },
      values: { "transit-CA": "9", cutoff: "12:00", transitDefault: "2" },
    });
    const ca = input(html, "transit-CA");
    expect(ca).toContain('value="9"');
    expect(ca).toContain('aria-invalid="true"');
    expect(ca).toContain('aria-describedby="transit-CA-error"');
    expect(html).toContain('id="transit-CA-error"');
    expect(html).toContain("Enter 5 or less.");
  });

  it("shows the weather thresholds, a refused one's message next to it, and today's checks with why", () => {
    const html = page(SCREEN, {
      status: "error",
      intent: "weather",
      message: "Please check the fields marked below.",
      fieldErrors: { coldPackAtOrAboveF: "Set the cold pack above the heat pack (65 °F): a box gets one pack." },
      values: { holdBelowF: "35", heatPackAtOrBelowF: "65", coldPackAtOrAboveF: "60" },
    });
    expect(input(html, "holdBelowF")).toContain('value="35"');
    const cold = input(html, "coldPackAtOrAboveF");
    expect(cold).toContain('value="60"');
    expect(cold).toContain('aria-invalid="true"');
    expect(html).toContain('id="coldPackAtOrAboveF-error"');
    expect(html).toContain("LR-ABCD2345");
    expect(html).toContain("Forecast unavailable at 09:00");
    expect(page({ ...SCREEN, weather: { ...SCREEN.weather, enabled: false, checks: [] } })).toContain("WEATHER=nws");
  });
});
