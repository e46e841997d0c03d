import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyCode,
  DiscountCodeInputSchema,
  eligibleLines,
  withCodeDiscount,
  type DiscountCodeRule,
} from "./discount-codes";
import type { CartQuote, PricedLine } from "./cart";

const NOW = new Date("2026-11-29T12:00:00Z");

function line(
  kind: PricedLine["kind"],
  id: string,
  unitPrice: number,
  unitOriginalPrice = unitPrice,
  quantity = 1,
): PricedLine {
  return {
    kind,
    id,
    title: id,
    quantity,
    unitPrice,
    unitOriginalPrice,
    total: unitPrice * quantity,
    imageKey: id,
    ships: true,
    weight: 1,
    ...(kind === "combo" ? { productIds: ["p-a", "p-b"] } : {}),
  };
}

function quoteOf(lines: PricedLine[]): CartQuote {
  const subtotal = lines.reduce((s, l) => s + l.total, 0);
  return {
    lines,
    subtotal,
    discount: lines.reduce((s, l) => s + l.unitOriginalPrice * l.quantity, 0) - subtotal,
    shipping: 0,
    total: subtotal,
    requiresShipping: true,
    itemCount: lines.length,
  };
}

const rule = (over: Partial<DiscountCodeRule> = {}): DiscountCodeRule => ({
  code: "SAVE20",
  percentOff: 20,
  amountOffCents: null,
  minSubtotalCents: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  uses: 0,
  maxUsesPerCustomer: null,
  appliesTo: null,
  combines: false,
  ...over,
});

const mixed = quoteOf([
  line("product", "p-a", 2499, 2499, 2),
  line("bundle", "b-kit", 5999, 7498),
  line("combo", "c-1", 3998, 4998),
  line("product", "p-sale", 1500, 2000),
]);

describe("which lines a code applies to", () => {
  it("takes full-price goods only by default: bundles, combos and lowered products keep their own saving", () => {
    expect(eligibleLines(rule(), mixed).map((l) => l.id)).toEqual(["p-a"]);
  });
  it("takes every line when it combines", () => {
    expect(eligibleLines(rule({ combines: true }), mixed).map((l) => l.id)).toEqual(["p-a", "b-kit", "c-1", "p-sale"]);
  });
  it("takes only the products and kits it names; a combo only when it names all of its products", () => {
    const named = rule({
      combines: true,
      appliesTo: [
        { kind: "bundle", id: "b-kit" },
        { kind: "product", id: "p-a" },
      ],
    });
    expect(eligibleLines(named, mixed).map((l) => l.id)).toEqual(["p-a", "b-kit"]);
    const both = rule({
      combines: true,
      appliesTo: [
        { kind: "product", id: "p-a" },
        { kind: "product", id: "p-b" },
      ],
    });
    expect(eligibleLines(both, mixed).map((l) => l.id)).toEqual(["p-a", "c-1"]);
  });
});

describe("what a code takes off", () => {
  it("rounds a percentage on the eligible goods half up to the cent, as a combo is rounded", () => {
    // 2 × $24.99 = $49.98 at 20 % off: $39.984 → $39.98, so the code takes $10.00.
    const result = applyCode(rule(), "save20", mixed, NOW);
    expect(result).toMatchObject({ ok: true, code: "SAVE20", cents: 1000, eligibleCents: 4998 });
    // 1 cent at 50 % off: the price rounds half up to 1 cent, so nothing comes off.
    expect(applyCode(rule({ percentOff: 50 }), "x", quoteOf([line("product", "p", 1)]), NOW)).toMatchObject({
      cents: 0,
    });
    expect(applyCode(rule({ percentOff: 15 }), "x", quoteOf([line("product", "p", 333)]), NOW)).toMatchObject({
      cents: 333 - 283,
    });
  });
  it("caps a fixed amount at the goods it applies to", () => {
    const five = rule({ percentOff: null, amountOffCents: 500 });
    expect(applyCode(five, "x", mixed, NOW)).toMatchObject({ ok: true, cents: 500 });
    const big = rule({ percentOff: null, amountOffCents: 100_000 });
    expect(applyCode(big, "x", mixed, NOW)).toMatchObject({ ok: true, cents: 4998 });
    expect(applyCode({ ...big, combines: true }, "x", mixed, NOW)).toMatchObject({ ok: true, cents: mixed.subtotal });
  });
  it("a 100 % code brings the total to zero and never below", () => {
    const all = applyCode(rule({ percentOff: 100, combines: true }), "x", mixed, NOW);
    if (!all.ok) throw new Error("refused");
    const after = withCodeDiscount(mixed, all.cents);
    expect(after.total).toBe(0);
    expect(withCodeDiscount(mixed, mixed.subtotal + 500).total).toBe(0);
  });
  it("says what it did in plain words", () => {
    const result = applyCode(rule(), "save20", mixed, NOW);
    expect(result.message).toBe("Code SAVE20: 20 % off full-price goods, you save $10.00.");
  });
});

describe("why a code is refused", () => {
  const reason = (r: DiscountCodeRule | null, quote = mixed, uses = 0) => {
    const result = applyCode(r, "save20", quote, NOW, uses);
    return result.ok ? "ok" : result.reason;
  };
  it("names each reason", () => {
    expect(reason(null)).toBe("code-unknown");
    expect(reason(rule({ startsAt: "2026-12-01T00:00:00.000Z" }))).toBe("code-not-started");
    expect(reason(rule({ endsAt: "2026-11-29T12:00:00.000Z" }))).toBe("code-expired");
    expect(reason(rule({ maxUses: 1, uses: 1 }))).toBe("code-used-up");
    expect(reason(rule({ maxUses: 2, uses: 1 }))).toBe("ok");
    expect(reason(rule({ maxUsesPerCustomer: 1 }), mixed, 1)).toBe("code-used-up");
    expect(reason(rule({ minSubtotalCents: mixed.subtotal + 1 }))).toBe("code-minimum-not-met");
    expect(reason(rule({ minSubtotalCents: mixed.subtotal }))).toBe("ok");
    expect(reason(rule(), quoteOf([line("bundle", "b-kit", 5999, 7498)]))).toBe("code-nothing-applies");
    expect(reason(rule({ appliesTo: [{ kind: "product", id: "elsewhere" }] }))).toBe("code-nothing-applies");
  });
  it("explains a cart of discounted goods", () => {
    const result = applyCode(rule(), "save20", quoteOf([line("combo", "c-1", 3998, 4998)]), NOW);
    expect(result.message).toMatch(/full-price goods only/);
  });
});

describe("the owner's input", () => {
  it("takes dollars and gives cents, upper-cases the code", () => {
    const parsed = DiscountCodeInputSchema.parse({ code: "save5", amountOff: 5.5, minSubtotal: 40 });
    expect(parsed).toMatchObject({
      code: "SAVE5",
      amountOffCents: 550,
      percentOff: null,
      minSubtotalCents: 4000,
      combines: false,
    });
  });
  it("refuses both or neither amount, fractions of a cent, an end before the start", () => {
    expect(DiscountCodeInputSchema.safeParse({ code: "ABC", percentOff: 10, amountOff: 1 }).success).toBe(false);
    expect(DiscountCodeInputSchema.safeParse({ code: "ABC" }).success).toBe(false);
    expect(DiscountCodeInputSchema.safeParse({ code: "ABC", amountOff: 1.005 }).success).toBe(false);
    expect(DiscountCodeInputSchema.safeParse({ code: "ABC", percentOff: 101 }).success).toBe(false);
    expect(DiscountCodeInputSchema.safeParse({ code: "a b", percentOff: 10 }).success).toBe(false);
    expect(
      DiscountCodeInputSchema.safeParse({ code: "ABC", percentOff: 10, startsAt: "2026-12-02", endsAt: "2026-12-01" })
        .success,
    ).toBe(false);
  });
});

describe("every total a code leaves satisfies the price rules", () => {
  const NOW_PROPERTY = new Date("2026-11-29T12:00:00Z");
  const arbitraryLine = fc
    .record({
      kind: fc.constantFrom("product" as const, "bundle" as const, "combo" as const),
      id: fc.constantFrom("p-a", "p-b", "b-kit", "c-1"),
      price: fc.integer({ min: 1, max: 50_000 }),
      saving: fc.integer({ min: 0, max: 10_000 }),
      quantity: fc.integer({ min: 1, max: 20 }),
    })
    .map((l) => line(l.kind, l.id, l.price, l.price + (l.kind === "product" ? 0 : l.saving), l.quantity));
  const arbitraryRule = fc.record({
    percentOff: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
    amountOffCents: fc.integer({ min: 1, max: 2_000_000 }),
    combines: fc.boolean(),
    appliesTo: fc.option(
      fc.uniqueArray(
        fc.record({
          kind: fc.constantFrom("product" as const, "bundle" as const),
          id: fc.constantFrom("p-a", "p-b", "b-kit"),
        }),
        {
          minLength: 1,
          maxLength: 3,
          selector: (t) => `${t.kind}:${t.id}`,
        },
      ),
      { nil: null },
    ),
  });

  it("never negative, never above the goods, never more than the goods it applies to, in whole cents", () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { minLength: 1, maxLength: 6 }), arbitraryRule, (lines, r) => {
        const quote = quoteOf(lines);
        const code = rule({
          percentOff: r.percentOff,
          amountOffCents: r.percentOff === null ? r.amountOffCents : null,
          combines: r.combines,
          appliesTo: r.appliesTo,
        });
        const result = applyCode(code, "x", quote, NOW_PROPERTY);
        if (!result.ok) return;
        const eligible = eligibleLines(code, quote).reduce((s, l) => s + l.total, 0);
        expect(Number.isInteger(result.cents)).toBe(true);
        expect(result.eligibleCents).toBe(eligible);
        expect(result.cents).toBeGreaterThanOrEqual(0);
        expect(result.cents).toBeLessThanOrEqual(eligible);
        const after = withCodeDiscount(quote, result.cents);
        expect(after.total).toBeGreaterThanOrEqual(0);
        expect(after.total).toBeLessThanOrEqual(quote.subtotal);
        expect(after.total).toBe(quote.subtotal + quote.shipping - after.codeDiscount);
        // Without `combines`, no line that already carries a saving is discounted twice.
        if (!code.combines) for (const l of eligibleLines(code, quote)) expect(l.unitPrice).toBe(l.unitOriginalPrice);
      }),
    );
  });
});
