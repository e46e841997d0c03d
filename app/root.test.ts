import { describe, expect, it } from "vitest";
import { shouldRevalidate } from "./root";

const at = (path: string) => new URL(path, "http://shop.test");

function revalidates(from: string, to: string, formMethod?: "POST" | "GET") {
  return shouldRevalidate({
    currentUrl: at(from),
    nextUrl: at(to),
    currentParams: {},
    nextParams: {},
    formMethod,
    defaultShouldRevalidate: true,
  });
}

describe("the root loader (catalogue, signed-in name) reloads", () => {
  it("not for the back office's own actions and pages, which do not draw the storefront", () => {
    expect(revalidates("/admin/orders/1", "/admin/orders/1", "POST")).toBe(false);
    expect(revalidates("/admin/catalogue", "/admin/dashboard")).toBe(false);
    expect(revalidates("/admin", "/admin/catalogue", "POST")).toBe(false);
  });

  it("when leaving the back office, where prices may have changed", () => {
    expect(revalidates("/admin/catalogue", "/products")).toBe(true);
    expect(revalidates("/admin", "/sign-out", "POST")).toBe(true);
    expect(revalidates("/administrators-guide", "/administrators-guide", "POST")).toBe(true);
  });

  it("after storefront actions and page changes as usual", () => {
    expect(revalidates("/sign-in", "/sign-in", "POST")).toBe(true);
    expect(revalidates("/products", "/product/premium-chaeto")).toBe(true);
  });
});
