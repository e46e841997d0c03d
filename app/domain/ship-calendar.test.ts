import { describe, expect, it } from "vitest";
import {
  DEFAULT_CUTOFF,
  DEFAULT_LIVE_SHIP_DAYS,
  DEFAULT_MONDAY_ONLY_STATES,
  DEFAULT_TRANSIT_DAYS,
  deliveryChoices,
  describeDelivery,
  weekdayOf,
  type ShipCalendar,
} from "./ship-calendar";

const calendar = (closed: string[] = []): ShipCalendar => ({
  timeZone: "America/New_York",
  liveShipDays: DEFAULT_LIVE_SHIP_DAYS,
  cutoff: DEFAULT_CUTOFF,
  closedDates: new Set(closed),
  transitDays: DEFAULT_TRANSIT_DAYS,
  mondayOnlyStates: DEFAULT_MONDAY_ONLY_STATES,
});
/** New York local time in December (UTC−5). */
const nyTime = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00-05:00`);
const shipDays = (choices: { shipOn: string }[]) => choices.map((c) => c.shipOn);

describe("the ship calendar", () => {
  it("knows its weekdays", () => {
    expect(weekdayOf("2026-12-03")).toBe(4); // a Thursday
    expect(weekdayOf("2026-12-06")).toBe(7);
  });

  it("holds live goods bought on a Thursday until Monday, never Thursday to Sunday", () => {
    const choices = deliveryChoices(calendar(), { now: nyTime("2026-12-03", "09:00"), live: true, state: "NY" });
    expect(shipDays(choices)).toEqual(["2026-12-07", "2026-12-08", "2026-12-09", "2026-12-14", "2026-12-15"]);
    expect(choices[0]).toEqual({ shipOn: "2026-12-07", arriveOn: "2026-12-08" });
  });

  it("ships live goods today before the cut-off and on the next ship day after it", () => {
    const before = deliveryChoices(calendar(), { now: nyTime("2026-11-30", "11:59"), live: true, state: "NY" });
    const after = deliveryChoices(calendar(), { now: nyTime("2026-11-30", "12:00"), live: true, state: "NY" });
    expect(before[0]!.shipOn).toBe("2026-11-30");
    expect(after[0]!.shipOn).toBe("2026-12-01");
  });

  it("counts the cut-off on the shop's clock, not the server's", () => {
    // 03:00 UTC on Thursday is 22:00 on Wednesday in New York: past the cut-off, so Thursday, then Monday.
    const choices = deliveryChoices(calendar(), { now: new Date("2026-12-03T03:00:00Z"), live: false, state: "NY" });
    expect(choices[0]!.shipOn).toBe("2026-12-03");
    const live = deliveryChoices(calendar(), { now: new Date("2026-12-03T03:00:00Z"), live: true, state: "NY" });
    expect(live[0]!.shipOn).toBe("2026-12-07");
  });

  it("skips closed dates for leaving and for the days in transit", () => {
    const closed = calendar(["2026-12-07", "2026-12-09"]);
    const choices = deliveryChoices(closed, { now: nyTime("2026-12-04", "15:00"), live: false, state: "CA" });
    expect(choices[0]).toEqual({ shipOn: "2026-12-08", arriveOn: "2026-12-14" });
    expect(shipDays(choices)).not.toContain("2026-12-09");
  });

  it("never leaves live goods in transit over a weekend or a closed day", () => {
    // Three days to California: Monday and Tuesday arrive by Friday; Wednesday would sit out the weekend.
    const west = deliveryChoices(calendar(), { now: nyTime("2026-11-30", "09:00"), live: true, state: "CA" });
    expect(shipDays(west).slice(0, 3)).toEqual(["2026-11-30", "2026-12-01", "2026-12-07"]);
    expect(west[1]!.arriveOn).toBe("2026-12-04");
    const holiday = deliveryChoices(calendar(["2026-12-02"]), {
      now: nyTime("2026-11-30", "09:00"),
      live: true,
      state: "NY",
    });
    expect(shipDays(holiday).slice(0, 2)).toEqual(["2026-11-30", "2026-12-07"]);
  });

  it("sends a cart without live goods on the next business day", () => {
    const friday = deliveryChoices(calendar(), { now: nyTime("2026-12-04", "09:00"), live: false, state: "TX" });
    expect(friday[0]).toEqual({ shipOn: "2026-12-04", arriveOn: "2026-12-08" });
    const late = deliveryChoices(calendar(), { now: nyTime("2026-12-04", "15:00"), live: false, state: null });
    expect(late[0]!.shipOn).toBe("2026-12-07");
  });

  it("sends live goods to Alaska and Hawaii on Mondays only", () => {
    const choices = deliveryChoices(calendar(), { now: nyTime("2026-11-30", "09:00"), live: true, state: "HI" });
    expect(shipDays(choices)).toEqual(["2026-11-30", "2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28"]);
    expect(choices[0]!.arriveOn).toBe("2026-12-03");
  });

  it("offers nothing, rather than looping, when every day is closed", () => {
    const days = Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(2026, 11, 1 + i)).toISOString().slice(0, 10));
    expect(deliveryChoices(calendar(days), { now: nyTime("2026-12-01", "09:00"), live: true, state: "NY" })).toEqual(
      [],
    );
  });

  it("says the days in words, whatever the reader's time zone", () => {
    expect(describeDelivery({ shipOn: "2026-12-07", arriveOn: "2026-12-09" })).toBe(
      "Ships Mon, Dec 7 · arrives Wed, Dec 9",
    );
  });
});
