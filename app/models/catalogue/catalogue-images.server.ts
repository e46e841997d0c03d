import crypto from "node:crypto";
import sharp from "sharp";
import { IMAGE_FORMATS, IMAGE_WIDTHS } from "#app/domain/images";
import { StorageError } from "#app/services/storage/storage.server";
import { toIso } from "#database/values";
import { invalidateCatalogueSnapshot } from "./catalogue-snapshot.server";
import type { PhotoChange } from "#app/domain/catalogue";
import type { ObjectStorage } from "#app/services/storage/storage.server";
import type { Database } from "#database/schema";
import type { Kysely, Transaction } from "kysely";

export const CATALOG_BUCKET = "catalog";
export const MAX_PRODUCT_IMAGE_BYTES = 10 * 1024 * 1024;
/** Photos a product may hold, drafts included (the storefront gallery shows the published ones). */
export const MAX_PRODUCT_PHOTOS = 12;
/** How long a removed photo can be put back; after it the removal is final and its files go. */
export const PHOTO_UNDO_MS = 30 * 60 * 1000;

export type PhotoStatus = "draft" | "published";

/** A product photo as the back office shows it (decision 021). */
export interface ProductPhoto {
  id: string;
  productId: string;
  key: string;
  status: PhotoStatus;
  /** 0-based place in the product's strip, drafts and published photos together. */
  position: number;
  /** Set while the removal can be undone. */
  removedAt: string | null;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Checks an upload by content and renders it, cropped square, into the same AVIF/WebP widths
 * as the built-in artwork. Returns the new image key.
 */
async function renderVariants(storage: ObjectStorage, productId: string, bytes: Buffer): Promise<string> {
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
  return key;
}

/**
 * Products whose images predate the photo list (or were written by the seed) get their images
 * as published photos, in order, the first time the list is read: nothing on the storefront moves.
 */
async function adoptImages(db: Db, productIds: string[]) {
  if (productIds.length === 0) return;
  const withPhotos = new Set(
    (
      await db
        .selectFrom("product_photos")
        .select("product_id")
        .distinct()
        .where("product_id", "in", productIds)
        .execute()
    ).map((r) => r.product_id),
  );
  const missing = productIds.filter((id) => !withPhotos.has(id));
  if (missing.length === 0) return;
  const products = await db.selectFrom("products").select(["id", "images"]).where("id", "in", missing).execute();
  const now = new Date().toISOString();
  const rows = products.flatMap((p) =>
    imageKeysOf(p.images).map((key, position) => ({
      // The migration's ids: two requests adopting at once insert the same rows, and the second
      // one's are ignored instead of doubling the strip.
      id: `${p.id}-p${position}`,
      product_id: p.id,
      image_key: key,
      status: "published" as const,
      position,
      created_at: now,
    })),
  );
  if (rows.length > 0)
    await db
      .insertInto("product_photos")
      .values(rows)
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
}

function imageKeysOf(images: unknown): string[] {
  let value = images;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value.filter((k): k is string => typeof k === "string") : [];
}

function toPhoto(row: {
  id: string;
  product_id: string;
  image_key: string;
  status: string;
  position: number;
  removed_at: Date | string | null;
}): ProductPhoto {
  return {
    id: row.id,
    productId: row.product_id,
    key: row.image_key,
    status: row.status === "published" ? "published" : "draft",
    position: row.position,
    removedAt: toIso(row.removed_at),
  };
}

/** Every product's photos in strip order, removed ones (still restorable) included, by product id. */
export async function listProductPhotos(db: Kysely<Database>, productIds: string[]) {
  await adoptImages(db, productIds);
  const rows =
    productIds.length === 0
      ? []
      : await db
          .selectFrom("product_photos")
          .selectAll()
          .where("product_id", "in", productIds)
          .orderBy("product_id")
          .orderBy("position")
          .orderBy("created_at")
          .execute();
  const byProduct = new Map<string, ProductPhoto[]>(productIds.map((id) => [id, []]));
  for (const row of rows) byProduct.get(row.product_id)?.push(toPhoto(row));
  return byProduct;
}

/** The storefront's list: the published photos in strip order, written where every page reads it. */
async function publishList(trx: Db, productId: string, now: Date) {
  const published = await trx
    .selectFrom("product_photos")
    .select("image_key")
    .where("product_id", "=", productId)
    .where("status", "=", "published")
    .where("removed_at", "is", null)
    .orderBy("position")
    .execute();
  await trx
    .updateTable("products")
    .set({ images: JSON.stringify(published.map((p) => p.image_key)), updated_at: now.toISOString() })
    .where("id", "=", productId)
    .execute();
}

async function productExists(db: Db, productId: string) {
  return Boolean(await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst());
}

async function activePhotos(db: Db, productId: string) {
  return db
    .selectFrom("product_photos")
    .select(["id", "position"])
    .where("product_id", "=", productId)
    .where("removed_at", "is", null)
    .orderBy("position")
    .orderBy("created_at")
    .execute();
}

/**
 * A new photo at the end of the product's strip, as a draft: the storefront does not show it
 * until the owner publishes it. Null when the product does not exist.
 */
export async function addProductPhoto(
  db: Kysely<Database>,
  storage: ObjectStorage,
  productId: string,
  bytes: Buffer,
  now: Date,
): Promise<ProductPhoto | null> {
  if (!(await productExists(db, productId))) return null;
  await adoptImages(db, [productId]);
  if ((await activePhotos(db, productId)).length >= MAX_PRODUCT_PHOTOS)
    throw new StorageError(
      "quota-exceeded",
      `A product can have at most ${MAX_PRODUCT_PHOTOS} photos: remove one before adding another.`,
    );
  const key = await renderVariants(storage, productId, bytes);
  const photo = await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("product_photos")
      .select((eb) => eb.fn.max("position").as("last"))
      .where("product_id", "=", productId)
      .executeTakeFirst();
    const row = {
      id: crypto.randomUUID(),
      product_id: productId,
      image_key: key,
      status: "draft" as const,
      position: Number(last?.last ?? -1) + 1,
      removed_at: null,
      created_at: now.toISOString(),
    };
    await trx.insertInto("product_photos").values(row).execute();
    return toPhoto(row);
  });
  return photo;
}

/** What a change did, in words for the owner (and for the live region that announces it). */
export type PhotoChangeResult =
  | { ok: true; message: string; photo: ProductPhoto }
  | { ok: false; reason: "not-found" | "out-of-range"; message: string };

/**
 * One change to one photo of one product, in a transaction: the photo must belong to the
 * product (an id from another product is "not found"), positions are renumbered 0..n-1 and the
 * storefront's list is rewritten from the published photos.
 */
export async function changeProductPhoto(
  db: Kysely<Database>,
  productId: string,
  photoId: string,
  change: PhotoChange,
  now: Date,
): Promise<PhotoChangeResult> {
  await adoptImages(db, [productId]);
  const result = await db.transaction().execute(async (trx): Promise<PhotoChangeResult> => {
    const row = await trx
      .selectFrom("product_photos")
      .selectAll()
      .where("id", "=", photoId)
      .where("product_id", "=", productId)
      .executeTakeFirst();
    const removed = row?.removed_at !== null && row?.removed_at !== undefined;
    if (!row || removed !== (change.op === "restore"))
      return { ok: false, reason: "not-found", message: "This photo is no longer here: the page shows the latest." };

    const order = (await activePhotos(trx, productId)).map((p) => p.id);
    let status = row.status;
    let message: string;
    const place = (to: number) => {
      const from = order.indexOf(photoId);
      if (from >= 0) order.splice(from, 1);
      order.splice(to, 0, photoId);
    };
    switch (change.op) {
      case "publish":
        status = "published";
        message = "Photo shown in the shop.";
        break;
      case "hide":
        status = "draft";
        message = "Photo hidden from the shop; it stays here as a draft.";
        break;
      case "main":
        status = "published";
        place(0);
        message = "Photo is now the main photo in the shop.";
        break;
      case "up":
      case "down":
      case "move": {
        const from = order.indexOf(photoId);
        const to = change.op === "move" ? change.position : from + (change.op === "up" ? -1 : 1);
        if (to < 0 || to >= order.length)
          return {
            ok: false,
            reason: "out-of-range",
            message: order.length === 1 ? "This is the only photo." : `Choose a place from 1 to ${order.length}.`,
          };
        place(to);
        message = `Photo moved to place ${to + 1} of ${order.length}.`;
        break;
      }
      case "remove":
        await trx
          .updateTable("product_photos")
          .set({ removed_at: now.toISOString() })
          .where("id", "=", photoId)
          .execute();
        order.splice(order.indexOf(photoId), 1);
        message = "Photo removed.";
        break;
      case "restore":
        place(Math.min(row.position, order.length));
        await trx.updateTable("product_photos").set({ removed_at: null }).where("id", "=", photoId).execute();
        message = "Photo put back.";
        break;
    }
    if (status !== row.status)
      await trx.updateTable("product_photos").set({ status }).where("id", "=", photoId).execute();
    for (const [position, id] of order.entries())
      await trx.updateTable("product_photos").set({ position }).where("id", "=", id).execute();
    await publishList(trx, productId, now);
    const updated = await trx
      .selectFrom("product_photos")
      .selectAll()
      .where("id", "=", photoId)
      .executeTakeFirstOrThrow();
    return { ok: true, message, photo: toPhoto(updated) };
  });
  if (result.ok) invalidateCatalogueSnapshot(db);
  return result;
}

/**
 * Removals older than the undo window become final: the rows go, and so do the stored
 * variants of keys nothing else uses (built-in artwork is not in storage: nothing to delete).
 * Returns the keys whose files were deleted.
 */
export async function finalizeRemovedPhotos(db: Kysely<Database>, storage: ObjectStorage, now: Date) {
  const cutoff = new Date(now.getTime() - PHOTO_UNDO_MS).toISOString();
  const due = await db
    .selectFrom("product_photos")
    .select(["id", "image_key"])
    .where("removed_at", "is not", null)
    .where("removed_at", "<=", cutoff)
    .execute();
  if (due.length === 0) return [];
  await db
    .deleteFrom("product_photos")
    .where(
      "id",
      "in",
      due.map((d) => d.id),
    )
    .execute();
  const keys = [...new Set(due.map((d) => d.image_key))];
  const [stillPhotos, bundleImages] = await Promise.all([
    db.selectFrom("product_photos").select("image_key").where("image_key", "in", keys).execute(),
    db.selectFrom("bundles").select("image").where("image", "in", keys).execute(),
  ]);
  const inUse = new Set([...stillPhotos.map((r) => r.image_key), ...bundleImages.map((r) => r.image)]);
  const deleted: string[] = [];
  for (const key of keys.filter((k) => !inUse.has(k))) {
    for (const width of IMAGE_WIDTHS)
      for (const format of IMAGE_FORMATS)
        await storage.delete(CATALOG_BUCKET, `${key}-${width}.${format}`).catch((err: unknown) => {
          if (!(err instanceof StorageError && err.code === "object-not-found")) throw err;
        });
    deleted.push(key);
  }
  return deleted;
}
