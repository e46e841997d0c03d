import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./redirects";

const SHOP = "https://shop.example";

describe("sameOriginPath, the shop's rule for where to go next", () => {
  it.each([
    ["/profile", "/profile"],
    ["/profile?email=changed#top", "/profile?email=changed#top"],
    ["/./profile", "/profile"],
    ["profile", "/profile"],
    ["https://shop.example/orders?x=1", "/orders?x=1"],
    ["/caf\u00e9", "/caf%C3%A9"],
  ])("keeps %j on the shop as %j", (target, expected) => expect(sameOriginPath(target, SHOP)).toBe(expected));

  it.each([
    "/.//evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "http://shop.example/profile",
    "https://shop.example.evil.example/",
    "/%2e//evil.example",
    "/./\\evil.example",
    "\t//evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "https://user@evil.example",
    "",
  ])("refuses %j", (target) => expect(sameOriginPath(target, SHOP)).toBeNull());

  it("refuses anything that is not text", () => {
    for (const value of [null, undefined, 42, ["/profile"], { href: "/" }])
      expect(sameOriginPath(value, SHOP)).toBeNull();
  });
});
