import { describe, expect, it } from "vitest";
import { stockClampMessage } from "./quantity-stepper";

describe("the quantity stepper", () => {
  it("says so when a quantity is cut to the stock", () => {
    expect(stockClampMessage(24)).toBe("Only 24 left — we set your quantity to 24");
  });
});
