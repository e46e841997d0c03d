import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "#database/seed/catalogue-data";
import { productFacts } from "./product-facts";
import type { Product } from "./catalogue";

const product = (id: string) => ({ ...SEED_PRODUCTS.find((p) => p.id === id)!, active: true }) as Product;
const fact = (p: Product, label: string) => productFacts(p).find((f) => f.label === label)?.value;

describe("product facts from metadata", () => {
  it("lists what the kit includes, its tank size and care level", () => {
    const kit = product("refugium-starter-kit");
    expect(fact(kit, "What's included")).toBe("Printed care guide, Refugium LED light, Refugium substrate");
    expect(fact(kit, "Tank size")).toBe("Up to 75 gallons");
    expect(fact(kit, "Care level")).toBe("Beginner");
    expect(fact(kit, "Chaeto portion")).toBe("Baseball");
  });

  it("names the special's courier and says the tip does not ship", () => {
    expect(fact(product("october-special"), "Shipping")).toBe("Free 2-day courier shipping");
    expect(fact(product("service-tip"), "Shipping")).toBe("Digital item, nothing to ship");
    expect(fact(product("service-tip"), "Shipping weight")).toBeUndefined();
  });
});
