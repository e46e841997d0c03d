import { describe, expect, it } from "vitest";
import { orderConfirmationPath } from "./order-links";

describe("orderConfirmationPath", () => {
  it("opens the confirmation page with the order id and its token", () => {
    expect(orderConfirmationPath("0b9c2a57-3f0e-4c8e-9a37-5d2f7e1b6a10", "qIxXGp3XS5o5bVRiFABF3WQ005XsJnai")).toBe(
      "/order-confirmation?order=0b9c2a57-3f0e-4c8e-9a37-5d2f7e1b6a10&token=qIxXGp3XS5o5bVRiFABF3WQ005XsJnai",
    );
  });

  it("keeps a token that is not URL-safe from adding parameters", () => {
    expect(orderConfirmationPath("o1", "a&from=contact")).toBe("/order-confirmation?order=o1&token=a%26from%3Dcontact");
  });
});
