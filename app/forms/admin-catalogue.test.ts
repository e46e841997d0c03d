import { describe, expect, it } from "vitest";
import { CatalogueFormSchema } from "./admin-catalogue";
import { FORM_OUT_OF_DATE } from "./hidden-fields";
import { JARGON, messagesOf, post } from "./test-form";

/** A product's form as the page posts it, untouched. */
const product = {
  intent: "product:premium-chaeto",
  id: "premium-chaeto",
  kind: "product",
  currentQuantity: "12",
  price: "24.99",
  quantity: "12",
  stockReason: "",
  active: "on",
  title: "Premium Chaeto",
  description: "A grapefruit-sized ball of chaetomorpha.",
  tags: "macroalgae, refugium ,, nutrient export",
  metadata: '{"chaetoSize": "Grapefruit", "careLevel": "Beginner", "organic": true, "weightGrams": 200}',
};
const bundle = {
  intent: "bundle:lazy-starter",
  id: "lazy-starter",
  kind: "bundle",
  currentQuantity: "50",
  price: "79.95",
  quantity: "50",
  title: "Lazy Starter",
  description: "Everything a new refugium needs.",
};

describe("the catalogue item form", () => {
  it("turns a product's form into the owner's edit: cents, a tag list, metadata, the checkbox", () => {
    expect(post(CatalogueFormSchema, product).data).toEqual({
      kind: "product",
      id: "premium-chaeto",
      update: {
        title: "Premium Chaeto",
        description: "A grapefruit-sized ball of chaetomorpha.",
        priceCents: 2499,
        active: true,
        tags: ["macroalgae", "refugium", "nutrient export"],
        metadata: { chaetoSize: "Grapefruit", careLevel: "Beginner", organic: true, weightGrams: 200 },
      },
    });
  });

  it("refuses an emptied price instead of keeping the old one behind the owner's back", () => {
    expect(post(CatalogueFormSchema, { ...product, price: "" }).result?.fieldErrors).toEqual({
      price: "Fill in this field.",
    });
    expect(post(CatalogueFormSchema, { ...product, price: "0" }).result?.fieldErrors).toEqual({
      price: "Enter a price above zero.",
    });
  });

  it("reads prices as people type them, and an unticked box as off", () => {
    const { data } = post(CatalogueFormSchema, { ...product, price: "$1,024.5", active: [] });
    expect(data?.update).toMatchObject({ priceCents: 102450, active: false });
  });

  it("counts a stock level only when it changed, and then asks why", () => {
    expect(
      post(CatalogueFormSchema, { ...product, quantity: "12", stockReason: "count" }).data?.update,
    ).not.toHaveProperty("quantity");
    const { result } = post(CatalogueFormSchema, { ...product, quantity: "7" }, product.intent);
    expect(result).toEqual({
      status: "error",
      intent: product.intent,
      message: "Please check the fields marked below.",
      fieldErrors: { stockReason: "Say why the stock changes." },
    });
    expect(
      post(CatalogueFormSchema, { ...product, quantity: "7", stockReason: " cycle count " }).data?.update,
    ).toMatchObject({ quantity: 7, stockReason: "cycle count" });
  });

  it("asks why the stock changes even when other fields also need a fix", () => {
    expect(
      post(CatalogueFormSchema, { ...product, quantity: "7", description: "", metadata: "{" }).result?.fieldErrors,
    ).toEqual({
      description: "Enter a description.",
      metadata: 'Write the details as JSON, like {"careLevel": "Beginner"}.',
      stockReason: "Say why the stock changes.",
    });
  });

  it("says what is wrong next to each field, in plain words", () => {
    const { result } = post(CatalogueFormSchema, {
      ...product,
      title: "x".repeat(121),
      description: "",
      price: "12.345",
      quantity: "lots",
      tags: `ok, ${"t".repeat(41)}`,
      metadata: "{careLevel: Beginner}",
      stockReason: "",
    });
    expect(result?.fieldErrors).toEqual({
      title: "Use at most 120 characters.",
      description: "Enter a description.",
      price: "Enter an amount in dollars, like 24.99.",
      quantity: "Enter a whole number.",
      tags: "Keep each tag to 40 characters or fewer.",
      metadata: 'Write the details as JSON, like {"careLevel": "Beginner"}.',
    });
    for (const message of messagesOf(result)) expect(message).not.toMatch(JARGON);
  });

  it("keeps the metadata's rules: short names, plain values, an object", () => {
    const errorOf = (metadata: string) =>
      post(CatalogueFormSchema, { ...product, metadata }).result?.fieldErrors?.metadata;
    expect(errorOf('{"bad key": 1}')).toBe(
      'Name "bad key" with letters and digits only, starting with a letter (at most 40).',
    );
    expect(errorOf('{"careLevel": {"a": 1}}')).toBe('Give "careLevel" a text in quotes, a number, true or false.');
    expect(errorOf(`{"note": "${"n".repeat(201)}"}`)).toBe('Keep "note" to 200 characters.');
    expect(errorOf("[1, 2]")).toBe('Write the details as JSON, like {"careLevel": "Beginner"}.');
    expect(post(CatalogueFormSchema, { ...product, metadata: "" }).data?.update).not.toHaveProperty("metadata");
  });

  it("sets, keeps or removes an offer's end date", () => {
    const dated = { ...product, hasValidUntil: "on" };
    expect(post(CatalogueFormSchema, { ...dated, validUntil: "2026-10-31" }).data?.update.validUntil).toBe(
      "2026-10-31",
    );
    expect(post(CatalogueFormSchema, dated).data?.update.validUntil).toBeNull();
    expect(post(CatalogueFormSchema, product).data?.update).not.toHaveProperty("validUntil");
    expect(post(CatalogueFormSchema, { ...dated, validUntil: "2026-02-30" }).result?.fieldErrors).toEqual({
      validUntil: "Enter a valid date.",
    });
  });

  it("takes a bundle's fields only: no tags and no stock (a bundle's stock is what its products make)", () => {
    expect(
      post(CatalogueFormSchema, { ...bundle, tags: "ignored", quantity: "48", stockReason: "damaged" }).data,
    ).toEqual({
      kind: "bundle",
      id: "lazy-starter",
      update: {
        title: "Lazy Starter",
        description: "Everything a new refugium needs.",
        priceCents: 7995,
        active: false,
      },
    });
    expect(post(CatalogueFormSchema, { ...bundle, title: "A" }).result?.fieldErrors).toEqual({
      title: "Use at least 2 characters.",
    });
  });

  it("answers a tampered or stale form at the top, not next to a hidden field", () => {
    for (const broken of [{ kind: "service" }, { id: "" }, { currentQuantity: "-1" }]) {
      const { result } = post(CatalogueFormSchema, { ...product, ...broken });
      expect(result?.message).toBe(FORM_OUT_OF_DATE);
      expect(result?.fieldErrors).toBeUndefined();
    }
  });
});

describe("the catalogue form's subscribe & save fields", () => {
  it("sets the saving when ticked, stops the offer when unticked, and leaves it alone when absent", () => {
    const on = post(CatalogueFormSchema, { ...product, subscribeForm: "on", subscribe: "on", savingPercent: "12" });
    expect(on.data?.update.subscribeSavingPercent).toBe(12);
    const off = post(CatalogueFormSchema, { ...product, subscribeForm: "on", savingPercent: "abc" });
    expect(off.data?.update.subscribeSavingPercent).toBeNull();
    const absent = post(CatalogueFormSchema, product);
    expect(absent.data?.update).not.toHaveProperty("subscribeSavingPercent");
  });

  it("refuses a saving out of 1–50 % or not whole, next to its field and in words", () => {
    for (const [typed, message] of [
      ["0", "A saving is at least 1 %"],
      ["51", "A saving is at most 50 %"],
      ["7.5", "Enter a whole percent"],
      ["", "Enter the saving in percent"],
      ["ten", "Enter the saving in percent"],
    ]) {
      const { result } = post(CatalogueFormSchema, {
        ...product,
        subscribeForm: "on",
        subscribe: "on",
        savingPercent: typed!,
      });
      expect(result?.fieldErrors?.savingPercent, typed).toBe(message);
      expect(message).not.toMatch(JARGON);
    }
  });
});
