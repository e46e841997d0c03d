import { describe, expect, it } from "vitest";
import { safeRedirect } from "./session.server";

/** A Location header value must be a byte string: no control characters, nothing above U+00FF. */
const headerSafe = (value: string) => /^[\x21-\x7e]*$/.test(value);

describe("safeRedirect", () => {
  it.each([
    ["/profile", "/profile"],
    ["/orders?page=2#top", "/orders?page=2#top"],
    ["/admin/orders/abc", "/admin/orders/abc"],
  ])("keeps the same-site path %s", (target, expected) => expect(safeRedirect(target)).toBe(expected));

  it.each([
    ["/\t/127.0.0.1:9999/x"],
    ["/\t\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["/\\/evil.example"],
    ["\\\\evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["evil.example"],
    [" /\t/evil.example"],
    ["/%09/evil.example"],
  ])("sends %j home instead of to another host", (target) => {
    const result = safeRedirect(target, "/home");
    // Either the fallback, or a path a browser resolves on our own origin.
    expect(new URL(result, "https://shop.example").origin).toBe("https://shop.example");
    expect(result.startsWith("//")).toBe(false);
    expect(headerSafe(result)).toBe(true);
  });

  it.each([["/a\u0000b"], ["/a\rb"], ["/a\nb"], ["/caf\u00e9"], ["/\u2028x"], ["/\ud83d\ude00"], ["/\ud800"]])(
    "gives a header-safe same-site target for %j",
    (target) => {
      const result = safeRedirect(target, "/home");
      expect(headerSafe(result)).toBe(true);
      expect(new URL(result, "https://shop.example").origin).toBe("https://shop.example");
    },
  );

  it.each([[null], [undefined], [""], ["profile"]])("falls back for %j", (target) =>
    expect(safeRedirect(target, "/home")).toBe("/home"),
  );
});
