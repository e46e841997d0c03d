import { describe, expect, it } from "vitest";
import { formatExpiry, groupCardNumber } from "./checkout-fields";

describe("card fields as typed", () => {
  it("groups card numbers in fours (Amex 4-6-5)", () => {
    expect(groupCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(groupCardNumber("4242 42")).toBe("4242 42");
    expect(groupCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(groupCardNumber("4000-0027-6000-3184x")).toBe("4000 0027 6000 3184");
  });

  it("adds the slash of an expiry date", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12/");
    expect(formatExpiry("1234")).toBe("12/34");
    expect(formatExpiry("3")).toBe("03/");
    expect(formatExpiry("12/3")).toBe("12/3");
  });
});
