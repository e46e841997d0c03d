import crypto from "node:crypto";
import sharp from "sharp";
import { IMAGE_FORMATS, IMAGE_WIDTHS } from "~/domain/images";
import { StorageError } from "~/services/storage/storage.server";
import { invalidateCatalogueSnapshot } from "./catalogue-snapshot.server";
import { getProduct } from "./catalogue.server";
import type { Database } from "../../database/schema";
import type { Kysely } from "kysely";
import type { ObjectStorage } from "~/services/storage/storage.server";

export const CATALOG_BUCKET = "catalog";
export const MAX_PRODUCT_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * A new product photo: checked by content, cropped square and rendered by sharp into the same
 * AVIF/WebP widths as the built-in artwork, stored, and put first in the product's gallery
 * (or, with `main: false`, after its photos: the image studio's pictures wait there).
 */
export async function addProductImage(
  db: Kysely<Database>,
  storage: ObjectStorage,
  productId: string,
  bytes: Buffer,
  options: { main?: boolean } = {},
): Promise<{ key: string } | null> {
  const product = await getProduct(db, productId);
  if (!product) return null;
  if (options.main === false && product.imageKeys.length >= 8)
    throw new StorageError("quota-exceeded", "This product has 8 photos already: remove one in the catalogue first.");
  if (bytes.length === 0) throw new StorageError("invalid-argument", "The upload is empty.");
  if (bytes.length > MAX_PRODUCT_IMAGE_BYTES) throw new StorageError("quota-exceeded", "Images can be at most 10 MB.");
  const meta = await sharp(bytes, { limitInputPixels: 60_000_000 })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !["jpeg", "png", "webp", "avif", "heif"].includes(meta.format)) {
    throw new StorageError("invalid-argument", "Use a JPEG, PNG, WebP or AVIF image.");
  }
  const key = `${productId}-u${crypto.randomBytes(4).toString("hex")}`;
  const base = sharp(bytes, { limitInputPixels: 60_000_000 }).rotate();
  for (const width of IMAGE_WIDTHS) {
    for (const format of IMAGE_FORMATS) {
      const resized = base.clone().resize(width, width, { fit: "cover" });
      const out =
        format === "avif"
          ? await resized.avif({ quality: 55, effort: 4 }).toBuffer()
          : await resized.webp({ quality: 80 }).toBuffer();
      await storage.put(CATALOG_BUCKET, `${key}-${width}.${format}`, out, {
        contentType: `image/${format}`,
        cacheControl: "public, max-age=31536000, immutable",
        customMetadata: { productId },
      });
    }
  }
  await db
    .updateTable("products")
    .set({
      images: JSON.stringify(
        (options.main === false ? [...product.imageKeys, key] : [key, ...product.imageKeys]).slice(0, 8),
      ),
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", productId)
    .execute();
  invalidateCatalogueSnapshot(db);
  return { key };
}
