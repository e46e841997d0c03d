import sharp from "sharp";
import { AVATAR_BUCKET, StorageError, type StorageMetadata } from "#app/services/storage/storage.server";
import type { AppServices } from "#app/services/container";

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "gif", "heif"]);

/**
 * Checks an uploaded photo by its content (not its name or declared type), squares and resizes
 * it to 256 px WebP, stores it and points the user's image at it.
 */
export async function saveProfilePhoto(
  services: AppServices,
  userId: string,
  bytes: Buffer,
): Promise<{ url: string; metadata: StorageMetadata }> {
  if (bytes.length === 0) throw new StorageError("invalid-argument", "The upload is empty.");
  if (bytes.length > MAX_PHOTO_BYTES) throw new StorageError("quota-exceeded", "Photos can be at most 5 MB.");
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw new StorageError("invalid-argument", "That file is not an image we can read. Use JPEG, PNG, WebP or AVIF.");
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new StorageError("invalid-argument", "Use a JPEG, PNG, WebP or AVIF image.");
  const resized = await sharp(bytes, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(256, 256, { fit: "cover" })
    .webp({ quality: 82 })
    .toBuffer();
  const objectPath = `${userId}/avatar.webp`;
  const metadata = await services.storage.put(AVATAR_BUCKET, objectPath, resized, {
    contentType: "image/webp",
    cacheControl: "private, max-age=86400",
    customMetadata: { userId, originalFormat: format },
  });
  const url = `/media/${AVATAR_BUCKET}/${objectPath}?v=${metadata.generation}`;
  const ctx = await services.auth.$context;
  await ctx.internalAdapter.updateUser(userId, { image: url });
  return { url, metadata };
}
