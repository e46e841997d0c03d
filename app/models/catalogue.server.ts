import { CATEGORIES, type Bundle, type Category, type Product, type ProductMetadata } from "~/domain/catalogue";
import { parseJson } from "./db-values";
import type { Database, BundleTable, ProductTable } from "../../database/schema";
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
    originalPriceCents: row.original_price_cents,
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
  };
}

function toBundle(row: Selectable<BundleTable>, productIds: string[]): Bundle {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    productIds,
    discountPercent: row.discount_percent,
    priceCents: row.price_cents,
    imageKey: row.image,
    quantity: row.quantity,
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

export async function listBundles(db: Kysely<Database>): Promise<Bundle[]> {
  const [rows, links] = await Promise.all([
    db.selectFrom("bundles").selectAll().orderBy("position").orderBy("id").execute(),
    db.selectFrom("bundle_products").selectAll().orderBy("bundle_id").orderBy("position").execute(),
  ]);
  const byBundle = new Map<string, string[]>();
  for (const link of links) {
    const list = byBundle.get(link.bundle_id) ?? [];
    list.push(link.product_id);
    byBundle.set(link.bundle_id, list);
  }
  return rows.map((row) => toBundle(row, byBundle.get(row.id) ?? []));
}

export async function getBundle(db: Kysely<Database>, id: string): Promise<Bundle | null> {
  const row = await db.selectFrom("bundles").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const links = await db
    .selectFrom("bundle_products")
    .select("product_id")
    .where("bundle_id", "=", id)
    .orderBy("position")
    .execute();
  return toBundle(
    row,
    links.map((l) => l.product_id),
  );
}

export async function getProductsByIds(db: Kysely<Database>, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("products").selectAll().where("id", "in", ids).execute();
  return rows.map(toProduct);
}
