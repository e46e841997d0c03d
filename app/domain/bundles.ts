/**
 * Bundles are kits: catalogue products with quantities. They have no stock or discount of their
 * own; both follow from their contents at the moment they are read (decision 012).
 */
import type { Bundle, BundleComponent, BundleRecord, Product } from "./catalogue";
import type { Cents } from "./money";

/** The deepest a bundle (or any cart line) may cut below its goods bought as plain lines. */
const MAX_SAVING_PERCENT = 30;

type Stocked = Pick<Product, "id" | "quantity" | "active">;
type Priced = Pick<Product, "id" | "priceCents">;

/** How many whole kits the components' stock makes: the smallest over the components. */
export function kitQuantity(components: BundleComponent[], products: ReadonlyMap<string, Stocked>): number {
  if (components.length === 0) return 0;
  let kits = Number.POSITIVE_INFINITY;
  for (const c of components) {
    const p = products.get(c.productId);
    if (!p || !p.active || c.quantity <= 0) return 0;
    kits = Math.min(kits, Math.floor(p.quantity / c.quantity));
  }
  return Math.max(0, kits);
}

/** The component that runs out first (what limits the bundle), or null for an empty kit. */
export function limitingComponent(
  components: BundleComponent[],
  products: ReadonlyMap<string, Stocked>,
): BundleComponent | null {
  let best: { component: BundleComponent; kits: number } | null = null;
  for (const c of components) {
    const p = products.get(c.productId);
    const kits = p && p.active && c.quantity > 0 ? Math.floor(p.quantity / c.quantity) : 0;
    if (!best || kits < best.kits) best = { component: c, kits };
  }
  return best?.component ?? null;
}

/** The contents at the prices the shop charges today. */
function contentsValue(components: BundleComponent[], products: ReadonlyMap<string, Priced>): Cents {
  return components.reduce((sum, c) => sum + (products.get(c.productId)?.priceCents ?? 0) * c.quantity, 0);
}

/**
 * What a bundle costs today: the owner's list price, kept within [70 %, 100 %] of its contents at
 * today's prices. A product price changed after the bundle was priced can never make the bundle
 * dearer than its contents, nor a deeper cut than any combo.
 */
export function chargedBundlePrice(listPriceCents: Cents, valueCents: Cents): Cents {
  const floor = Math.ceil((valueCents * (100 - MAX_SAVING_PERCENT)) / 100);
  return Math.min(valueCents, Math.max(listPriceCents, floor));
}

/** Builds the bundles pages and carts use from stored records and the products as they are now. */
export function assembleBundles(records: BundleRecord[], products: Product[]): Bundle[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  return records.map((record) => {
    const valueCents = contentsValue(record.components, byId);
    return {
      ...record,
      productIds: [...new Set(record.components.map((c) => c.productId))],
      listPriceCents: record.priceCents,
      priceCents: chargedBundlePrice(record.priceCents, valueCents),
      valueCents,
      quantity: kitQuantity(record.components, byId),
    };
  });
}
