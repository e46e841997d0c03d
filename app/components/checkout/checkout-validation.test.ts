import { describe, expect, it } from "vitest";
import { readCheckoutForm } from "./checkout-validation";

describe("readCheckoutForm", () => {
  const form = (extra: Record<string, string> = {}) => {
    const data = new FormData();
    for (const [k, v] of Object.entries({ email: "a@example.com", name: "Rae", ...extra })) data.set(k, v);
    return data;
  };
  it("asks for the reminder only when the box is ticked", () => {
    expect(readCheckoutForm(form({ remindMe: "on" }), false).customer).toEqual({
      email: "a@example.com",
      name: "Rae",
      remindMe: true,
    });
    expect(readCheckoutForm(form(), false).customer).toEqual({ email: "a@example.com", name: "Rae" });
  });
});
