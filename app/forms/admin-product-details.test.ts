import { describe, expect, it } from "vitest";
import { z } from "zod";
import { detailsFromForm, PRODUCT_DETAIL_GROUPS, productDetailsFields, splitDetails } from "./admin-product-details";
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

  it("turns the fields back into metadata: texts, ticked boxes, other keys; empty and unticked drop out", () => {
    expect(
      post(Details, {
        detail_careLevel: "Advanced",
        detail_includesLighting: "on",
        detail_tankSize: "",
        otherDetails: '{"organic": true, "batch": 7}',
      }).data,
    ).toEqual({ careLevel: "Advanced", includesLighting: true, organic: true, batch: 7 });
  });

  it("offers no field for what the shop works out itself, and refuses it as another detail", () => {
    const labels = PRODUCT_DETAIL_GROUPS.flatMap((g) => g.fields.map((f) => f.label));
    expect(labels.filter((l) => /saving|worth|discount/i.test(l))).toEqual([]);
    for (const [key, why] of [
      ["savings", /works out savings from prices/],
      ["bundleValue", /worked out from its contents/],
      ["comboDiscount", /how many products it holds/],
    ] as const) {
      const { result } = post(Details, { otherDetails: `{"${key}": 10}` });
      expect(result?.fieldErrors?.otherDetails).toMatch(why);
    }
  });

  it("says what is wrong in plain words next to the field", () => {
    const { result } = post(Details, {
      detail_validUntil: "31/12/2026",
      otherDetails: '{"tank size": 1}',
    });
    expect(result?.fieldErrors).toEqual({
      detail_validUntil: "Enter a date, like 2026-12-31.",
      otherDetails: 'Name "tank size" with letters and digits only, starting with a letter (at most 40).',
    });
    for (const m of messagesOf(result)) expect(m).not.toMatch(JARGON);
  });
});
