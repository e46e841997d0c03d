import type { Cents } from "./money";

export const CATEGORIES = ["special", "macroalgae", "bundle", "kit", "combo", "tip"] as const;
export type Category = (typeof CATEGORIES)[number];

export type FulfillmentType = "manual" | "digital";

/** Metadata keys of the original catalogue; all optional, values as the spec names them. */
export interface ProductMetadata {
  specialOffer?: boolean;
  validUntil?: string;
  includesFreeShipping?: boolean;
  shippingMethod?: string;
  noShipping?: boolean;
  isLimitedTime?: boolean;
  chaetoSize?: string;
  kingsFeastSize?: string;
  coralFoodSize?: string;
  productType?: string;
  comboEligible?: boolean;
  livePlant?: boolean;
  tankSize?: string;
  careLevel?: string;
  includesSupplements?: boolean;
  includesCareGuide?: boolean;
  includesLighting?: boolean;
  includesSubstrate?: boolean;
  includesCoralFood?: boolean;
  includesFeedingGuide?: boolean;
  isTip?: boolean;
  isDigital?: boolean;
  serviceType?: string;
  message?: string;
  marketplaceItemId?: string;
  /**
   * The coral food a product holds, as its label gives it (decision 048): which food (the same id
   * across products holding the same jar), its name, one unit's contents and the unit, the
   * label's dose per feeding per 100 US gallons in that unit, and the feedings a week it suggests.
   */
  coralFoodId?: string;
  coralFoodName?: string;
  coralFoodAmount?: number;
  coralFoodUnit?: string;
  coralFoodDosePer100Gal?: number;
  coralFoodFeedsPerWeek?: number;
}

/** A catalogue product as the server and the pages use it (money in cents). */
export interface Product {
  id: string;
  title: string;
  description: string;
  priceCents: Cents;
  /**
   * A true reference price: what the product sold at before its price was lowered (the lowest
   * of the 30 days before the cut, app/domain/reference-price.ts), or null.
   */
  originalPriceCents: Cents | null;
  /** When the current price started (ISO), or null when it predates the price record. */
  priceSince?: string | null;
  /** Image keys; `images/catalog/<key>-<width>.<format>` variants exist for each. */
  imageKeys: string[];
  category: Category;
  quantity: number;
  active: boolean;
  sku: string;
  weightGrams: number;
  supplier: string;
  fulfillmentType: FulfillmentType;
  tags: string[];
  metadata: ProductMetadata;
  /** Subscribe & save: the saving in whole percent, or null/absent when not offered (decision 049). */
  subscribeSavingPercent?: number | null;
}

export interface BundleComponent {
  productId: string;
  quantity: number;
}

/** A bundle as stored: a kit of products at the owner's list price. */
export interface BundleRecord {
  id: string;
  name: string;
  description: string;
  components: BundleComponent[];
  /** The owner's list price. */
  priceCents: Cents;
  imageKey: string;
  active: boolean;
}

/** A bundle as pages and carts use it, derived from its record and today's products (domain/bundles.ts). */
export interface Bundle extends BundleRecord {
  /** Distinct products in the kit, in bundle order. */
  productIds: string[];
  listPriceCents: Cents;
  /** What it costs today: the list price within [70 %, 100 %] of the contents' value. */
  priceCents: Cents;
  /** The contents at the prices charged today. */
  valueCents: Cents;
  /** Whole kits the components' stock makes; bundles hold no stock of their own. */
  quantity: number;
}

export const LOW_STOCK_THRESHOLD = 10;

/** How the shop names each category to a shopper. */
const CATEGORY_LABELS: Record<string, string> = {
  special: "Limited special",
  macroalgae: "Live macroalgae",
  bundle: "Care bundle",
  kit: "Kit",
  combo: "Combo",
  tip: "Digital tip",
};

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? category;
}

/** An owner's edit of a product or bundle, in the shop's units (cents); what is absent stays as it is. */
export interface CatalogueUpdate {
  title?: string;
  description?: string;
  /** A new price; lowering it from one the product sold at gives it a true "was" price. */
  priceCents?: number;
  /** A new stock level; it needs a stockReason. */
  quantity?: number;
  /**
   * The stock level the person saw when they typed the new one: if orders or another edit changed
   * it since, nothing is saved (`StockChangedMeanwhile`), rather than overwriting what happened.
   */
  expectedQuantity?: number;
  stockReason?: string;
  active?: boolean;
  tags?: string[];
  /** null removes the offer's end date. */
  validUntil?: string | null;
  /** Replaces the product's metadata (keys of the original catalogue: chaetoSize, careLevel, …). */
  metadata?: Record<string, string | number | boolean>;
  /** Offered on subscription at this saving in whole percent (1–50); null: not offered (decision 049). */
  subscribeSavingPercent?: number | null;
}

/** What the owner can do to one photo; `move` takes the new 0-based position. */
export type PhotoChange =
  { op: "publish" | "hide" | "main" | "up" | "down" | "remove" | "restore" } | { op: "move"; position: number };
