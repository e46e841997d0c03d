import { isPurchasable, stockState, type StockState } from "~/domain/availability";
import type { Bundle, Product } from "~/domain/catalogue";

/** What pages receive: the catalogue item plus its state at the server's "now". */
export interface ProductView extends Product {
  stock: StockState;
  purchasable: boolean;
}

export interface BundleView extends Bundle {
  stock: StockState;
  purchasable: boolean;
  /** Titles of the included products, in bundle order. */
  productTitles: string[];
  /** Sum of the included products' regular prices, for "value" display. */
  valueCents: number;
}

export function productView(product: Product, now: Date): ProductView {
  return { ...product, stock: stockState(product, now), purchasable: isPurchasable(product, now) };
}

export function bundleView(bundle: Bundle, products: Product[], now: Date): BundleView {
  const byId = new Map(products.map((p) => [p.id, p]));
  const included = bundle.productIds.map((id) => byId.get(id)).filter((p): p is Product => Boolean(p));
  return {
    ...bundle,
    stock: stockState(bundle, now),
    purchasable: isPurchasable(bundle, now),
    productTitles: included.map((p) => p.title),
    valueCents: included.reduce((sum, p) => sum + (p.originalPriceCents ?? p.priceCents), 0),
  };
}
