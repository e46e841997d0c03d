import type { ColumnType, Generated } from "kysely";

/** JSON columns are jsonb on PostgreSQL and text on SQLite; models normalise both. */
type Json = ColumnType<unknown, string, string>;
/** Timestamps are timestamptz on PostgreSQL (Date) and ISO text on SQLite (string). */
type Timestamp = ColumnType<Date | string, string | undefined, string>;

export interface ProductTable {
  id: string;
  title: string;
  description: string;
  price_cents: number;
  original_price_cents: number | null;
  category: string;
  quantity: number;
  is_active: ColumnType<number, number | undefined, number>;
  sku: string;
  weight_grams: number;
  supplier: string;
  fulfillment_type: string;
  tags: Json;
  metadata: Json;
  images: Json;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BundleTable {
  id: string;
  name: string;
  description: string;
  discount_percent: number;
  price_cents: number;
  quantity: number;
  is_active: ColumnType<number, number | undefined, number>;
  image: string;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BundleProductTable {
  bundle_id: string;
  product_id: string;
  position: number;
}

export interface StockMovementTable {
  id: Generated<number>;
  item_kind: string;
  item_id: string;
  delta: number;
  reason: string;
  actor: string | null;
  created_at: Timestamp;
}

export interface Database {
  products: ProductTable;
  bundles: BundleTable;
  bundle_products: BundleProductTable;
  stock_movements: StockMovementTable;
}
