import { LOW_STOCK_THRESHOLD } from "./catalogue";
import type { Bundle, Product } from "./catalogue";

/**
 * `validUntil` is a calendar date ("2024-10-31"); the offer holds through the whole of that
 * day in UTC, so it ends at the next midnight UTC. A full ISO timestamp is honoured as is.
 */
export function offerEndsAt(validUntil: string): Date | null {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(validUntil);
  const end = dateOnly ? new Date(`${validUntil}T00:00:00.000Z`) : new Date(validUntil);
  if (Number.isNaN(end.getTime())) return null;
  if (dateOnly) end.setUTCDate(end.getUTCDate() + 1);
  return end;
}

export function isOfferExpired(product: Pick<Product, "metadata">, now: Date): boolean {
  const validUntil = product.metadata.validUntil;
  if (!validUntil) return false;
  const end = offerEndsAt(validUntil);
  return end !== null && now.getTime() >= end.getTime();
}

/**
 * Whether an item belongs in the shop window (home, listings, "you might also like", sitemap):
 * on sale, and not an offer past its `validUntil`. Its own URL still answers, saying it ended.
 */
export function inShopWindow(item: { active: boolean } & Partial<Pick<Product, "metadata">>, now: Date): boolean {
  return item.active && !(item.metadata && isOfferExpired({ metadata: item.metadata }, now));
}

/** What replaced an ended offer: the buyable product most like it (tags in common over tags in all). */
export function offerReplacement(ended: Product, products: Product[], now: Date): Product | null {
  let best: { product: Product; likeness: number } | null = null;
  for (const p of products) {
    if (p.id === ended.id || !isPurchasable(p, now) || p.fulfillmentType === "digital") continue;
    const shared = p.tags.filter((t) => ended.tags.includes(t)).length;
    const likeness = shared / new Set([...p.tags, ...ended.tags]).size;
    if (!best || likeness > best.likeness) best = { product: p, likeness };
  }
  return best?.product ?? null;
}

export type StockState =
  /** `digital`: nothing ships (the tip): the badge says so rather than "In stock". */
  | { kind: "in-stock"; quantity: number; digital?: true }
  | { kind: "low-stock"; quantity: number }
  | { kind: "out-of-stock" }
  | { kind: "offer-ended" }
  | { kind: "unavailable" };

type Stocked = { quantity: number; active: boolean };

export function stockState(
  item: Stocked & Partial<Pick<Product, "metadata" | "fulfillmentType">>,
  now: Date,
): StockState {
  if (item.metadata && isOfferExpired({ metadata: item.metadata }, now)) return { kind: "offer-ended" };
  if (!item.active) return { kind: "unavailable" };
  if (item.quantity <= 0) return { kind: "out-of-stock" };
  if (item.fulfillmentType === "digital") return { kind: "in-stock", quantity: item.quantity, digital: true };
  if (item.quantity < LOW_STOCK_THRESHOLD) return { kind: "low-stock", quantity: item.quantity };
  return { kind: "in-stock", quantity: item.quantity };
}

export function isPurchasable(item: Product | Bundle, now: Date): boolean {
  const state = stockState(item, now);
  return state.kind === "in-stock" || state.kind === "low-stock";
}

export function stockLabel(state: StockState): string {
  switch (state.kind) {
    case "in-stock":
      return state.digital ? "Digital, nothing to ship" : "In stock";
    case "low-stock":
      return `Only ${state.quantity} left`;
    case "out-of-stock":
      return "Out of stock";
    case "offer-ended":
      return "Offer ended";
    case "unavailable":
      return "Currently unavailable";
  }
}

/** Whether an item ships: digital goods (the tip) never do. */
export function needsShipping(product: Pick<Product, "fulfillmentType" | "metadata">): boolean {
  return product.fulfillmentType !== "digital" && product.metadata.noShipping !== true;
}
