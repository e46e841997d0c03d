import { describe, expect, it } from "vitest";
import { DiagnosticFormSchema } from "./admin-diagnostics";
import { FORM_OUT_OF_DATE } from "./hidden-fields";
import { post } from "./test-form";

describe("the run-a-check buttons", () => {
  it("read the check to run, and answer an unknown one at the top", () => {
    expect(post(DiagnosticFormSchema, { check: "email" }).data).toEqual({ check: "email" });
    expect(post(DiagnosticFormSchema, { check: "format-disk" }).result).toEqual({
      status: "error",
      message: FORM_OUT_OF_DATE,
    });
  });
});
