import { describe, expect, it } from "vitest";
import { NewOrderFormSchema } from "./admin-new-order";
import { JARGON, messagesOf, post } from "./test-form";

/** The form as the page posts it: empty rows, quantities left at 1. */
const form = {
  item0: "bundle:lazy-starter",
  qty0: "2",
  item1: "",
  qty1: "1",
  item2: "",
  qty2: "1",
  item3: "",
  qty3: "1",
  name: "Phone Buyer",
  email: "Phone@Example.com",
  source: "marketplace",
  externalReference: "MKT-1",
  line1: "",
  line2: "",
  city: "",
  state: "",
  postalCode: "",
  country: "US",
};
const address = { line1: "1 A St", city: "Dallas", state: "TX", postalCode: "75001" };

describe("the record-an-order form", () => {
  it("turns rows, ticked combo products, customer and address into an external order", () => {
    const { data } = post(NewOrderFormSchema, {
      ...form,
      item2: "product:premium-chaeto",
      qty2: "",
      combo: ["premium-chaeto", "lazy-clean-up-crew"],
      ...address,
    });
    expect(data).toEqual({
      items: [
        { kind: "bundle", id: "lazy-starter", quantity: 2 },
        { kind: "product", id: "premium-chaeto", quantity: 1 },
        { kind: "combo", productIds: ["premium-chaeto", "lazy-clean-up-crew"], quantity: 1 },
      ],
      customer: { name: "Phone Buyer", email: "phone@example.com" },
      source: "marketplace",
      externalReference: "MKT-1",
      shippingAddress: { ...address, country: "US" },
    });
  });

  it("leaves the address out when none is given (digital items)", () => {
    expect(post(NewOrderFormSchema, form).data?.shippingAddress).toBeUndefined();
  });

  it("says what is wrong next to each field, in plain words", () => {
    const { result } = post(NewOrderFormSchema, {
      ...form,
      qty0: "120",
      name: "",
      email: "phone@",
      source: "carrier-pigeon",
      externalReference: "r".repeat(121),
      combo: "premium-chaeto",
      line1: "1 A St",
      postalCode: "7",
    });
    expect(result?.fieldErrors).toEqual({
      qty0: "Enter 99 or less.",
      name: "Enter the customer's name.",
      email: "Enter a valid email address, like name@example.com.",
      source: "Choose where the order came from.",
      externalReference: "Use at most 120 characters.",
      combo: "Tick at least 2 products for a combo, or none.",
      city: "Enter the city.",
      state: "Choose a US state.",
      postalCode: "Enter a 5-digit ZIP code, or ZIP+4 like 33602-1234.",
    });
    for (const message of messagesOf(result)) expect(message).not.toMatch(JARGON);
  });

  it("asks for at least one item at the top of the form", () => {
    expect(post(NewOrderFormSchema, { ...form, item0: "" }, "record").result).toEqual({
      status: "error",
      intent: "record",
      message: "Add at least one item.",
    });
    expect(post(NewOrderFormSchema, { ...form, item0: "gift:card" }).result?.fieldErrors).toEqual({
      item0: "Choose an item from the list.",
    });
  });
});
