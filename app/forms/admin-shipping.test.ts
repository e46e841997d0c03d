import { describe, expect, it } from "vitest";
import { ShippingFormSchema } from "./admin-shipping";
import { FORM_OUT_OF_DATE } from "./hidden-fields";
import { JARGON, messagesOf, post } from "./test-form";

const SETTINGS = { intent: "settings", liveShipDays: ["3", "1"], cutoff: "12:00", transitDefault: "2" };

describe("the Shipping screen's forms", () => {
  it("reads ticked days, the cut-off, the transit table and the Monday-only states as the calendar keeps them", () => {
    expect(
      post(ShippingFormSchema, {
        ...SETTINGS,
        cutoff: "09:45:00",
        "transit-NY": " 1 ",
        "transit-CA": "3",
        "transit-TX": "",
        mondayOnlyStates: "hi; ak,AK",
      }).data,
    ).toEqual({
      intent: "settings",
      settings: {
        liveShipDays: [1, 3],
        cutoff: "09:45",
        transitDays: { default: 2, NY: 1, CA: 3 },
        mondayOnlyStates: ["AK", "HI"],
      },
    });
    expect(post(ShippingFormSchema, { ...SETTINGS, liveShipDays: "2" }).data).toMatchObject({
      settings: { liveShipDays: [2], mondayOnlyStates: [] },
    });
  });

  it("says what is wrong next to each field, in plain words", () => {
    const { result } = post(
      ShippingFormSchema,
      { intent: "settings", cutoff: "noon", "transit-WY": "6", mondayOnlyStates: "PR, XX" },
      "settings",
    );
    expect(result?.fieldErrors).toEqual({
      liveShipDays: "Tick at least one day, or live goods can't be sold.",
      cutoff: "Enter a time like 12:00.",
      transitDefault: "Enter the days in transit for states not listed.",
      "transit-WY": "Enter 5 or less.",
      mondayOnlyStates: "PR, XX are not states we ship to: use two-letter codes like AK, HI.",
    });
    expect(messagesOf(result).join(" ")).not.toMatch(JARGON);
  });

  it("takes a closed date with an optional note, and answers a stale reopen button at the top", () => {
    expect(post(ShippingFormSchema, { intent: "add-closed", date: "2026-12-24" }).data).toEqual({
      intent: "add-closed",
      date: "2026-12-24",
      reason: "",
    });
    expect(
      post(ShippingFormSchema, { intent: "add-closed", date: "2026-12-24", reason: "x".repeat(121) }).result
        ?.fieldErrors,
    ).toEqual({ reason: "Use at most 120 characters." });
    expect(post(ShippingFormSchema, { intent: "remove-closed", closedDate: "24/12" }).result?.message).toBe(
      FORM_OUT_OF_DATE,
    );
  });
});
