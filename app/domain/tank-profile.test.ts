import { describe, expect, it } from "vitest";
import { calculatorAnswers } from "#app/forms/calculators";
import { TANK_SIZES } from "./plan";
import { coralFoodOf } from "./reorder-reminder";
import { calculatorLinks, coralFoodSentence, pageTank, planSizeFor, planSizeNote } from "./tank-profile";
import type { ProductMetadata } from "./catalogue";

const KINGS_FEAST: ProductMetadata = {
  coralFoodId: "kings-feast",
  coralFoodName: "Kings Feast",
  coralFoodAmount: 40,
  coralFoodUnit: "g",
  coralFoodDosePer100Gal: 2.5,
  coralFoodFeedsPerWeek: 3,
};
const food = coralFoodOf(KINGS_FEAST)!;
const tank = (
  name: string,
  displayVolume: number,
  sumpVolume: number | null = null,
  volumeUnit: "gal" | "L" = "gal",
) => ({
  id: name,
  name,
  displayVolume,
  sumpVolume,
  volumeUnit,
});

describe("the coral food on a product page, for the reefer's tank", () => {
  it("says how long the 40 g jar lasts in 75 gallons, as a rule of thumb", () => {
    // 2.5 g per 100 gal → 1.875 g a feeding; 40 g holds 21 feedings; 3 a week → 7 weeks.
    expect(coralFoodSentence(food, tank("Office", 75))).toBe(
      "For your 75 gal Office tank: at the label dose (2.5 g per 100 gal, 3 feeds a week) this 40 g jar lasts about 7 weeks — a rule of thumb.",
    );
  });

  it("counts the sump, converts litres and does not say tank twice", () => {
    expect(coralFoodSentence(food, tank("Reef tank", 100, 50))).toContain("For your 150 gal Reef tank:");
    // 3.75 g a feeding: 10 feedings, 3 a week.
    expect(coralFoodSentence(food, tank("Reef tank", 100, 50))).toContain("lasts about 3 weeks");
    // 284 L ≈ 75 gal.
    expect(coralFoodSentence(food, tank("Cube", 284, null, "L"))).toContain("For your 284 L Cube tank");
    expect(coralFoodSentence(food, tank("Cube", 284, null, "L"))).toContain("lasts about 7 weeks");
  });

  it("lasts longer in less water, and says less than a week when a jar does not hold a week's feeds", () => {
    const weeks = (gal: number) => Number(/about (\d+) week/.exec(coralFoodSentence(food, tank("T", gal))!)?.[1]);
    expect(weeks(20)).toBeGreaterThan(weeks(75));
    expect(coralFoodSentence(food, tank("Big", 1000))).toContain("lasts less than a week");
  });

  it("is silent when the calculator refuses the figures", () => {
    expect(coralFoodSentence(food, tank("Huge", 50_000))).toBeNull();
  });
});

describe("the tank a page speaks of", () => {
  it("is the one with the most water, display and sump together, whatever its unit", () => {
    expect(pageTank([])).toBeNull();
    expect(pageTank([tank("Nano", 20), tank("Office", 60, 20), tank("Frag", 75)])?.name).toBe("Office");
    expect(pageTank([tank("Office", 75), tank("Metric", 300, null, "L")])?.name).toBe("Metric");
  });
});

describe("the plan's size band for a tank", () => {
  it("follows the bands' labels: under 30, 30–75, over 75 gallons", () => {
    expect(planSizeFor(tank("a", 29.9))).toBe("nano");
    expect(planSizeFor(tank("b", 30))).toBe("medium");
    expect(planSizeFor(tank("c", 75))).toBe("medium");
    expect(planSizeFor(tank("d", 60, 20))).toBe("large");
    expect(planSizeFor(tank("e", 100, null, "L"))).toBe("nano");
    expect(TANK_SIZES.map((s) => s.label)).toEqual([
      "Nano (under 30 gallons)",
      "Medium (30–75 gallons)",
      "Large (over 75 gallons)",
    ]);
  });

  it("names the tank it came from", () => {
    expect(planSizeNote(tank("Office 75", 75))).toBe("From your tank Office 75 (75 gal)");
  });
});

describe("the calculators' links from a tank", () => {
  it("fill in the dose form with the water and the latest alkalinity, and the page answers without errors", () => {
    const links = calculatorLinks(tank("Office", 60, 15), [
      { parameter: "alkalinity", value: 7.2, unit: "dKH" },
      { parameter: "nitrate", value: 0.5, unit: "ppm" },
    ]);
    expect(links.dose).toBe(
      "/calculators?parameter=alkalinity&from=7.2&unit=dKH&volume=75&volumeUnit=gal&additive=baking-soda#dose-heading",
    );
    const answers = calculatorAnswers(new URL(links.dose, "http://x").searchParams);
    expect(answers.dose).toBeNull();
    expect(answers.values).toMatchObject({ from: "7.2", volume: "75", volumeUnit: "gal" });
    // With the target typed, the same question is answered.
    const asked = calculatorAnswers(new URL(`${links.dose.split("#")[0]}&to=8.5`, "http://x").searchParams);
    expect(asked.dose).toMatchObject({ kind: "ok", value: { totalGrams: 11.1 } });

    expect(links.salt).toBe("/calculators?water=7.5&waterUnit=gal#salt-heading");
    expect(calculatorAnswers(new URL(links.salt, "http://x").searchParams).salt?.kind).toBe("ok");
    expect(links.light).toBe("/calculators?nitrate=0.5#light-heading");
  });

  it("leave the reading out when none is logged, and keep the unit it was logged in", () => {
    const none = calculatorLinks(tank("Cube", 200, null, "L"), []);
    expect(none.dose).toBe(
      "/calculators?parameter=alkalinity&unit=dKH&volume=200&volumeUnit=L&additive=baking-soda#dose-heading",
    );
    expect(none.light).toBeNull();
    const meq = calculatorLinks(tank("Cube", 200, null, "L"), [{ parameter: "alkalinity", value: 2.6, unit: "meq/L" }]);
    expect(new URL(meq.dose, "http://x").searchParams.get("unit")).toBe("meq/L");
  });
});
