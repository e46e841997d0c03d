import "./zod-setup";
import { z } from "zod";
import { isOfferExpired, isPurchasable } from "./availability";
import {
  comboKey,
  comboProblem,
  MAX_LINE_QUANTITY,
  productDemand,
  type CartState,
  type CatalogueSnapshot,
  type ComboProblem,
  type ComboProblemReason,
} from "./cart";
import { EveryWeeksSchema, MAX_SUBSCRIBED_QUANTITY, subscriptionSaving } from "./subscriptions";

/** Cart items as the HTTP contract carries them (quote and checkout). */
const IdSchema = z.string().trim().min(1).max(100);
const QuantitySchema = z.number().int().min(1).max(MAX_LINE_QUANTITY);

export const CartItemSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("product"),
    id: IdSchema,
    quantity: QuantitySchema,
    /** Subscribe & save: deliver this product every N weeks (a subscribable product only). */
    subscribeEveryWeeks: EveryWeeksSchema.optional(),
  }),
  z.object({ kind: z.literal("bundle"), id: IdSchema, quantity: QuantitySchema }),
  z.object({
    kind: z.literal("combo"),
    productIds: z
      .array(IdSchema)
      .min(2, "A custom combo needs at least two different products")
      .max(10, "A custom combo holds at most 10 products"),
    quantity: QuantitySchema,
  }),
]);
export const CartItemsSchema = z.array(CartItemSchema).min(1, "The cart is empty").max(50);
export type CartItem = z.infer<typeof CartItemSchema>;

export interface CartItemProblem {
  reason:
    | "unknown-item"
    | "offer-expired"
    | "unavailable"
    | "out-of-stock"
    | "quantity-limit"
    | "not-subscribable"
    | `combo-${ComboProblemReason}`;
  message: string;
}

/**
 * Turns contract items into a cart, strictly: unknown ids, combos that break the combo rule,
 * ended offers, inactive items and quantities above stock (summed per product over lines,
 * combos and bundle contents) are refused. `maxUnitsPerProduct` caps the units of one product
 * in one order, over the same sum: repeated lines must not add up past what one order may hold.
 */
export function cartFromItems(
  items: CartItem[],
  catalogue: CatalogueSnapshot,
  now: Date,
  limits: { maxUnitsPerProduct?: number } = {},
): { cart: CartState } | { problem: CartItemProblem } {
  const products = new Map(catalogue.products.map((p) => [p.id, p]));
  const bundles = new Map(catalogue.bundles.map((b) => [b.id, b]));
  const cart: CartState = { lines: [], combos: [] };

  for (const item of items) {
    if (item.kind === "combo") {
      for (const id of item.productIds) {
        const product = products.get(id);
        if (!product) return { problem: { reason: "unknown-item", message: `Unknown product "${id}" in a combo.` } };
      }
      // The combo rule before stock: a refused combo is refused whatever is in stock.
      const combo = comboProblem(item.productIds.map((id) => products.get(id)!));
      if (combo) return { problem: { reason: `combo-${combo.reason}`, message: comboMessage(combo) } };
      for (const id of item.productIds) {
        const product = products.get(id)!;
        const refusal = refuse(product.title, isOfferExpired(product, now), isPurchasable(product, now));
        if (refusal) return { problem: refusal };
      }
      const key = comboKey(item.productIds);
      const same = cart.combos.find((c) => comboKey(c.productIds) === key);
      if (same) same.quantity += item.quantity;
      else
        cart.combos.push({
          id: `custom-${cart.combos.length + 1}`,
          productIds: item.productIds,
          quantity: item.quantity,
          discount: 0,
          originalTotal: 0,
          price: 0,
          weight: 0,
          createdAt: now.toISOString(),
        });
      continue;
    }
    const entry = item.kind === "product" ? products.get(item.id) : bundles.get(item.id);
    if (!entry) return { problem: { reason: "unknown-item", message: `Unknown ${item.kind} "${item.id}".` } };
    const title = "title" in entry ? entry.title : entry.name;
    const refusal = refuse(title, "metadata" in entry && isOfferExpired(entry, now), isPurchasable(entry, now));
    if (refusal) return { problem: refusal };
    const everyWeeks = item.kind === "product" ? item.subscribeEveryWeeks : undefined;
    if (everyWeeks !== undefined && !("metadata" in entry && subscriptionSaving(entry) !== null))
      return {
        problem: {
          reason: "not-subscribable",
          message: `${title} can't be delivered on a schedule: buy it once instead.`,
        },
      };
    const same = cart.lines.find((l) => l.kind === item.kind && l.id === item.id && l.everyWeeks === everyWeeks);
    if (same) same.quantity += item.quantity;
    else
      cart.lines.push({ kind: item.kind, id: item.id, quantity: item.quantity, ...(everyWeeks ? { everyWeeks } : {}) });
    if (everyWeeks !== undefined && (same?.quantity ?? item.quantity) > MAX_SUBSCRIBED_QUANTITY)
      return {
        problem: {
          reason: "quantity-limit",
          message: `A subscription delivers at most ${MAX_SUBSCRIBED_QUANTITY} of ${title} each time.`,
        },
      };
  }

  const demand = productDemand(cart, catalogue);
  const max = limits.maxUnitsPerProduct;
  if (max !== undefined)
    for (const [id, units] of demand) {
      if (units <= max) continue;
      const product = products.get(id)!;
      return {
        problem: {
          reason: "quantity-limit",
          message: `One order can take at most ${max} of ${product.title} (this cart has ${units}, counting combos and bundle contents). Lower the quantity, or contact us for a larger order.`,
        },
      };
    }
  for (const [id, units] of demand) {
    const product = products.get(id)!;
    if (units <= product.quantity) continue;
    // Name what the shopper asked for: a bundle whose contents ran short, or the product itself.
    const viaBundle = cart.lines.some((l) => l.kind === "product" && l.id === id)
      ? undefined
      : cart.lines
          .map((l) => (l.kind === "bundle" ? bundles.get(l.id) : undefined))
          .find((b) => b?.productIds.includes(id));
    return {
      problem: {
        reason: "out-of-stock",
        message: viaBundle
          ? `Only ${viaBundle.quantity} of ${viaBundle.name} left in stock: ${product.title} is running out.`
          : `Only ${product.quantity} of ${product.title} left in stock.`,
      },
    };
  }
  return { cart };
}

/** The combo rule's refusal in words a shopper understands. */
function comboMessage(problem: ComboProblem): string {
  switch (problem.reason) {
    case "duplicate-product":
      return `${problem.title} is in this combo more than once. A combo holds each product once: raise the combo's quantity instead.`;
    case "not-eligible":
      return `${problem.title} can't be part of a custom combo.`;
    case "too-few-products":
      return "A custom combo needs at least two different products.";
  }
}

function refuse(title: string, expired: boolean, purchasable: boolean): CartItemProblem | null {
  if (expired) return { reason: "offer-expired", message: `The offer "${title}" has ended.` };
  if (!purchasable) return { reason: "out-of-stock", message: `${title} is out of stock.` };
  return null;
}
