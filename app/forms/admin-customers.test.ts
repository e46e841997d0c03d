import { describe, expect, it } from "vitest";
import { CustomerFormSchema } from "./admin-customers";
import { FORM_OUT_OF_DATE } from "./hidden-fields";
import { post } from "./test-form";

describe("the role and ban buttons beside a customer", () => {
  it("reads the button pressed and the customer", () => {
    expect(post(CustomerFormSchema, { intent: "grant-admin", userId: "u1" }).data).toEqual({
      intent: "grant-admin",
      userId: "u1",
    });
    expect(post(CustomerFormSchema, { intent: "ban", userId: "u1" }).data).toEqual({
      intent: "ban",
      userId: "u1",
      reason: "Banned by the shop",
    });
    expect(post(CustomerFormSchema, { intent: "ban", userId: "u1", reason: " Card testing " }).data).toMatchObject({
      reason: "Card testing",
    });
  });

  it("says so next to a ban reason that is too long", () => {
    expect(
      post(CustomerFormSchema, { intent: "ban", userId: "u1", reason: "r".repeat(201) }).result?.fieldErrors,
    ).toEqual({ reason: "Use at most 200 characters." });
  });

  it("answers an unknown button or a missing customer at the top", () => {
    expect(post(CustomerFormSchema, { intent: "delete", userId: "u1" }).result?.message).toBe(FORM_OUT_OF_DATE);
    expect(post(CustomerFormSchema, { intent: "unban" }).result).toEqual({
      status: "error",
      message: FORM_OUT_OF_DATE,
    });
  });
});
