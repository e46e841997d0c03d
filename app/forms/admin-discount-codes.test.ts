import { describe, expect, it } from "vitest";
import { DiscountCodeFormSchema } from "./admin-discount-codes";
import { JARGON, messagesOf, post } from "./test-form";

describe("the back office's discount-code form", () => {
  it("turns a filled-in form into the API's input, in cents", () => {
    const { data } = post(DiscountCodeFormSchema, {
      intent: "create",
      code: "spring10",
      kind: "amount",
      value: "$10",
      minSubtotal: "50",
      endsAt: "2026-12-31",
      maxUses: "100",
      appliesTo: ["product:premium-chaeto", "bundle:lazy-starter"],
      combines: "on",
    });
    expect(data).toEqual({
      intent: "create",
      input: {
        code: "SPRING10",
        percentOff: null,
        amountOffCents: 1000,
        minSubtotalCents: 5000,
        startsAt: null,
        // Through the last day, like an offer's end.
        endsAt: "2027-01-01T00:00:00.000Z",
        maxUses: 100,
        maxUsesPerCustomer: null,
        appliesTo: [
          { kind: "product", id: "premium-chaeto" },
          { kind: "bundle", id: "lazy-starter" },
        ],
        combines: true,
      },
    });
  });
  it("says what to correct next to the field, in words", () => {
    const { result } = post(DiscountCodeFormSchema, { intent: "create", code: "x", kind: "percent", value: "150" });
    expect(result?.fieldErrors).toMatchObject({ code: expect.any(String), value: "Enter 1–100." });
    const empty = post(DiscountCodeFormSchema, { intent: "create", code: "OK10", kind: "percent" });
    expect(empty.result?.fieldErrors).toMatchObject({ value: "Enter how much the code takes off." });
    for (const m of [...messagesOf(result), ...messagesOf(empty.result)]) expect(m).not.toMatch(JARGON);
  });
  it("ends a code by its id; a tampered id is an out-of-date form", () => {
    expect(post(DiscountCodeFormSchema, { intent: "end", id: "7" }).data).toEqual({ intent: "end", id: 7 });
    expect(post(DiscountCodeFormSchema, { intent: "end", id: "x" }).result?.message).toMatch(/out of date/);
  });
});
