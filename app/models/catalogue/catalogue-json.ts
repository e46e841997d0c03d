import { isPurchasable } from "#app/domain/availability";
import { catalogImageDefault } from "#app/domain/images";
import { centsToDollars, percentOff } from "#app/domain/money";
import type { Bundle, Product } from "#app/domain/catalogue";

/** The product shape of the HTTP contract (docs/architecture.md): money as decimal dollars. */
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
    /** The kit: each product with how many of it the bundle holds. */
    contents: bundle.components.map((c) => ({ id: c.productId, quantity: c.quantity })),
    /** Percent saved against the contents at today's prices (0 when none): computed, never stored. */
    discount: percentOff(bundle.priceCents, bundle.valueCents) ?? 0,
    price: centsToDollars(bundle.priceCents),
    value: centsToDollars(bundle.valueCents),
    image: catalogImageDefault(bundle.imageKey),
    inStock: isPurchasable(bundle, now),
    quantity: bundle.quantity,
  };
}
