/**
 * The coral-food reorder reminder's rules (issue 37, decision 048). Pure: the worker reads the
 * customer's paid orders, the catalogue and the consenting tanks; these say which food each order
 * bought, when it runs out at the label dose (reef-calculators' `coralFoodRunOut`), which
 * purchase is still the current one, and whether its one reminder is due.
 */
import { isUuid } from "./ids";
import { coralFoodRunOut } from "./reef-calculators";
import { gallonsFrom, type VolumeUnit } from "./reef-units";
import type { CartItem } from "./cart-items";
import type { CatalogueSnapshot } from "./cart-state";
import type { ProductMetadata } from "./catalogue";

const DAY_MS = 86_400_000;
/** The reminder goes this many days before the predicted empty day. */
export const REORDER_LEAD_DAYS = 7;
/** How long a reminder's reorder link works after it was sent. */
export const REORDER_LINK_DAYS = 30;

/** A product's coral food as its label gives it (product data; every key must be there). */
export interface CoralFood {
  /** Names the food across products: a combo and a kit holding the same jar are the same food. */
  id: string;
  name: string;
  /** Contents of one unit of the product, in `unit` (the label's dose is in the same unit). */
  amount: number;
  unit: string;
  /** The label's dose per feeding per 100 US gallons of water, in `unit`. */
  dosePer100Gal: number;
  /** The feedings a week the label suggests. */
  feedsPerWeek: number;
}

export function coralFoodOf(metadata: ProductMetadata): CoralFood | null {
  const m = metadata;
  const positive = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n) && n > 0;
  if (
    typeof m.coralFoodId !== "string" ||
    !m.coralFoodId ||
    typeof m.coralFoodName !== "string" ||
    typeof m.coralFoodUnit !== "string" ||
    !positive(m.coralFoodAmount) ||
    !positive(m.coralFoodDosePer100Gal) ||
    !positive(m.coralFoodFeedsPerWeek)
  )
    return null;
  return {
    id: m.coralFoodId,
    name: m.coralFoodName,
    amount: m.coralFoodAmount,
    unit: m.coralFoodUnit,
    dosePer100Gal: m.coralFoodDosePer100Gal,
    feedsPerWeek: m.coralFoodFeedsPerWeek,
  };
}

/** An order line as the worker reads it. */
export interface BoughtLine {
  kind: string;
  itemId: string | null;
  productIds: string[];
  quantity: number;
}

export interface PaidOrder {
  id: string;
  /** When the food reached the reefer: the delivery day when known, else when it was paid. */
  receivedAt: Date;
  lines: BoughtLine[];
}

/** The coral food one order bought, summed over its lines: what a reminder is about. */
export interface FoodPurchase {
  orderId: string;
  food: CoralFood;
  receivedAt: Date;
  /** Total contents bought, in `food.unit`. */
  amount: number;
  /** What a reorder puts in the cart: the food-holding products, as many as were bought. */
  items: { productId: string; quantity: number }[];
}

/** Every coral food each order bought, whether as a product, inside a bundle or in a combo. */
export function foodPurchases(orders: readonly PaidOrder[], catalogue: CatalogueSnapshot): FoodPurchase[] {
  const foods = new Map<string, CoralFood>();
  for (const p of catalogue.products) {
    const food = coralFoodOf(p.metadata);
    if (food) foods.set(p.id, food);
  }
  const bundles = new Map(catalogue.bundles.map((b) => [b.id, b]));
  const out: FoodPurchase[] = [];
  for (const order of orders) {
    const byFood = new Map<string, FoodPurchase>();
    const add = (productId: string, quantity: number) => {
      const food = foods.get(productId);
      if (!food || quantity <= 0) return;
      const purchase = byFood.get(food.id) ?? {
        orderId: order.id,
        food,
        receivedAt: order.receivedAt,
        amount: 0,
        items: [],
      };
      purchase.amount += food.amount * quantity;
      const item = purchase.items.find((i) => i.productId === productId);
      if (item) item.quantity += quantity;
      else purchase.items.push({ productId, quantity });
      byFood.set(food.id, purchase);
    };
    for (const line of order.lines) {
      if (line.kind === "product" && line.itemId) add(line.itemId, line.quantity);
      else if (line.kind === "bundle" && line.itemId)
        for (const c of bundles.get(line.itemId)?.components ?? []) add(c.productId, c.quantity * line.quantity);
      else if (line.kind === "combo") for (const id of line.productIds) add(id, line.quantity);
    }
    out.push(...byFood.values());
  }
  return out;
}

/**
 * The purchases still worth a reminder: the latest of each food. A later order of the same food
 * replaced the earlier jar's prediction (the reefer re-bought it), so the earlier one gets none.
 */
export function currentPurchases(purchases: readonly FoodPurchase[]): FoodPurchase[] {
  const latest = new Map<string, FoodPurchase>();
  for (const p of purchases) {
    const held = latest.get(p.food.id);
    if (
      !held ||
      p.receivedAt.getTime() > held.receivedAt.getTime() ||
      (p.receivedAt.getTime() === held.receivedAt.getTime() && p.orderId > held.orderId)
    )
      latest.set(p.food.id, p);
  }
  return [...latest.values()];
}

export interface TankVolume {
  id: string;
  displayVolume: number;
  sumpVolume: number | null;
  volumeUnit: VolumeUnit;
}

/** The water the food is dosed for: display and sump together, in the tank's unit. */
export function systemVolume(tank: TankVolume): number {
  return tank.displayVolume + (tank.sumpVolume ?? 0);
}

/**
 * Of the tanks whose reefer asked for the reminder, the one the food runs out soonest in: the
 * most water. A shop cannot know which tank a jar feeds; an early reminder costs less than a late one.
 */
export function feedingTank(tanks: readonly TankVolume[]): TankVolume | null {
  let best: TankVolume | null = null;
  for (const t of tanks)
    if (!best || gallonsFrom(systemVolume(t), t.volumeUnit) > gallonsFrom(systemVolume(best), best.volumeUnit))
      best = t;
  return best;
}

export interface ReorderPrediction {
  purchase: FoodPurchase;
  tank: TankVolume;
  /** The day the next feeding finds the food gone (UTC midnight-aligned to the received time). */
  runOutOn: Date;
  /** REORDER_LEAD_DAYS before runOutOn. */
  dueAt: Date;
  weeks: number;
}

/** When the purchase runs out in the tank at the label dose, or null when the calculator refuses the figures. */
export function predictRunOut(purchase: FoodPurchase, tank: TankVolume): ReorderPrediction | null {
  // The calculator's formula holds for any unit shared by contents and dose: grams here.
  const outcome = coralFoodRunOut({
    bottleMl: purchase.amount,
    dosePerFeedingMlPer100Gal: purchase.food.dosePer100Gal,
    feedsPerWeek: purchase.food.feedsPerWeek,
    volume: systemVolume(tank),
    volumeUnit: tank.volumeUnit,
    openedOn: purchase.receivedAt,
  });
  if (outcome.kind !== "ok") return null;
  const runOutOn = outcome.value.emptyOn;
  return {
    purchase,
    tank,
    runOutOn,
    dueAt: new Date(runOutOn.getTime() - REORDER_LEAD_DAYS * DAY_MS),
    weeks: outcome.value.weeks,
  };
}

export type ReorderDecision = { kind: "wait" } | { kind: "send" } | { kind: "late" };

/**
 * A reminder goes from its due time until the predicted empty day; before, it waits; after, it
 * would tell the reefer what they already know, so none goes (a worker down for days sends the
 * ones still ahead of their empty day on its first pass).
 */
export function reorderDecision(prediction: Pick<ReorderPrediction, "dueAt" | "runOutOn">, now: Date): ReorderDecision {
  if (now.getTime() < prediction.dueAt.getTime()) return { kind: "wait" };
  if (now.getTime() >= prediction.runOutOn.getTime()) return { kind: "late" };
  return { kind: "send" };
}

/** The predictions whose one reminder is due now: current purchases only, in the feeding tank. */
export function dueReorders(
  orders: readonly PaidOrder[],
  catalogue: CatalogueSnapshot,
  tanks: readonly TankVolume[],
  now: Date,
): ReorderPrediction[] {
  const tank = feedingTank(tanks);
  if (!tank) return [];
  return currentPurchases(foodPurchases(orders, catalogue))
    .map((p) => predictRunOut(p, tank))
    .filter((p): p is ReorderPrediction => p !== null && reorderDecision(p, now).kind === "send");
}

/** "Nov 20": how the mail names a day (UTC, as the prediction counts days). */
export const shortDate = (d: Date) =>
  new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", timeZone: "UTC" }).format(d);
const figure = (n: number) => String(Math.round(n * 10) / 10);

/** The prediction's basis in plain words, labelled a rule of thumb. */
export function predictionBasis(p: ReorderPrediction): string {
  const { food } = p.purchase;
  const size = `${figure(p.purchase.amount)} ${food.unit}`;
  return (
    `At the label dose (${figure(food.dosePer100Gal)} ${food.unit} per 100 gal a feeding) for a ` +
    `${figure(systemVolume(p.tank))} ${p.tank.volumeUnit} tank, ${figure(food.feedsPerWeek)} feeds a week, ` +
    `your ${size} of ${food.name} received on ${shortDate(p.purchase.receivedAt)} runs out about ` +
    `${shortDate(p.runOutOn)}. That is a rule of thumb: feed more or less and it moves.`
  );
}

/** The reorder's cart items: the same food-holding products and quantities. */
export function reorderItems(items: readonly { productId: string; quantity: number }[]): CartItem[] {
  return items.map((i) => ({ kind: "product", id: i.productId, quantity: i.quantity }));
}

/** What a reorder link signs: its purpose, the reminder and when the link stops working. */
export const REORDER_RESTORE_PURPOSE = "reorder-restore";
/** What a reorder unsubscribe link signs: the account, for this kind of mail only. */
export const REORDER_UNSUBSCRIBE_PURPOSE = "reorder-reminder-unsubscribe";

/** A reorder link's query read from outside, or null when it cannot be one we made (checked before any signature or query). */
export function parseReorderLink(params: {
  reorder?: unknown;
  until?: unknown;
  sig?: unknown;
}): { reminderId: string; until: number; sig: string } | null {
  const { reorder, until, sig } = params;
  if (!isUuid(reorder) || typeof sig !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
  if (typeof until !== "string" || !/^\d{1,15}$/.test(until)) return null;
  return { reminderId: reorder, until: Number(until), sig };
}
