import { describe, expect, it } from "vitest";
import { isoWeekOf, mondayOf, renewalWeeks } from "./owner-subscriptions";

describe("renewals by week", () => {
  it("names ISO weeks by their Thursday's year", () => {
    expect(mondayOf("2026-12-01")).toBe("2026-11-30");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
    expect(mondayOf("2026-12-06")).toBe("2026-11-30");
    expect(isoWeekOf("2026-11-30")).toBe("2026-W49");
    expect(isoWeekOf("2027-01-01")).toBe("2026-W53");
    expect(isoWeekOf("2027-01-04")).toBe("2027-W01");
    expect(isoWeekOf("2025-12-29")).toBe("2026-W01");
  });

  it("projects each charge date into its week, an overdue one into this week, and flags stock short by then", () => {
    const weeks = renewalWeeks(
      [
        { everyWeeks: 2, nextChargeOn: "2026-12-15", lines: [{ productId: "combo", quantity: 2 }] },
        { everyWeeks: 4, nextChargeOn: "2026-12-29", lines: [{ productId: "combo", quantity: 1 }] },
        // Overdue (due, but not claimed by the worker yet): counted now, then every 12 weeks (out of range).
        { everyWeeks: 12, nextChargeOn: "2026-11-20", lines: [{ productId: "care", quantity: 1 }] },
      ],
      new Map([["combo", 4]]),
      "2026-12-01",
    );
    expect(weeks.map((w) => w.weekOf)).toEqual([
      "2026-11-30",
      "2026-12-07",
      "2026-12-14",
      "2026-12-21",
      "2026-12-28",
      "2027-01-04",
      "2027-01-11",
      "2027-01-18",
    ]);
    expect(weeks.map((w) => w.renewals)).toEqual([1, 0, 1, 0, 2, 0, 1, 0]);
    // No stock recorded for "care": short from the first week.
    expect(weeks[0]!.products).toEqual([{ productId: "care", units: 1, unitsSoFar: 1, stock: 0, short: true }]);
    expect(weeks[2]!.products).toEqual([{ productId: "combo", units: 2, unitsSoFar: 2, stock: 4, short: false }]);
    expect(weeks[4]!.products).toEqual([{ productId: "combo", units: 3, unitsSoFar: 5, stock: 4, short: true }]);
    expect(weeks[6]!.products).toEqual([{ productId: "combo", units: 2, unitsSoFar: 7, stock: 4, short: true }]);
  });

  it("counts a claimed period with no order yet once, and a placed one (its stock held) not at all", () => {
    const weeks = renewalWeeks(
      [
        // Claimed Nov 24 and moved on to Dec 8; its order found no stock and waits to be placed again.
        {
          everyWeeks: 2,
          nextChargeOn: "2026-12-08",
          unplaced: ["2026-11-24"],
          lines: [{ productId: "combo", quantity: 2 }],
        },
        // Claimed Nov 30, its order placed and waiting on a retry: the 3 units it holds are already
        // out of the 5 in stock, so only its next charge (Jan 25, past the weeks shown) is to come.
        { everyWeeks: 8, nextChargeOn: "2027-01-25", lines: [{ productId: "combo", quantity: 3 }] },
        // A long interval: only the unplaced period falls in the weeks shown.
        {
          everyWeeks: 12,
          nextChargeOn: "2027-02-22",
          unplaced: ["2026-12-01"],
          lines: [{ productId: "care", quantity: 1 }],
        },
      ],
      new Map([
        ["combo", 5],
        ["care", 1],
      ]),
      "2026-12-01",
    );
    expect(weeks.map((w) => w.renewals)).toEqual([2, 1, 0, 1, 0, 1, 0, 1]);
    expect(weeks[0]!.products).toEqual([
      { productId: "combo", units: 2, unitsSoFar: 2, stock: 5, short: false },
      { productId: "care", units: 1, unitsSoFar: 1, stock: 1, short: false },
    ]);
    expect(weeks[1]!.products).toEqual([{ productId: "combo", units: 2, unitsSoFar: 4, stock: 5, short: false }]);
    expect(weeks[3]!.products).toEqual([{ productId: "combo", units: 2, unitsSoFar: 6, stock: 5, short: true }]);
  });

  it("counts nothing past the eighth week", () => {
    const weeks = renewalWeeks(
      [{ everyWeeks: 4, nextChargeOn: "2027-01-25", lines: [{ productId: "x", quantity: 1 }] }],
      new Map(),
      "2026-12-01",
    );
    expect(weeks.every((w) => w.renewals === 0)).toBe(true);
  });
});
