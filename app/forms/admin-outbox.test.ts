import { describe, expect, it } from "vitest";
import { RetryMailFormSchema } from "./admin-outbox";
import { FORM_OUT_OF_DATE } from "./hidden-fields";
import { post } from "./test-form";

describe("the outbox's Retry button", () => {
  it("reads the mail to retry", () => {
    expect(post(RetryMailFormSchema, { id: "42" }).data).toEqual({ id: 42 });
  });

  it("answers a stale or hand-made post at the top", () => {
    for (const id of ["", "0", "4.5", "abc"])
      expect(post(RetryMailFormSchema, { id }).result, id).toEqual({ status: "error", message: FORM_OUT_OF_DATE });
  });
});
