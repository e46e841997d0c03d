import { describe, expect, it } from "vitest";
import { MessageFormSchema } from "./admin-messages";
import { FORM_OUT_OF_DATE } from "./hidden-fields";
import { JARGON, messagesOf, post } from "./test-form";

describe("the forms under a customer's message", () => {
  it("reads the message and the action from the button pressed", () => {
    expect(post(MessageFormSchema, { intent: "reply:12", seq: "2", reply: "  Thanks, on its way.  " }).data).toEqual({
      action: "reply",
      id: 12,
      seq: 2,
      reply: "Thanks, on its way.",
    });
    expect(post(MessageFormSchema, { intent: "handled:3" }).data).toEqual({ action: "handled", id: 3 });
  });

  it("asks for a reply of a sensible length next to the reply box", () => {
    const errorOf = (reply: string) =>
      post(MessageFormSchema, { intent: "reply:12", seq: "1", reply }, "reply:12").result;
    expect(errorOf("")).toEqual({
      status: "error",
      intent: "reply:12",
      message: "Please check the fields marked below.",
      fieldErrors: { reply: "Write your reply." },
    });
    expect(errorOf("   ")?.fieldErrors).toEqual({ reply: "Write your reply." });
    expect(errorOf("k")?.fieldErrors).toEqual({ reply: "Use at least 2 characters." });
    expect(errorOf("x".repeat(5001))?.fieldErrors).toEqual({ reply: "Use at most 5000 characters." });
    for (const message of messagesOf(errorOf("x".repeat(5001)))) expect(message).not.toMatch(JARGON);
  });

  it("answers an unknown action or message at the top", () => {
    // A reply without its number in the thread is a stale or hand-made form too.
    expect(post(MessageFormSchema, { intent: "reply:12", reply: "Hello there" }).result?.message).toBe(
      FORM_OUT_OF_DATE,
    );
    for (const intent of ["delete:12", "reply:abc", "handled:0", "handled"]) {
      expect(post(MessageFormSchema, { intent, reply: "Hello there" }).result?.message, intent).toBe(FORM_OUT_OF_DATE);
    }
    expect(post(MessageFormSchema, {}).result?.message).toBe(FORM_OUT_OF_DATE);
  });
});
