import { afterEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY, COMBOS_STORAGE_KEY, loadCart, saveCart } from "./cart-storage";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe("cart persistence", () => {
  afterEach(() => vi.restoreAllMocks());

  it("saves lines and combos under two keys and restores them", () => {
    const storage = memoryStorage();
    const cart = {
      lines: [{ kind: "product" as const, id: "premium-chaeto", quantity: 2 }],
      combos: [
        {
          id: "custom-x1",
          productIds: ["a", "b"],
          quantity: 1,
          discount: 20,
          originalTotal: 100,
          price: 80,
          weight: 5,
          createdAt: "2026-01-01T00:00:00Z",
        },
      ],
    };
    saveCart(storage, cart);
    expect([...storage.data.keys()].sort()).toEqual([CART_STORAGE_KEY, COMBOS_STORAGE_KEY].sort());
    expect(loadCart(storage)).toEqual(cart);
  });

  it("logs a corrupt value and starts empty", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const storage = memoryStorage({ [CART_STORAGE_KEY]: "{corrupt", [COMBOS_STORAGE_KEY]: "[]" });
    expect(loadCart(storage)).toEqual({ lines: [], combos: [] });
    expect(error).toHaveBeenCalledWith("Unreadable cart in localStorage", expect.anything());

    const wrongShape = memoryStorage({
      [CART_STORAGE_KEY]: JSON.stringify([{ kind: "product", id: "x", quantity: -4 }]),
    });
    expect(loadCart(wrongShape)).toEqual({ lines: [], combos: [] });
  });
});

describe("stored cart validation", () => {
  afterEach(() => vi.restoreAllMocks());
  const combo = {
    id: "custom-1",
    productIds: ["a", "b"],
    quantity: 1,
    discount: 20,
    originalTotal: 100,
    price: 80,
    weight: 5,
    createdAt: "2026-01-01",
  };
  const rejects = (lines: unknown, combos: unknown = []) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const storage = memoryStorage({
      [CART_STORAGE_KEY]: JSON.stringify(lines),
      [COMBOS_STORAGE_KEY]: JSON.stringify(combos),
    });
    return expect(loadCart(storage)).toEqual({ lines: [], combos: [] });
  };

  it("refuses lines of the wrong kind, id or quantity", () => {
    rejects([{ kind: "gift", id: "x", quantity: 1 }]);
    rejects([{ kind: "product", id: "", quantity: 1 }]);
    rejects([{ kind: "product", id: "x".repeat(101), quantity: 1 }]);
    rejects([{ kind: "product", id: "x", quantity: 1.5 }]);
    rejects([{ kind: "product", id: "x", quantity: 100 }]);
    rejects([{ kind: "product", id: "x", quantity: "2" }]);
    rejects({ kind: "product", id: "x", quantity: 1 });
    rejects([null]);
  });

  it("keeps a subscribed line's interval, and refuses one outside 2–12 weeks", () => {
    const lines = [{ kind: "product", id: "chaeto-coral-food-combo", quantity: 2, everyWeeks: 4 }];
    expect(loadCart(memoryStorage({ [CART_STORAGE_KEY]: JSON.stringify(lines) })).lines).toEqual(lines);
    rejects([{ kind: "product", id: "x", quantity: 1, everyWeeks: 1 }]);
    rejects([{ kind: "product", id: "x", quantity: 1, everyWeeks: 13 }]);
    rejects([{ kind: "product", id: "x", quantity: 1, everyWeeks: 2.5 }]);
    rejects([{ kind: "product", id: "x", quantity: 1, everyWeeks: "4" }]);
  });

  it("refuses combos with a bad id, too few or too many products, or missing figures", () => {
    rejects([], [{ ...combo, id: "combo-1" }]);
    rejects([], [{ ...combo, productIds: ["a"] }]);
    rejects([], [{ ...combo, productIds: Array.from({ length: 11 }, (_, i) => `p${i}`) }]);
    rejects([], [{ ...combo, price: "80" }]);
    rejects([], [{ ...combo, weight: Number.NaN }]);
    const { createdAt: _omit, ...noDate } = combo;
    rejects([], [noDate]);
  });

  it("accepts the largest valid cart", () => {
    const lines = [{ kind: "bundle", id: "x".repeat(100), quantity: 99 }];
    const combos = [{ ...combo, productIds: Array.from({ length: 10 }, (_, i) => `p${i}`), quantity: 99 }];
    const storage = memoryStorage({
      [CART_STORAGE_KEY]: JSON.stringify(lines),
      [COMBOS_STORAGE_KEY]: JSON.stringify(combos),
    });
    expect(loadCart(storage)).toEqual({ lines, combos });
  });
});
