import { describe, expect, it } from "vitest";
import { calculatorAnswers, doseFromQuery } from "./calculators";

const ask = (query: string) => calculatorAnswers(new URLSearchParams(query));

describe("the calculators page's forms", () => {
  it("answers nothing, and refuses nothing, before a form is sent", () => {
    expect(ask("")).toEqual({ values: {}, dose: null, salt: null, light: null });
  });

  it("answers only the form whose fields were sent", () => {
    const answers = ask("parameter=alkalinity&from=7.2&to=8.5&unit=dKH&volume=75&volumeUnit=gal&additive=baking-soda");
    expect(answers.dose).toMatchObject({ kind: "ok", value: { totalGrams: 11.1 } });
    expect(answers.salt).toBeNull();
    expect(answers.light).toBeNull();
  });

  it("names the page's own fields in a refusal", () => {
    expect(ask("water=-2&waterUnit=gal").salt).toMatchObject({
      kind: "refused",
      fields: { water: expect.any(String) },
    });
    expect(ask("water=20&waterUnit=L&salinity=1.026").salt).toMatchObject({
      kind: "refused",
      fields: { salinity: expect.any(String) },
    });
    expect(ask("nitrate=900").light).toMatchObject({ kind: "refused", fields: { nitrate: expect.any(String) } });
    expect(ask("nitrate=lots").light).toMatchObject({ kind: "refused", fields: { nitrate: expect.any(String) } });
  });

  it("refuses a missing or unknown field by name, with the calculator's own reasons too", () => {
    const outcome = doseFromQuery({ parameter: "alkalinity", from: "7", to: "8", unit: "dKH", volume: "75" });
    expect(outcome.kind === "refused" && Object.keys(outcome.fields).sort()).toEqual(["additive", "volumeUnit"]);
    expect(
      doseFromQuery({
        parameter: "alkalinity",
        from: "7",
        to: "8",
        unit: "dKH",
        volume: "75",
        volumeUnit: "gal",
        additive: "epsom-salt",
      }),
    ).toMatchObject({
      kind: "refused",
      fields: { additive: "Epsom salt (magnesium sulfate heptahydrate) raises magnesium, not alkalinity." },
    });
  });

  it("leaves the dose form unanswered until its target is sent, so a link can fill it in", () => {
    expect(ask("parameter=alkalinity&from=7.2&unit=dKH&volume=75&volumeUnit=gal").dose).toBeNull();
    // A submitted form sends the target even when empty: then it is refused by name.
    expect(
      ask("parameter=alkalinity&from=7.2&to=&unit=dKH&volume=75&volumeUnit=gal&additive=baking-soda").dose,
    ).toMatchObject({
      kind: "refused",
      fields: { to: expect.any(String) },
    });
  });

  it("echoes what was typed, cut short", () => {
    expect(ask(`from=${"9".repeat(100)}`).values.from).toHaveLength(40);
  });
});
