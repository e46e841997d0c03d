import { describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { invalidateCatalogueSnapshot } from "#app/models/catalogue/catalogue-snapshot.server";
import { searchShop } from "#app/models/catalogue/search.server";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

const NOW = new Date("2026-11-21T12:00:00Z");

describe(`searching the shop on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: fixedClock(NOW) });
  const db = () => t.services.database.db;
  const search = (q: string | null) => searchShop(db(), q, NOW);

  it("finds chaeto products, bundles and guide sections, product titles first, with today's prices", async () => {
    const results = await search("chaeto");
    expect(results.correctedQuery).toBeNull();
    expect(results.catalogue[0]).toMatchObject({
      kind: "product",
      id: "premium-chaeto",
      url: "/product/premium-chaeto",
    });
    expect(results.catalogue.some((h) => h.kind === "bundle")).toBe(true);
    const row = await db()
      .selectFrom("products")
      .select("price_cents")
      .where("id", "=", "premium-chaeto")
      .executeTakeFirstOrThrow();
    expect(results.catalogue[0]!.priceCents).toBe(row.price_cents);
    expect(results.guides.length).toBeGreaterThan(3);
    for (const g of results.guides)
      expect(g.url).toMatch(/^\/(reef-wisdom\/lazy-reefer-guide\/[a-z0-9-]+|care|hermit|shipping-info)#[a-z0-9-]+$/);
  });

  it("corrects the typo 'cheato' and finds the same things", async () => {
    const [typo, right] = [await search("cheato"), await search("chaeto")];
    expect(typo.correctedQuery).toBe("chaeto");
    expect(typo.catalogue.map((h) => h.id)).toEqual(right.catalogue.map((h) => h.id));
    expect(typo.guides.map((h) => h.url)).toEqual(right.guides.map((h) => h.url));
  });

  it("finds phosphate in a product description and in the water chemistry guide", async () => {
    const results = await search("phosphate");
    expect(results.catalogue.map((h) => h.id)).toContain("premium-chaeto");
    expect(results.guides.some((g) => g.url.includes("water-chemistry-mastery") && /phosphate/i.test(g.heading))).toBe(
      true,
    );
    const marked = results.guides[0]!.snippet.filter((p) => p.hit).map((p) => p.text.toLowerCase());
    expect(marked.every((w) => w.startsWith("phosphate"))).toBe(true);
  });

  it("finds a guide-only word in the guides and no product", async () => {
    const results = await search("refractometer");
    expect(results.catalogue).toEqual([]);
    expect(results.guides[0]).toMatchObject({ guideTitle: expect.stringMatching(/water chemistry/i) });
    expect(results.guides[0]!.heading).toMatch(/refractometer/i);
  });

  it("follows the catalogue: a renamed product is found by its new name, one taken off sale is not", async () => {
    try {
      await db()
        .updateTable("products")
        .set({ title: "Seahorse Snacks" })
        .where("id", "=", "chaeto-coral-food-combo")
        .execute();
      await db().updateTable("bundles").set({ is_active: 0 }).where("id", "=", "lazy-starter").execute();
      invalidateCatalogueSnapshot(db());
      const found = (await search("seahorse")).catalogue;
      // First by its own name; then the bundles that hold it.
      expect(found[0]).toMatchObject({ kind: "product", id: "chaeto-coral-food-combo" });
      expect(found.slice(1).every((h) => h.kind === "bundle")).toBe(true);
      expect((await search("lazy starter")).catalogue.map((h) => h.id)).not.toContain("lazy-starter");
    } finally {
      await db().updateTable("bundles").set({ is_active: 1 }).where("id", "=", "lazy-starter").execute();
      await db()
        .updateTable("products")
        .set({ title: "Chaeto + Coral Food Combo" })
        .where("id", "=", "chaeto-coral-food-combo")
        .execute();
      invalidateCatalogueSnapshot(db());
    }
  });

  it("finds two words written as one as the two words, and says so", async () => {
    for (const [joined, apart] of [
      ["coralfood", "coral food"],
      ["reefcare", "reef care"],
    ] as const) {
      const [typed, spaced] = [await search(joined), await search(apart)];
      expect(typed.correctedQuery).toBe(apart);
      expect(typed.catalogue.length).toBeGreaterThan(0);
      expect(typed.catalogue.map((h) => h.id)).toEqual(spaced.catalogue.map((h) => h.id));
      expect(typed.guides.map((h) => h.url)).toEqual(spaced.guides.map((h) => h.url));
    }
  });

  it("finds the guides' word for a hobbyist's other name of it ('ick' is written 'ich')", async () => {
    const [other, written] = [await search("ick"), await search("ich")];
    expect(other.correctedQuery).toBe("ich");
    expect(written.guides.length).toBeGreaterThan(0);
    expect(other.guides.map((h) => h.url)).toEqual(written.guides.map((h) => h.url));
  });

  it("says nothing matched a query with a word the shop never uses, instead of correcting it to another word", async () => {
    const results = await search("gift card");
    expect(results).toEqual({ query: "gift card", correctedQuery: null, catalogue: [], guides: [] });
    expect((await search("gift")).correctedQuery).toBeNull();
  });

  it("answers quickly once warm", async () => {
    await search("chaeto");
    const started = performance.now();
    for (const q of ["cheato", "phosphate", "refractomter", "coral food", "zzzzqqqq"]) await search(q);
    expect((performance.now() - started) / 5).toBeLessThan(50);
  });

  it("answers nothing, without failing, for empty, hostile or endless input", async () => {
    for (const q of [
      null,
      "",
      "   ",
      "\u0000",
      "\u202E\u200B",
      "'; DROP TABLE products; --",
      "🐠".repeat(5000),
      "a".repeat(100_000),
    ]) {
      const results = await search(q);
      expect(results.query.length).toBeLessThanOrEqual(200);
      expect(results.guides.length + results.catalogue.length).toBeGreaterThanOrEqual(0);
    }
    expect(await search("\u0000")).toEqual({ query: "", correctedQuery: null, catalogue: [], guides: [] });
    expect((await search("zzzzqqqq")).catalogue).toEqual([]);
    expect((await db().selectFrom("products").select("id").execute()).length).toBeGreaterThan(0);
  });
});
