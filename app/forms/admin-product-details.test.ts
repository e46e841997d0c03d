import { describe, expect, it } from "vitest";
import { z } from "zod";
import { detailsFromForm, productDetailsFields, splitDetails } from "./admin-product-details";
import { JARGON, messagesOf, post } from "./test-form";

const Details = z.object(productDetailsFields).transform(detailsFromForm);

describe("the product details editor", () => {
  it("splits a product's metadata into typed fields and the JSON of the other keys", () => {
    expect(splitDetails({ careLevel: "Beginner", livePlant: true, organic: true, batch: "B-7" })).toEqual({
      typed: { careLevel: "Beginner", livePlant: true },
      otherJson: JSON.stringify({ organic: true, batch: "B-7" }, null, 2),
    });
    expect(splitDetails({ careLevel: "Beginner" }).otherJson).toBe("");
  });

  it("turns the fields back into metadata: numbers, ticked boxes, other keys; empty and unticked drop out", () => {
    expect(
      post(Details, {
        detail_careLevel: "Advanced",
        detail_savings: "$12.50",
        detail_comboDiscount: "10",
        detail_includesLighting: "on",
        detail_tankSize: "",
        otherDetails: '{"organic": true}',
      }).data,
    ).toEqual({ careLevel: "Advanced", savings: 12.5, comboDiscount: 10, includesLighting: true, organic: true });
  });

  it("says what is wrong in plain words next to the field", () => {
    const { result } = post(Details, {
      detail_validUntil: "31/12/2026",
      detail_comboDiscount: "7.5",
      otherDetails: '{"tank size": 1}',
    });
    expect(result?.fieldErrors).toEqual({
      detail_validUntil: "Enter a date, like 2026-12-31.",
      detail_comboDiscount: "Enter a whole percent, like 10.",
      otherDetails: 'Name "tank size" with letters and digits only, starting with a letter (at most 40).',
    });
    for (const m of messagesOf(result)) expect(m).not.toMatch(JARGON);
  });
});
