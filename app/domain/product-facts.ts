import { needsShipping } from "./availability";
import type { Product } from "./catalogue";

export interface ProductFact {
  label: string;
  value: string;
}

const INCLUDES: Array<[keyof Product["metadata"], string]> = [
  ["includesCoralFood", "Coral food"],
  ["includesSupplements", "Reef supplements"],
  ["includesCareGuide", "Printed care guide"],
  ["includesFeedingGuide", "Feeding guide"],
  ["includesLighting", "Refugium LED light"],
  ["includesSubstrate", "Refugium substrate"],
];

/** Facts a shopper looks for, derived from catalogue metadata so the admin edits one place. */
export function productFacts(product: Product): ProductFact[] {
  const m = product.metadata;
  const facts: ProductFact[] = [];
  if (m.chaetoSize) facts.push({ label: "Chaeto portion", value: m.chaetoSize });
  if (m.coralFoodSize) facts.push({ label: "Coral food", value: m.coralFoodSize });
  if (m.kingsFeastSize) facts.push({ label: "Kings Feast size", value: m.kingsFeastSize });
  if (m.careLevel) facts.push({ label: "Care level", value: m.careLevel });
  if (m.tankSize) facts.push({ label: "Tank size", value: m.tankSize });
  if (m.livePlant) facts.push({ label: "Live goods", value: "Live macroalgae, arrive-alive guarantee" });

  const included = INCLUDES.filter(([key]) => m[key] === true).map(([, label]) => label);
  if (included.length > 0) facts.push({ label: "What's included", value: included.join(", ") });

  if (!needsShipping(product)) {
    facts.push({ label: "Shipping", value: "Digital item, nothing to ship" });
  } else if (m.shippingMethod) {
    facts.push({ label: "Shipping", value: `Free ${m.shippingMethod} shipping` });
  } else {
    facts.push({ label: "Shipping", value: "Free standard shipping" });
  }
  if (product.weightGrams > 0) facts.push({ label: "Shipping weight", value: `${product.weightGrams} g` });
  facts.push({ label: "SKU", value: product.sku });
  return facts;
}
