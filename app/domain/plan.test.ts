import { describe, expect, it } from "vitest";
import { buildPlan, CARE_LEVELS, parsePlanInput, TANK_SIZES } from "./plan";

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
