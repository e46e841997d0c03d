import { describe, expect, it } from "vitest";
import { getGuide } from "#app/models/content/content.server";
import { ADDITIVES, doseToRaise, REFUGIUM_LIGHT_HOURS, SALT_GRAMS_PER_LITRE_AT_35_PPT } from "./reef-calculators";
import { DOSING_SOURCE, type GuideSource, REEF_TARGETS, REFUGIUM_LIGHT_SOURCE, SALT_SOURCE } from "./reef-targets";

/** The plain text of the guide section a source cites (the guide page's own anchors). */
function sectionText(source: GuideSource): string {
  const match = /^\/reef-wisdom\/lazy-reefer-guide\/([a-z0-9-]+)#([a-z0-9-]+)$/.exec(source.url);
  expect(match, source.url).not.toBeNull();
  const guide = getGuide(match![1]!);
  expect(guide, source.url).not.toBeNull();
  const section = guide!.sections.find((s) => s.id === match![2]);
  expect(section, source.url).toBeDefined();
  expect(source.title).toBe(`${guide!.title}: ${section!.title}`);
  return section!.text;
}

describe("the target bands and steps are the guides' own", () => {
  it.each(Object.values(REEF_TARGETS))("$label", (target) => {
    const band = sectionText(target.band.source);
    const unit = target.unit === "pH" ? "" : ` ${target.unit}`;
    expect(band).toContain(`${target.band.min}–${target.band.max}${unit}`);
    if (target.step) expect(sectionText(target.step.source)).toContain(`${target.step.perDay} ${target.unit}`);
  });

  it("gives alkalinity the guide's 1 dKH a day", () => {
    expect(REEF_TARGETS.alkalinity.step?.perDay).toBe(1);
  });
});

describe("the calculators use the figures the guide prints", () => {
  it("has each additive's mg per litre in the dosing section, with the 75-gallon example", () => {
    const text = sectionText(DOSING_SOURCE);
    const rows: Record<keyof typeof ADDITIVES, string> = {
      "baking-soda": "Baking soda (sodium bicarbonate) Alkalinity",
      "soda-ash": "Soda ash (sodium carbonate, baked baking soda) Alkalinity",
      "calcium-chloride": "Calcium chloride dihydrate Calcium",
      "magnesium-chloride": "Magnesium chloride hexahydrate Magnesium",
      "epsom-salt": "Magnesium sulfate heptahydrate (Epsom salt) Magnesium",
    };
    for (const [id, row] of Object.entries(rows)) {
      const printed = new RegExp(`${row.replace(/[()]/g, "\\$&")} ([0-9.]+) mg per 1 (dKH|ppm)`).exec(text);
      expect(printed, row).not.toBeNull();
      expect(Number(printed![1]), row).toBe(ADDITIVES[id as keyof typeof ADDITIVES].mgPerLitrePerUnit);
    }
  });

  it("works the 75-gallon example in the guide with the calculator's own answer", () => {
    const outcome = doseToRaise({
      parameter: "alkalinity",
      from: 7.2,
      to: 8.5,
      unit: "dKH",
      volume: 75,
      volumeUnit: "gal",
      additive: "baking-soda",
    });
    if (outcome.kind !== "ok") throw new Error("refused");
    const [first, second] = outcome.value.days;
    const text = sectionText({
      title: "Water Chemistry Mastery: Spread the dose over days",
      url: DOSING_SOURCE.url.replace(/#.*/, "#spread-the-dose-over-days"),
    });
    expect(text).toContain(
      `${outcome.value.litres} × 1.3 × 30.0 mg ≈ ${outcome.value.totalGrams} g of baking soda: ` +
        `${first!.grams} g on day one (${first!.raise} dKH) and ${second!.grams} g on day two (${second!.raise} dKH)`,
    );
    expect(text).toContain("1 dKH, 50 ppm calcium, 100 ppm magnesium");
  });

  it("has the salt rule of thumb", () => {
    expect(sectionText(SALT_SOURCE)).toContain(`${SALT_GRAMS_PER_LITRE_AT_35_PPT} g of salt in every litre`);
  });

  it("has the refugium light table", () => {
    const text = sectionText(REFUGIUM_LIGHT_SOURCE);
    expect(text).toContain(`Below 2 ppm ${REFUGIUM_LIGHT_HOURS.belowTwo} hours a day`);
    expect(text).toContain(`2–10 ppm ${REFUGIUM_LIGHT_HOURS.twoToTen} hours a day`);
    expect(text).toContain(`Above 10 ppm ${REFUGIUM_LIGHT_HOURS.aboveTen} hours a day`);
  });
});
