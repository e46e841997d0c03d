import { describe, expect, it } from "vitest";
import { ShippingAddressSchema } from "./checkout";
import { US_STATES } from "./us-address";

const ADDRESS = { line1: "12 Coral Way", city: "Tampa", state: "FL", postalCode: "33602", country: "US" };

function problems(address: Record<string, unknown>) {
  const result = ShippingAddressSchema.safeParse(address);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("US shipping addresses", () => {
  it("takes the 50 states and DC, ZIP and ZIP+4, lower case and spaces tidied", () => {
    expect(US_STATES).toHaveLength(51);
    for (const [code] of US_STATES) expect(problems({ ...ADDRESS, state: code })).toEqual({});
    expect(problems({ ...ADDRESS, postalCode: "33602-1234" })).toEqual({});
    expect(ShippingAddressSchema.parse({ ...ADDRESS, state: " fl ", country: "us" })).toMatchObject({
      state: "FL",
      country: "US",
    });
  });

  it.each([
    [{ country: "DE" }, "country", "Live plants ship within the US only"],
    [{ postalCode: "ABCDE" }, "postalCode", "Enter a 5-digit ZIP code, or ZIP+4 like 33602-1234"],
    [{ postalCode: "3360" }, "postalCode", "Enter a 5-digit ZIP code, or ZIP+4 like 33602-1234"],
    [{ postalCode: "33602-12" }, "postalCode", "Enter a 5-digit ZIP code, or ZIP+4 like 33602-1234"],
    [{ state: "XX" }, "state", "Choose a US state"],
    [{ state: "PR" }, "state", expect.stringContaining("US territories or military addresses")],
    [{ state: "AE" }, "state", expect.stringContaining("US territories or military addresses")],
    [{ line1: "  " }, "line1", "Enter the street address"],
    [{ city: "" }, "city", "Enter the city"],
  ])("refuses %j naming the field and why", (change, field, message) => {
    expect(problems({ ...ADDRESS, ...change })).toEqual({ [field]: message });
  });
});
