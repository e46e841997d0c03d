/**
 * The cart: one pure module used by the browser (cart provider) and the server (quote and
 * checkout). The cart holds ids and quantities only; prices always come from a catalogue
 * snapshot, so a stale or tampered browser value can never change what is charged.
 */
import { isPurchasable, needsShipping } from "./availability";
import { formatCents, percentOff, type Cents } from "./money";
import {
  MAX_EVERY_WEEKS,
  MAX_SUBSCRIBED_QUANTITY,
  MIN_EVERY_WEEKS,
  subscribedUnitPrice,
  subscriptionSaving,
} from "./subscriptions";
import type { CartState, CatalogueSnapshot, ComboLine, LineKind } from "./cart-state";
import type { Product } from "./catalogue";

export {
  EMPTY_CART,
  itemCount,
  type CartState,
  type CatalogueSnapshot,
  type ComboLine,
  type LineKind,
} from "./cart-state";

export const MIN_COMBO_PRODUCTS = 2;
export const MAX_LINE_QUANTITY = 99;

/** Combo discount by item count: 1 → 10 %, 2 → 20 %, 3 or more → 30 %. */
export function comboDiscountPercent(itemCount: number): number {
  if (itemCount <= 0) return 0;
  if (itemCount === 1) return 10;
  if (itemCount === 2) return 20;
  return 30;
}

/**
 * Discounted price in cents: the price after the discount, rounded half up to the cent, as the
 * spec states (74.98 at 20 % off is 59.984 → 59.98). Every figure a shopper or the owner sees for
 * a combo (the builder's estimate, the quote, checkout, the stored order) comes from here.
 */
export function applyDiscount(cents: Cents, percent: number): Cents {
  // Integer arithmetic: cents × (100 − percent) is exact, and + 50 before the division rounds half up.
  return Math.floor((cents * (100 - percent) + 50) / 100);
}

export function isComboEligible(product: Pick<Product, "metadata">): boolean {
  return product.metadata.comboEligible === true;
}

export type ComboProblemReason = "too-few-products" | "duplicate-product" | "not-eligible";

export interface ComboProblem {
  reason: ComboProblemReason;
  /** The product that breaks the rule, if one does. */
  title?: string;
}

/**
 * The combo rule, the same in the browser and on the server: two or more distinct products,
 * each combo-eligible. `products` are the known products of the combo, in the order picked.
 */
export function comboProblem(products: Pick<Product, "id" | "title" | "metadata">[]): ComboProblem | null {
  const seen = new Set<string>();
  for (const product of products) {
    if (seen.has(product.id)) return { reason: "duplicate-product", title: product.title };
    seen.add(product.id);
    if (!isComboEligible(product)) return { reason: "not-eligible", title: product.title };
  }
  if (products.length < MIN_COMBO_PRODUCTS) return { reason: "too-few-products" };
  return null;
}

export interface ComboPrice {
  /** Known products, in the order given; unknown ids are ignored. */
  products: Product[];
  discount: number;
  originalTotal: Cents;
  price: Cents;
  weight: number;
}

export function priceCombo(productIds: string[], catalogue: CatalogueSnapshot): ComboPrice {
  const byId = new Map(catalogue.products.map((p) => [p.id, p]));
  const products = productIds.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
  const originalTotal = products.reduce((sum, p) => sum + p.priceCents, 0);
  const discount = comboDiscountPercent(products.length);
  return {
    products,
    discount,
    originalTotal,
    price: applyDiscount(originalTotal, discount),
    weight: products.reduce((sum, p) => sum + p.weightGrams, 0),
  };
}

/** Two combos are the same when they hold the same products, whatever the order. */
export function comboKey(productIds: string[]): string {
  return [...productIds].sort().join("+");
}

// ---- stock -------------------------------------------------------------------------------

/**
 * Units of each product the cart asks for, across plain lines, combo components and bundle
 * contents (a bundle is a kit of products and has no stock of its own).
 */
export function productDemand(cart: CartState, catalogue: Pick<CatalogueSnapshot, "bundles">): Map<string, number> {
  const demand = new Map<string, number>();
  const add = (id: string, q: number) => demand.set(id, (demand.get(id) ?? 0) + q);
  for (const line of cart.lines) {
    if (line.kind === "product") add(line.id, line.quantity);
    else
      for (const c of catalogue.bundles.find((b) => b.id === line.id)?.components ?? [])
        add(c.productId, c.quantity * line.quantity);
  }
  for (const combo of cart.combos) for (const id of combo.productIds) add(id, combo.quantity);
  return demand;
}

function productStock(id: string, catalogue: CatalogueSnapshot): number {
  return catalogue.products.find((p) => p.id === id)?.quantity ?? 0;
}

/** How many more units of a line can be added without passing the stock shown. */
export function remainingFor(cart: CartState, kind: LineKind, id: string, catalogue: CatalogueSnapshot): number {
  const demand = productDemand(cart, catalogue);
  if (kind === "product")
    return Math.max(0, Math.min(productStock(id, catalogue), MAX_LINE_QUANTITY) - (demand.get(id) ?? 0));
  const bundle = catalogue.bundles.find((b) => b.id === id);
  if (!bundle || bundle.components.length === 0) return 0;
  const inCart = cart.lines.find((l) => l.kind === "bundle" && l.id === id)?.quantity ?? 0;
  let kits = MAX_LINE_QUANTITY - inCart;
  for (const c of bundle.components)
    kits = Math.min(
      kits,
      Math.floor((productStock(c.productId, catalogue) - (demand.get(c.productId) ?? 0)) / c.quantity),
    );
  return Math.max(0, kits);
}

// ---- operations (pure: each returns a new cart) -------------------------------------------

export type AddResult = { cart: CartState; added: number; reason?: "unavailable" | "out-of-stock" | "limit" };

/**
 * The delivery a line may have: every `everyWeeks` (2–12) for a product its owner offers on
 * subscription (decision 049), else none (bought once).
 */
function deliveryOf(
  kind: LineKind,
  id: string,
  everyWeeks: number | undefined,
  catalogue: CatalogueSnapshot,
): number | undefined {
  if (
    kind !== "product" ||
    !Number.isInteger(everyWeeks) ||
    everyWeeks! < MIN_EVERY_WEEKS ||
    everyWeeks! > MAX_EVERY_WEEKS
  )
    return undefined;
  const product = catalogue.products.find((p) => p.id === id);
  return product && subscriptionSaving(product) !== null ? everyWeeks : undefined;
}

/** How many of a line fit: a subscription delivers at most MAX_SUBSCRIBED_QUANTITY each time. */
function lineCap(everyWeeks: number | undefined): number {
  return everyWeeks === undefined ? MAX_LINE_QUANTITY : MAX_SUBSCRIBED_QUANTITY;
}

/**
 * Adds `quantity` of an item. A product has one line: `everyWeeks` is the shopper's latest choice
 * for it (a number: delivered on that schedule; none: bought once) and applies to the whole line.
 */
export function addLine(
  cart: CartState,
  kind: LineKind,
  id: string,
  catalogue: CatalogueSnapshot,
  now: Date,
  quantity = 1,
  everyWeeks?: number,
): AddResult {
  const item =
    kind === "product" ? catalogue.products.find((p) => p.id === id) : catalogue.bundles.find((b) => b.id === id);
  if (!item || !isPurchasable(item, now)) return { cart, added: 0, reason: "unavailable" };
  const every = deliveryOf(kind, id, everyWeeks, catalogue);
  const wanted = Math.max(1, Math.floor(quantity));
  const existing = cart.lines.find((l) => l.kind === kind && l.id === id);
  const room = lineCap(every) - (existing?.quantity ?? 0);
  const added = Math.min(wanted, remainingFor(cart, kind, id, catalogue), room);
  if (added <= 0) return { cart, added: 0, reason: room <= 0 && every !== undefined ? "limit" : "out-of-stock" };
  const line = { kind, id, quantity: (existing?.quantity ?? 0) + added, ...(every ? { everyWeeks: every } : {}) };
  const lines = existing ? cart.lines.map((l) => (l === existing ? line : l)) : [...cart.lines, line];
  return { cart: { ...cart, lines }, added, reason: added < wanted ? "limit" : undefined };
}

/**
 * Switches a product line between bought once (`null`) and delivered every `everyWeeks`; a
 * product not offered on subscription stays bought once. A subscribed line holds at most
 * MAX_SUBSCRIBED_QUANTITY.
 */
export function setLineDelivery(
  cart: CartState,
  kind: LineKind,
  id: string,
  everyWeeks: number | null,
  catalogue: CatalogueSnapshot,
): CartState {
  const existing = cart.lines.find((l) => l.kind === kind && l.id === id);
  if (!existing) return cart;
  const every = deliveryOf(kind, id, everyWeeks ?? undefined, catalogue);
  const line = {
    kind: existing.kind,
    id: existing.id,
    quantity: Math.min(existing.quantity, lineCap(every)),
    ...(every ? { everyWeeks: every } : {}),
  };
  return { ...cart, lines: cart.lines.map((l) => (l === existing ? line : l)) };
}

/** Sets a line's quantity; zero or below removes it; above stock (or a subscription's most) is capped. */
export function setLineQuantity(
  cart: CartState,
  kind: LineKind,
  id: string,
  quantity: number,
  catalogue: CatalogueSnapshot,
): CartState {
  const existing = cart.lines.find((l) => l.kind === kind && l.id === id);
  if (!existing) return cart;
  if (!(quantity > 0)) return removeLine(cart, kind, id);
  const others = { ...cart, lines: cart.lines.filter((l) => l !== existing) };
  const cap = Math.min(remainingFor(others, kind, id, catalogue), lineCap(existing.everyWeeks));
  const next = Math.min(Math.floor(quantity), cap);
  if (next <= 0) return removeLine(cart, kind, id);
  return { ...cart, lines: cart.lines.map((l) => (l === existing ? { ...l, quantity: next } : l)) };
}

export function removeLine(cart: CartState, kind: LineKind, id: string): CartState {
  return { ...cart, lines: cart.lines.filter((l) => !(l.kind === kind && l.id === id)) };
}

export type ComboResult = {
  cart: CartState;
  combo: ComboLine | null;
  reason?: ComboProblemReason | "unavailable" | "out-of-stock";
};

/**
 * Creates a custom combo from at least two distinct combo-eligible products, or adds one to an
 * identical combo's quantity. Anything else creates nothing (unknown ids are ignored).
 */
export function addCombo(
  cart: CartState,
  productIds: string[],
  catalogue: CatalogueSnapshot,
  now: Date,
  makeId: () => string = randomComboId,
): ComboResult {
  if (productIds.length < MIN_COMBO_PRODUCTS) return { cart, combo: null, reason: "too-few-products" };
  const priced = priceCombo(productIds, catalogue);
  const problem = comboProblem(priced.products);
  if (problem) return { cart, combo: null, reason: problem.reason };
  if (priced.products.some((p) => !isPurchasable(p, now))) return { cart, combo: null, reason: "unavailable" };
  const ids = priced.products.map((p) => p.id);

  // One more combo must fit in the stock of every component.
  const demand = productDemand(cart, catalogue);
  const perCombo = new Map<string, number>();
  for (const id of ids) perCombo.set(id, (perCombo.get(id) ?? 0) + 1);
  for (const [id, count] of perCombo) {
    const stock = Math.min(productStock(id, catalogue), MAX_LINE_QUANTITY);
    if ((demand.get(id) ?? 0) + count > stock) return { cart, combo: null, reason: "out-of-stock" };
  }

  const key = comboKey(ids);
  const existing = cart.combos.find((c) => comboKey(c.productIds) === key);
  if (existing) {
    const combo = { ...existing, quantity: existing.quantity + 1 };
    return { cart: { ...cart, combos: cart.combos.map((c) => (c === existing ? combo : c)) }, combo };
  }
  const combo: ComboLine = {
    id: `custom-${makeId()}`,
    productIds: ids,
    quantity: 1,
    discount: priced.discount,
    originalTotal: priced.originalTotal,
    price: priced.price,
    weight: priced.weight,
    createdAt: now.toISOString(),
  };
  return { cart: { ...cart, combos: [...cart.combos, combo] }, combo };
}

export function setComboQuantity(
  cart: CartState,
  comboId: string,
  quantity: number,
  catalogue: CatalogueSnapshot,
): CartState {
  const existing = cart.combos.find((c) => c.id === comboId);
  if (!existing) return cart;
  if (!(quantity > 0)) return removeCombo(cart, comboId);
  const others = { ...cart, combos: cart.combos.filter((c) => c !== existing) };
  const demand = productDemand(others, catalogue);
  let cap = Math.floor(quantity);
  const perCombo = new Map<string, number>();
  for (const id of existing.productIds) perCombo.set(id, (perCombo.get(id) ?? 0) + 1);
  for (const [id, count] of perCombo) {
    const stock = Math.min(productStock(id, catalogue), MAX_LINE_QUANTITY);
    cap = Math.min(cap, Math.floor((stock - (demand.get(id) ?? 0)) / count));
  }
  if (cap <= 0) return removeCombo(cart, comboId);
  return { ...cart, combos: cart.combos.map((c) => (c === existing ? { ...c, quantity: cap } : c)) };
}

export function removeCombo(cart: CartState, comboId: string): CartState {
  return { ...cart, combos: cart.combos.filter((c) => c.id !== comboId) };
}

function randomComboId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, "").slice(0, 12);
}

// ---- pricing -------------------------------------------------------------------------------

export interface PricedLine {
  kind: LineKind | "combo";
  id: string;
  title: string;
  quantity: number;
  unitPrice: Cents;
  /**
   * What the line is measured against, per unit: a bundle's contents or a combo's products at
   * today's prices; a product's true reference price (what it sold at before a cut), else its price.
   */
  unitOriginalPrice: Cents;
  /** What `unitOriginalPrice` is, for the words beside it. */
  reference?: "earlier" | "separately";
  total: Cents;
  imageKey: string;
  productIds?: string[];
  productTitles?: string[];
  /** A combo's products' prices, by `productIds`. */
  partPrices?: Cents[];
  /** A bundle's contents, as priced. */
  components?: { productId: string; quantity: number }[];
  discountPercent?: number;
  /** Subscribe & save: how often, and the saving per unit against today's price. */
  subscription?: { everyWeeks: number; savingPercent: number; unitSaving: Cents };
  ships: boolean;
  weight: number;
}

export interface CartQuote {
  lines: PricedLine[];
  subtotal: Cents;
  /**
   * What the cart saves: bundles and combos against the same goods bought as plain lines today,
   * and lowered products against what they sold at before.
   */
  discount: Cents;
  shipping: Cents;
  /** What a discount code took off (decision 043); `total` is already less it. */
  codeDiscount?: Cents;
  total: Cents;
  requiresShipping: boolean;
  itemCount: number;
}

/** A subscribed line's words, wherever it is shown: "Delivered every 4 weeks · you save $3.50 each time". */
export function subscribedLineNote(subscription: NonNullable<PricedLine["subscription"]>, quantity: number): string {
  return `Delivered every ${subscription.everyWeeks} weeks · you save ${formatCents(subscription.unitSaving * quantity)} each time`;
}

/** Shipping is free on every order (the original's estimate is always 0). */
export const SHIPPING_CENTS: Cents = 0;

/** Prices a cart against a catalogue. Unknown ids are skipped (the browser's lenient mode). */
export function priceCart(cart: CartState, catalogue: CatalogueSnapshot): CartQuote {
  const lines: PricedLine[] = [];
  for (const line of cart.lines) {
    if (line.quantity <= 0) continue;
    if (line.kind === "product") {
      const p = catalogue.products.find((x) => x.id === line.id);
      if (!p) continue;
      // Subscribe & save: today's price less the owner's saving, while the product is offered so.
      const percent = line.everyWeeks ? subscriptionSaving(p) : null;
      const subscribed = percent !== null ? subscribedUnitPrice(p.priceCents, percent) : null;
      const unitPrice = subscribed?.unitPrice ?? p.priceCents;
      lines.push({
        kind: "product",
        id: p.id,
        title: p.title,
        quantity: line.quantity,
        unitPrice,
        ...(subscribed && line.everyWeeks
          ? { subscription: { everyWeeks: line.everyWeeks, savingPercent: percent!, unitSaving: subscribed.saving } }
          : {}),
        // Only ever a price it sold at before it was lowered (the catalogue keeps no other).
        unitOriginalPrice: Math.max(p.priceCents, p.originalPriceCents ?? 0),
        ...(p.originalPriceCents !== null && p.originalPriceCents > p.priceCents
          ? { reference: "earlier" as const }
          : {}),
        total: unitPrice * line.quantity,
        imageKey: p.imageKeys[0] ?? p.id,
        ships: needsShipping(p),
        weight: p.weightGrams * line.quantity,
      });
    } else {
      const b = catalogue.bundles.find((x) => x.id === line.id);
      if (!b) continue;
      const byId = new Map(catalogue.products.map((p) => [p.id, p]));
      const included = b.components
        .map((c) => ({ product: byId.get(c.productId), quantity: c.quantity }))
        .filter((c): c is { product: Product; quantity: number } => c.product !== undefined);
      lines.push({
        kind: "bundle",
        id: b.id,
        title: b.name,
        quantity: line.quantity,
        unitPrice: b.priceCents,
        // The same goods as plain lines at today's prices: the only honest "regular" price.
        unitOriginalPrice: b.valueCents,
        reference: "separately",
        total: b.priceCents * line.quantity,
        imageKey: b.imageKey,
        productIds: b.productIds,
        productTitles: included.map((c) => (c.quantity > 1 ? `${c.quantity} × ${c.product.title}` : c.product.title)),
        components: b.components,
        discountPercent: percentOff(b.priceCents, b.valueCents) ?? 0,
        ships: included.some((c) => needsShipping(c.product)),
        weight: included.reduce((s, c) => s + c.product.weightGrams * c.quantity, 0) * line.quantity,
      });
    }
  }
  for (const combo of cart.combos) {
    if (combo.quantity <= 0) continue;
    const priced = priceCombo(combo.productIds, catalogue);
    if (priced.products.length === 0) continue;
    lines.push({
      kind: "combo",
      id: combo.id,
      title: `Custom combo (${priced.products.length} items)`,
      quantity: combo.quantity,
      unitPrice: priced.price,
      unitOriginalPrice: priced.originalTotal,
      reference: "separately",
      total: priced.price * combo.quantity,
      imageKey: priced.products[0]!.imageKeys[0] ?? priced.products[0]!.id,
      productIds: priced.products.map((p) => p.id),
      productTitles: priced.products.map((p) => p.title),
      partPrices: priced.products.map((p) => p.priceCents),
      discountPercent: priced.discount,
      ships: priced.products.some((p) => needsShipping(p)),
      weight: priced.weight * combo.quantity,
    });
  }
  const subtotal = lines.reduce((s, l) => s + l.total, 0);
  const regular = lines.reduce((s, l) => s + l.unitOriginalPrice * l.quantity, 0);
  const requiresShipping = lines.some((l) => l.ships);
  const shipping = SHIPPING_CENTS;
  return {
    lines,
    subtotal,
    discount: regular - subtotal,
    shipping,
    total: subtotal + shipping,
    requiresShipping,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
  };
}

/** True when a priced cart holds living goods (a product marked `livePlant`, alone or in a bundle or combo). */
export function quoteHasLiveGoods(quote: CartQuote, catalogue: CatalogueSnapshot): boolean {
  const live = new Set(
    catalogue.products.filter((p) => p.metadata.livePlant === true && needsShipping(p)).map((p) => p.id),
  );
  return quote.lines.some(
    (line) =>
      (line.kind === "product" && live.has(line.id)) ||
      (line.productIds ?? []).some((id) => live.has(id)) ||
      (line.components ?? []).some((c) => live.has(c.productId)),
  );
}

/** Units of each product a priced cart takes from stock: plain lines, bundle contents, combos. */
export function quoteDemand(quote: Pick<CartQuote, "lines">): Map<string, number> {
  const demand = new Map<string, number>();
  const add = (id: string, q: number) => demand.set(id, (demand.get(id) ?? 0) + q);
  for (const line of quote.lines) {
    if (line.kind === "product") add(line.id, line.quantity);
    else if (line.kind === "bundle")
      for (const c of line.components ?? []) add(c.productId, c.quantity * line.quantity);
    else for (const id of line.productIds ?? []) add(id, line.quantity);
  }
  return demand;
}
