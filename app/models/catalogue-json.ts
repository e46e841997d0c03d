import { isPurchasable } from "~/domain/availability";
import { catalogImageDefault } from "~/domain/images";
import { centsToDollars } from "~/domain/money";
import type { Bundle, Product } from "~/domain/catalogue";

/** The product shape of the HTTP contract (DESIGN.md): money as decimal dollars. */
export function productJson(product: Product, now: Date) {
  return {
    id: product.id,
    title: product.title,
    description: product.description,
    price: centsToDollars(product.priceCents),
    originalPrice: product.originalPriceCents === null ? null : centsToDollars(product.originalPriceCents),
    images: product.imageKeys.map(catalogImageDefault),
    category: product.category,
    inStock: isPurchasable(product, now),
    quantity: product.quantity,
    sku: product.sku,
    weight: product.weightGrams,
    supplier: product.supplier,
    fulfillmentType: product.fulfillmentType,
    tags: product.tags,
    metadata: product.metadata,
  };
}

export function bundleJson(bundle: Bundle, now: Date) {
  return {
    id: bundle.id,
    name: bundle.name,
    description: bundle.description,
    products: bundle.productIds,
    discount: bundle.discountPercent,
    price: centsToDollars(bundle.priceCents),
    image: catalogImageDefault(bundle.imageKey),
    inStock: isPurchasable(bundle, now),
    quantity: bundle.quantity,
  };
}
