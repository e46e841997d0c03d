import { describe, expect, it } from "vitest";
import { hasSessionCookie } from "./session-cookie";

describe("hasSessionCookie", () => {
  it.each([
    ["lr.session_token=abc", true],
    ["theme=dark; lr.session_token=abc.def", true],
    ["__Secure-lr.session_token=abc", true],
    ["a=1;lr.session_token=x", true],
  ])("finds the session in %s", (header, expected) => expect(hasSessionCookie(header)).toBe(expected));

  it.each([
    [null],
    [undefined],
    [""],
    ["theme=dark"],
    ["xlr.session_token=abc"],
    ["lr.session_data=abc"],
    ["other-lr.session_token=abc"],
  ])("no session in %s", (header) => expect(hasSessionCookie(header)).toBe(false));
});
