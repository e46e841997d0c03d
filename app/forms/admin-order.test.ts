import { describe, expect, it } from "vitest";
import { OrderFormSchema } from "./admin-order";
import { FORM_OUT_OF_DATE } from "./hidden-fields";
import { JARGON, messagesOf, post } from "./test-form";

describe("the forms on an order's page", () => {
  it("turns each form into the order action it asks for", () => {
    expect(post(OrderFormSchema, { intent: "ship", carrier: " USPS ", trackingNumber: "9400 1000" }).data).toEqual({
      action: "ship",
      carrier: "USPS",
      trackingNumber: "9400 1000",
    });
    expect(post(OrderFormSchema, { intent: "deliver" }).data).toEqual({ action: "deliver" });
    expect(post(OrderFormSchema, { intent: "cancel", reason: "" }).data).toEqual({ action: "cancel" });
    expect(post(OrderFormSchema, { intent: "refund", reason: "Arrived dead" }).data).toEqual({
      action: "refund",
      reason: "Arrived dead",
    });
    expect(post(OrderFormSchema, { intent: "note", body: "Called the customer." }).data).toEqual({
      action: "note",
      body: "Called the customer.",
    });
  });

  it("says what is missing or too long next to the field", () => {
    const ship = post(OrderFormSchema, { intent: "ship", carrier: "", trackingNumber: "94" }, "ship").result;
    expect(ship?.intent).toBe("ship");
    expect(ship?.fieldErrors).toEqual({
      carrier: "Enter the carrier, like USPS.",
      trackingNumber: "Use at least 4 characters.",
    });
    expect(post(OrderFormSchema, { intent: "note", body: "n".repeat(2001) }).result?.fieldErrors).toEqual({
      body: "Use at most 2000 characters.",
    });
    expect(post(OrderFormSchema, { intent: "note" }).result?.fieldErrors).toEqual({ body: "Write the note." });
    const cancel = post(OrderFormSchema, { intent: "cancel", reason: "r".repeat(301) }).result;
    expect(cancel?.fieldErrors).toEqual({ reason: "Use at most 300 characters." });
    for (const message of [...messagesOf(ship), ...messagesOf(cancel)]) expect(message).not.toMatch(JARGON);
  });

  it("takes a partial refund in dollars and cents, with the refunded total the page showed", () => {
    expect(post(OrderFormSchema, { intent: "partial-refund", amount: " $12.50 ", refundedCents: "500" }).data).toEqual({
      action: "partial-refund",
      amount: 12.5,
      expectedRefundedCents: 500,
    });
    // Not rounded behind the owner's back: a third decimal is a typo to point out.
    for (const amount of ["5.555", "ten", "", "0", "0.00", "12.5.0"]) {
      const result = post(OrderFormSchema, { intent: "partial-refund", amount, refundedCents: "0" }).result;
      expect(result?.fieldErrors?.amount, amount).toMatch(
        /^(Enter (an amount in dollars|an amount above zero)|Fill in this field)/,
      );
    }
  });

  it("answers an unknown action at the top", () => {
    expect(post(OrderFormSchema, { intent: "teleport" }).result?.message).toBe(FORM_OUT_OF_DATE);
  });
});
