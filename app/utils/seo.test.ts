import { describe, expect, it } from "vitest";
import { SEED_BUNDLES, SEED_PRODUCTS } from "#database/seed/catalogue-data";
import { brandedTitle, pageMeta } from "./seo";

const titleOf = (title: string, shopName = "Lazy Reefer") =>
  pageMeta([{ id: "root", data: { config: { shopName, publicUrl: "https://shop.test" } } }], {
    title,
    description: "",
    path: "/",
  })
    .map((tag) => ("title" in tag ? tag.title : undefined))
    .find(Boolean);

describe("page titles carry the shop's name as their own segment", () => {
  it("appends the name to every catalogue item's page title, even one whose words mention the shop", () => {
    const names = [...SEED_PRODUCTS.map((p) => p.title), ...SEED_BUNDLES.map((b) => b.name)];
    expect(names.some((n) => n.includes("Lazy Reefer"))).toBe(true);
    for (const name of names) expect(titleOf(name)).toBe(`${name} | Lazy Reefer`);
  });

  it("leaves a title that already starts or ends with the name as a segment", () => {
    expect(brandedTitle("Lazy Reefer | Live chaeto", "Lazy Reefer")).toBe("Lazy Reefer | Live chaeto");
    expect(brandedTitle("Checkout | Lazy Reefer", "Lazy Reefer")).toBe("Checkout | Lazy Reefer");
    expect(titleOf("The Lazy Reefer Plan")).toBe("The Lazy Reefer Plan | Lazy Reefer");
    expect(titleOf("Tip the Lazy Reefer ($5)", "Coral Corner")).toBe("Tip the Lazy Reefer ($5) | Coral Corner");
  });
});
