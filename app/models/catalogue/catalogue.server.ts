import { assembleBundles } from "#app/domain/bundles";
import {
  CATEGORIES,
  type Bundle,
  type BundleComponent,
  type BundleRecord,
  type Category,
  type Product,
  type ProductMetadata,
} from "#app/domain/catalogue";
import { parseJson, toIso } from "#database/values";
import type { Database, BundleTable, ProductTable } from "#database/schema";
import type { Kysely, Selectable } from "kysely";

function toCategory(value: string): Category {
  return (CATEGORIES as readonly string[]).includes(value) ? (value as Category) : "special";
}

function toProduct(row: Selectable<ProductTable>): Product {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    priceCents: row.price_cents,
    // Only a cut from a price it sold at sets one (admin-catalogue.server.ts): never above the price.
    originalPriceCents:
      row.original_price_cents !== null && row.original_price_cents > row.price_cents ? row.original_price_cents : null,
    priceSince: toIso(row.price_since),
    imageKeys: parseJson<string[]>(row.images, []),
    category: toCategory(row.category),
    quantity: row.quantity,
    active: Boolean(row.is_active),
    sku: row.sku,
    weightGrams: row.weight_grams,
    supplier: row.supplier,
    fulfillmentType: row.fulfillment_type === "digital" ? "digital" : "manual",
    tags: parseJson<string[]>(row.tags, []),
    metadata: parseJson<ProductMetadata>(row.metadata, {}),
    subscribeSavingPercent: row.subscribe_saving_percent ?? null,
  };
}

function toBundleRecord(row: Selectable<BundleTable>, components: BundleComponent[]): BundleRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    components,
    priceCents: row.price_cents,
    imageKey: row.image,
    active: Boolean(row.is_active),
  };
}

export async function listProducts(db: Kysely<Database>): Promise<Product[]> {
  const rows = await db.selectFrom("products").selectAll().orderBy("position").orderBy("id").execute();
  return rows.map(toProduct);
}

export async function getProduct(db: Kysely<Database>, id: string): Promise<Product | null> {
  const row = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toProduct(row) : null;
}

async function readBundleRecords(db: Kysely<Database>, id?: string): Promise<BundleRecord[]> {
  let rowsQuery = db.selectFrom("bundles").selectAll();
  let linksQuery = db.selectFrom("bundle_products").selectAll();
  if (id !== undefined) {
    rowsQuery = rowsQuery.where("id", "=", id);
    linksQuery = linksQuery.where("bundle_id", "=", id);
  }
  const [rows, links] = await Promise.all([
    rowsQuery.orderBy("position").orderBy("id").execute(),
    linksQuery.orderBy("bundle_id").orderBy("position").execute(),
  ]);
  const byBundle = new Map<string, BundleComponent[]>();
  for (const link of links) {
    const list = byBundle.get(link.bundle_id) ?? [];
    list.push({ productId: link.product_id, quantity: link.quantity });
    byBundle.set(link.bundle_id, list);
  }
  return rows.map((row) => toBundleRecord(row, byBundle.get(row.id) ?? []));
}

/**
 * Bundles with their stock and price worked out from their contents. `products`: the whole
 * product list (inactive ones too) when the caller has just read it.
 */
export async function listBundles(db: Kysely<Database>, products?: Product[]): Promise<Bundle[]> {
  const [records, all] = await Promise.all([readBundleRecords(db), products ?? listProducts(db)]);
  return assembleBundles(records, all);
}

export async function getBundle(db: Kysely<Database>, id: string, products?: Product[]): Promise<Bundle | null> {
  const [records, all] = await Promise.all([readBundleRecords(db, id), products ?? listProducts(db)]);
  return assembleBundles(records, all)[0] ?? null;
}

export async function getProductsByIds(db: Kysely<Database>, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("products").selectAll().where("id", "in", ids).execute();
  return rows.map(toProduct);
}
