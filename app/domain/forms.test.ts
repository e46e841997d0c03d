import { describe, expect, it } from "vitest";
import { z } from "zod";
import { signUpSchema } from "#app/forms/account";
import {
  checkbox,
  dollarsToCents,
  emailField,
  formDataObject,
  parseForm,
  requiredText,
  typedValues,
  wholeNumber,
} from "./forms";

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};
const policy = {
  minLength: 6,
  maxLength: null,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
};

describe("form convention", () => {
  it("reads repeated names as arrays, drops empty fields and NUL characters", () => {
    expect(
      formDataObject(
        form([
          ["tag", "a"],
          ["tag", "b"],
          ["note", ""],
          ["name", "Ra\u0000e"],
        ]),
      ),
    ).toEqual({
      tag: ["a", "b"],
      name: "Rae",
    });
  });

  it("answers each field in plain words, never validator text", () => {
    const schema = z.object({ name: requiredText(120), email: emailField(), count: wholeNumber(0, 10) });
    const parsed = parseForm(
      schema,
      form([
        ["name", "x".repeat(121)],
        ["email", "nope"],
        ["count", "eleven"],
      ]),
      "edit",
    );
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.result).toEqual({
      status: "error",
      intent: "edit",
      message: "Please check the fields marked below.",
      fieldErrors: {
        name: "Use at most 120 characters.",
        email: "Enter a valid email address, like name@example.com.",
        count: "Enter a whole number.",
      },
    });
  });

  it("says a missing required field is missing", () => {
    const parsed = parseForm(z.object({ name: requiredText(10, "Enter your name.") }), form([]));
    expect(!parsed.success && parsed.result.fieldErrors).toEqual({ name: "Enter your name." });
  });

  it("converts what people type into domain values", () => {
    const schema = z.object({ price: dollarsToCents(), qty: wholeNumber(0, 5000), listed: checkbox() });
    expect(schema.parse({ price: "$1,024.5", qty: " 1,200 ", listed: "on" })).toEqual({
      price: 102450,
      qty: 1200,
      listed: true,
    });
    expect(schema.parse({ price: "0.99", qty: "0" })).toEqual({ price: 99, qty: 0, listed: false });
    expect(schema.safeParse({ price: "12.345", qty: "1" }).error?.issues[0]?.message).toBe(
      "Enter an amount in dollars, like 24.99.",
    );
  });

  it("gives plain default messages to schemas that set none", () => {
    const r = z
      .object({ a: z.string().max(3), b: z.enum(["x"]), c: z.number().min(1) })
      .safeParse({ a: "long", b: "y", c: 0 });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      "Use at most 3 characters.",
      "Choose one of the options offered.",
      "Enter 1 or more.",
    ]);
  });

  it("sign-up names the account after the address when no name is given, and checks the policy", () => {
    const ok = parseForm(
      signUpSchema(policy),
      form([
        ["email", " Rae@Example.com "],
        ["password", "coral123"],
      ]),
    );
    expect(ok.success && ok.data).toEqual({ email: "rae@example.com", password: "coral123", name: "rae" });
    const weak = parseForm(
      signUpSchema(policy),
      form([
        ["email", "rae@example.com"],
        ["password", "abc"],
      ]),
    );
    expect(!weak.success && weak.result.fieldErrors?.password).toBe(
      "This password doesn't meet the requirements listed below.",
    );
  });
});

describe("typed values echoed after an error", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };

  it("gives back what was typed, but never a password, token or card detail", () => {
    const typed = typedValues(
      form([
        ["email", "rae@example.com"],
        ["name", "Rae"],
        ["password", "secret-1"],
        ["newPassword", "secret-2"],
        ["token", "abc"],
        ["cardNumber", "4242424242424242"],
        ["cvc", "123"],
        ["message", ""],
      ]),
    );
    expect(typed).toEqual({ email: "rae@example.com", name: "Rae" });
  });
});
