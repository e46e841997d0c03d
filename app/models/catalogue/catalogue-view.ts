import { isPurchasable, stockState, type StockState } from "#app/domain/availability";
import { limitingComponent } from "#app/domain/bundles";
import { percentOff } from "#app/domain/money";
import type { Bundle, Product } from "#app/domain/catalogue";

/** What pages receive: the catalogue item plus its state at the server's "now". */
export interface ProductView extends Product {
  stock: StockState;
  purchasable: boolean;
}

interface BundleContentView {
  productId: string;
  title: string;
  quantity: number;
  /** Today's price of one unit. */
  unitPriceCents: number;
}

export interface BundleView extends Bundle {
  stock: StockState;
  purchasable: boolean;
  /** Titles of the included products, in bundle order, with their quantity when above one. */
  productTitles: string[];
  contents: BundleContentView[];
  /** The saving against the contents at today's prices, computed now; null when there is none. */
  savingPercent: number | null;
  /** The product whose stock runs out first. */
  limitedBy: string | null;
}

export function productView(product: Product, now: Date): ProductView {
  return { ...product, stock: stockState(product, now), purchasable: isPurchasable(product, now) };
}

export function bundleView(bundle: Bundle, products: Product[], now: Date): BundleView {
  const byId = new Map(products.map((p) => [p.id, p]));
  const contents = bundle.components.flatMap((c) => {
    const p = byId.get(c.productId);
    return p ? [{ productId: p.id, title: p.title, quantity: c.quantity, unitPriceCents: p.priceCents }] : [];
  });
  const limiting = limitingComponent(bundle.components, byId);
  return {
    ...bundle,
    stock: stockState(bundle, now),
    purchasable: isPurchasable(bundle, now),
    productTitles: contents.map((c) => (c.quantity > 1 ? `${c.quantity} × ${c.title}` : c.title)),
    contents,
    savingPercent: percentOff(bundle.priceCents, bundle.valueCents),
    limitedBy: limiting ? (byId.get(limiting.productId)?.title ?? limiting.productId) : null,
  };
}
