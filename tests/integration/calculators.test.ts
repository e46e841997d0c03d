import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * The dose calculator's HTTP contract (issue 37, decision 047): anyone may ask, the answer is the
 * water-chemistry guide's arithmetic with the section cited, and bad input is a 400 per field.
 */
describe(`reef dose calculator on ${testDatabaseKind()}`, () => {
  const t = useTestServer();
  const ask = (query: Record<string, string>) =>
    fetch(`${t.url}/api/calculators/dose?${new URLSearchParams(query).toString()}`);
  const alk75 = {
    parameter: "alkalinity",
    from: "7.2",
    to: "8.5",
    unit: "dKH",
    volume: "75",
    volumeUnit: "gal",
    additive: "baking-soda",
  };

  it("raises alk 7.2 → 8.5 dKH in 75 gallons with 11.1 g of baking soda over two days, citing the guide", async () => {
    const res = await ask(alk75);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      totalGrams: 11.1,
      days: [
        { day: 1, grams: 8.5 },
        { day: 2, grams: 2.6 },
      ],
      maxStepPerDay: 1,
      source: {
        title: "Water Chemistry Mastery: Dosing to raise alkalinity, calcium and magnesium",
        url: "/reef-wisdom/lazy-reefer-guide/water-chemistry-mastery#dosing-to-raise-alkalinity-calcium-and-magnesium",
      },
    });
  });

  it("gives no dose when the tank is already at the target", async () => {
    const res = await ask({ ...alk75, from: "8.5", to: "8" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ totalGrams: 0, days: [] });
  });

  it.each([
    [{ additive: undefined }, "additive"],
    [{ additive: "vodka" }, "additive"],
    [{ additive: "calcium-chloride" }, "additive"],
    [{ from: "70" }, "from"],
    [{ from: "abc" }, "from"],
    [{ volume: "-75" }, "volume"],
    [{ volumeUnit: "barrels" }, "volumeUnit"],
    [{ parameter: "iron" }, "parameter"],
    [{ to: "14" }, "to"],
  ] as [Record<string, string | undefined>, string][])("answers 400 naming the field for %o", async (change, field) => {
    const query: Record<string, string> = { ...alk75 };
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) delete query[key];
      else query[key] = value;
    }
    const res = await ask(query);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("invalid-argument");
    expect(body.error.fields[field]).toEqual(expect.any(String));
    expect(body.error.message.length).toBeGreaterThan(0);
  });

  it("answers 400, not 500, to a repeated or NUL-bearing parameter", async () => {
    const repeated = await fetch(
      `${t.url}/api/calculators/dose?${new URLSearchParams({ ...alk75 }).toString()}&from=1`,
    );
    expect(repeated.status).toBe(400);
    const nul = await ask({ ...alk75, additive: "baking-soda\u0000" });
    expect(nul.status).toBe(400);
  });
});
