import crypto from "node:crypto";
import sharp from "sharp";
import { addProductPhoto, MAX_PRODUCT_IMAGE_BYTES } from "#app/models/catalogue/catalogue-images.server";
import { StorageError, type ObjectStorage } from "#app/services/storage/storage.server";
import type { Config } from "#app/config.server";
import type { Database } from "#database/schema";
import type { Kysely } from "kysely";

/** Generated pictures wait here (original bytes) until the owner attaches one to a product. */
const STUDIO_BUCKET = "studio";

export type ImageApiConfig = NonNullable<Config["imageApi"]>;

export type StudioFailure = "refused" | "timeout" | "malformed" | "unreachable";

/** A provider answer the owner can act on; the message is plain words for the page. */
export class ImageStudioError extends Error {
  constructor(
    readonly kind: StudioFailure,
    message: string,
  ) {
    super(message);
  }
}

interface ProviderAnswer {
  data?: Array<{ b64_json?: unknown; url?: unknown }>;
  error?: { message?: unknown } | string;
}

/**
 * Asks an OpenAI-compatible images API for one picture (POST {url}/images/generations) and checks
 * it is an image sharp can read. The whole exchange, a download of a `url` answer included, has
 * one deadline (IMAGE_API_TIMEOUT_MS).
 */
export async function generateImage(
  api: ImageApiConfig,
  request: { prompt: string; size: string },
  fetchImpl: typeof fetch = fetch,
): Promise<{ bytes: Buffer; width: number; height: number; format: string }> {
  const signal = AbortSignal.timeout(api.timeoutMs);
  const seconds = Math.round(api.timeoutMs / 1000);
  const timedOut = () =>
    new ImageStudioError(
      "timeout",
      `The image service did not answer within ${seconds} seconds. Try again, or raise IMAGE_API_TIMEOUT_MS.`,
    );
  const call = async (url: string, init: RequestInit) => {
    try {
      return await fetchImpl(url, { ...init, signal });
    } catch (err) {
      if (signal.aborted) throw timedOut();
      throw new ImageStudioError(
        "unreachable",
        `The image service at ${new URL(url).host} could not be reached (${(err as Error).message}).`,
      );
    }
  };
  const readBody = async <T>(res: Response, read: (r: Response) => Promise<T>): Promise<T | null> => {
    try {
      return await read(res);
    } catch {
      if (signal.aborted) throw timedOut();
      return null;
    }
  };

  const res = await call(`${api.url}/images/generations`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      ...(api.key ? { Authorization: `Bearer ${api.key}` } : {}),
    },
    body: JSON.stringify({
      model: api.model,
      prompt: request.prompt,
      n: 1,
      size: request.size,
      response_format: "b64_json",
    }),
  });
  const answer = await readBody(res, (r) => r.json() as Promise<ProviderAnswer>);
  if (!res.ok) {
    const said = typeof answer?.error === "string" ? answer.error : answer?.error?.message;
    const reason = typeof said === "string" && said.trim() ? said.trim().slice(0, 300) : `HTTP ${res.status}`;
    if (res.status >= 400 && res.status < 500)
      throw new ImageStudioError("refused", `The image service refused this request: ${reason}`);
    throw new ImageStudioError("unreachable", `The image service had a problem (${reason}). Try again in a minute.`);
  }

  const first = answer?.data?.[0];
  let bytes: Buffer | null = null;
  if (typeof first?.b64_json === "string") bytes = Buffer.from(first.b64_json, "base64");
  else if (typeof first?.url === "string" && /^https?:\/\//.test(first.url)) {
    const download = await call(first.url, { method: "GET" });
    if (!download.ok)
      throw new ImageStudioError("unreachable", `The picture could not be downloaded (HTTP ${download.status}).`);
    const body = await readBody(download, (r) => r.arrayBuffer());
    bytes = body ? Buffer.from(body) : null;
  }
  if (!bytes || bytes.length === 0)
    throw new ImageStudioError("malformed", "The image service answered without a picture. Try again.");
  if (bytes.length > MAX_PRODUCT_IMAGE_BYTES)
    throw new ImageStudioError("malformed", "The picture is larger than 10 MB, more than the shop accepts.");
  const meta = await sharp(bytes, { limitInputPixels: 60_000_000 })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !meta.width || !meta.height || !["jpeg", "png", "webp", "avif", "heif"].includes(meta.format))
    throw new ImageStudioError(
      "malformed",
      "The image service sent something that is not a picture the shop can read. Try again, or check IMAGE_MODEL.",
    );
  // Decoding every pixel, not just the header, catches a truncated file before it is kept.
  const decodes = await sharp(bytes, { limitInputPixels: 60_000_000 })
    .stats()
    .then(() => true)
    .catch(() => false);
  if (!decodes)
    throw new ImageStudioError(
      "malformed",
      "The picture the image service sent is damaged and cannot be opened. Try again.",
    );
  return { bytes, width: meta.width, height: meta.height, format: meta.format };
}

/**
 * Generates a picture and keeps it for attaching: the original in storage, and a small WebP
 * preview (a data: URL) for the page.
 */
export async function createStudioImage(
  api: ImageApiConfig,
  storage: ObjectStorage,
  request: { prompt: string; size: string },
  fetchImpl?: typeof fetch,
) {
  const image = await generateImage(api, request, fetchImpl);
  const key = `studio-${crypto.randomBytes(8).toString("hex")}`;
  await storage.put(STUDIO_BUCKET, key, image.bytes, {
    contentType: `image/${image.format}`,
    customMetadata: { prompt: request.prompt.slice(0, 200) },
  });
  return {
    key,
    prompt: request.prompt,
    width: image.width,
    height: image.height,
    preview: await previewOf(image.bytes),
  };
}

/** A small WebP of a picture for the page, as a data: URL (allowed by the CSP's img-src). */
async function previewOf(bytes: Buffer): Promise<string> {
  const preview = await sharp(bytes).resize(640, 640, { fit: "inside" }).webp({ quality: 75 }).toBuffer();
  return `data:image/webp;base64,${preview.toString("base64")}`;
}

/**
 * Adds a generated picture to a product as a draft photo through the product-photo pipeline (sharp
 * variants, decision 021): the storefront does not change until the owner publishes it in the catalogue.
 */
export async function attachStudioImage(
  db: Kysely<Database>,
  storage: ObjectStorage,
  key: string,
  productId: string,
  now: Date,
) {
  const stored = await storage.get(STUDIO_BUCKET, key).catch((err: unknown) => {
    if (err instanceof StorageError && err.code === "object-not-found") return null;
    throw err;
  });
  if (!stored) return "no-image" as const;
  const added = await addProductPhoto(db, storage, productId, stored.bytes, now);
  if (!added) return "no-product" as const;
  // The picture stays on the page after a plain form post, to add it to another product too.
  const meta = await sharp(stored.bytes).metadata();
  return {
    key: added.key,
    image: {
      key,
      prompt: stored.metadata.customMetadata?.prompt ?? "",
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      preview: await previewOf(stored.bytes),
    },
  };
}

/** Products a picture can be added to, by title. */
export async function productChoices(db: Kysely<Database>) {
  return db.selectFrom("products").select(["id", "title"]).orderBy("title").execute();
}
