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
  savings?: number;
  isLimitedTime?: boolean;
  bundleValue?: number;
  chaetoSize?: string;
  kingsFeastSize?: string;
  coralFoodSize?: string;
  productType?: string;
  comboEligible?: boolean;
  comboDiscount?: number;
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
}

/** A catalogue product as the server and the pages use it (money in cents). */
export interface Product {
  id: string;
  title: string;
  description: string;
  priceCents: Cents;
  originalPriceCents: Cents | null;
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
}

export interface Bundle {
  id: string;
  name: string;
  description: string;
  productIds: string[];
  discountPercent: number;
  priceCents: Cents;
  imageKey: string;
  quantity: number;
  active: boolean;
}

export const LOW_STOCK_THRESHOLD = 10;
