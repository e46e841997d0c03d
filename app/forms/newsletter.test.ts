import { describe, expect, it } from "vitest";
import { NewsletterSchema } from "./newsletter";
import { JARGON, messagesOf, post } from "./test-form";

describe("the newsletter form (plain HTML and JSON alike)", () => {
  it("reads the address as typed, and which form it came from", () => {
    expect(post(NewsletterSchema, { email: "  Fan@Example.COM ", source: "coming-soon", website: "" }).data).toEqual({
      email: "fan@example.com",
      source: "coming-soon",
    });
    // The footer's form is the default.
    expect(post(NewsletterSchema, { email: "fan@example.com" }).data?.source).toBe("footer");
  });

  it("says in plain words what is wrong next to the field", () => {
    const { result } = post(NewsletterSchema, { email: "not-an-address", source: "footer" });
    expect(result?.fieldErrors?.email).toBe("Enter a valid email address, like name@example.com.");
    expect(post(NewsletterSchema, {}).result?.fieldErrors?.email).toBe("Enter your email address.");
    for (const message of messagesOf(post(NewsletterSchema, { email: "x", source: "elsewhere" }).result))
      expect(message).not.toMatch(JARGON);
  });
});
