import { describe, expect, it } from "vitest";
import { buildPlan, CARE_LEVELS, parsePlanInput, planAlternative, TANK_SIZES } from "./plan";

describe("the Lazy Reefer plan", () => {
  it("accepts only known sizes and levels", () => {
    expect(parsePlanInput(new URLSearchParams("size=nano&level=beginner"))).toEqual({
      size: "nano",
      level: "beginner",
    });
    expect(parsePlanInput(new URLSearchParams("size=huge&level=beginner"))).toBeNull();
  });

  it("adds coral care for demanding tanks and picks a bundle for every combination", () => {
    const beginner = buildPlan("medium", "beginner");
    const advanced = buildPlan("medium", "advanced");
    expect(advanced.daily.length).toBeGreaterThan(beginner.daily.length);
    expect(advanced.daily.join(" ")).toMatch(/alkalinity/i);
    for (const s of TANK_SIZES)
      for (const l of CARE_LEVELS) expect(buildPlan(s.value, l.value).bundleId).toMatch(/^[a-z-]+$/);
    expect(buildPlan("large", "beginner").bundleId).toBe("complete-reef-starter-pack");
  });
});

describe("planAlternative", () => {
  const bundle = (id: string, purchasable: boolean, priceCents: number, parts: Record<string, number>) => ({
    id,
    purchasable,
    priceCents,
    components: Object.entries(parts).map(([productId, quantity]) => ({ productId, quantity })),
  });
  const soldOut = bundle("kit", false, 9000, { fuge: 1, combo: 2 });

  it("offers nothing instead of a bundle that can be bought", () => {
    const onSale = bundle("kit", true, 9000, { fuge: 1, combo: 2 });
    expect(planAlternative(onSale, [onSale, bundle("b", true, 8000, { combo: 2 })])).toBeNull();
  });

  it("offers the bundle on sale sharing the most units, the nearest in price on a tie", () => {
    const candidates = [
      soldOut,
      bundle("most-but-sold-out", false, 9000, { combo: 2, fuge: 1 }),
      bundle("one-unit", true, 9000, { combo: 1 }),
      bundle("two-units-far", true, 3000, { combo: 3 }),
      bundle("two-units-near", true, 8000, { combo: 2, other: 4 }),
      bundle("unrelated", true, 9000, { other: 1 }),
    ];
    expect(planAlternative(soldOut, candidates)?.id).toBe("two-units-near");
    expect(planAlternative(soldOut, [soldOut, bundle("unrelated", true, 9000, { other: 1 })])).toBeNull();
  });
});
