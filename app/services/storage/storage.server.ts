import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Profile photos' bucket: the profile-photo use case writes it, /media serves it, and Better Auth
 * accepts a user image only at a URL inside it.
 */
export const AVATAR_BUCKET = "avatars";

/** Object metadata with the fields of the original product's file storage. */
export interface StorageMetadata {
  bucket: string;
  generation: string;
  metageneration: string;
  fullPath: string;
  name: string;
  size: number;
  timeCreated: string;
  updated: string;
  md5Hash: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  contentType?: string;
  customMetadata?: Record<string, string>;
}

export type StorageErrorCode =
  | "unknown"
  | "object-not-found"
  | "bucket-not-found"
  | "quota-exceeded"
  | "unauthenticated"
  | "unauthorized"
  | "invalid-argument";

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface PutOptions {
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  customMetadata?: Record<string, string>;
}

export interface ObjectStorage {
  put(bucket: string, objectPath: string, bytes: Buffer, options: PutOptions): Promise<StorageMetadata>;
  get(bucket: string, objectPath: string): Promise<{ bytes: Buffer; metadata: StorageMetadata }>;
  head(bucket: string, objectPath: string): Promise<StorageMetadata>;
  delete(bucket: string, objectPath: string): Promise<void>;
}

const SAFE_SEGMENT = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Every adapter calls this before touching disk or network: names stay within one safe alphabet,
 * so a path can never climb out of its bucket and needs no escaping in a file name or an S3 key.
 */
export function checkPath(bucket: string, objectPath: string) {
  if (!SAFE_SEGMENT.test(bucket) || bucket === "." || bucket === "..")
    throw new StorageError("invalid-argument", "Invalid bucket name.");
  const segments = objectPath.split("/");
  if (segments.length > 8 || segments.some((s) => !SAFE_SEGMENT.test(s) || s === "." || s === "..")) {
    throw new StorageError("invalid-argument", "Invalid object path.");
  }
}

/** A new opaque version number for an object write (callers use it to bust caches: `?v=`). */
export function newGeneration(): string {
  return String(Date.now()) + String(crypto.randomInt(100, 999));
}

/** The metadata of an object being written (both adapters): a new generation, creation time carried over from `previous`. */
export function newObjectMetadata(
  bucket: string,
  objectPath: string,
  bytes: Buffer,
  options: PutOptions,
  previous: Pick<StorageMetadata, "timeCreated"> | null,
  now: string,
): StorageMetadata {
  return {
    bucket,
    generation: newGeneration(),
    metageneration: "1",
    fullPath: objectPath,
    name: path.posix.basename(objectPath),
    size: bytes.length,
    timeCreated: previous?.timeCreated ?? now,
    updated: now,
    md5Hash: crypto.createHash("md5").update(bytes).digest("base64"),
    contentType: options.contentType,
    cacheControl: options.cacheControl,
    contentDisposition: options.contentDisposition,
    customMetadata: options.customMetadata,
  };
}

/**
 * Files on local disk under DATA_DIR/storage/<bucket>/<path>, with metadata in a JSON sidecar.
 * Writes go to a temporary file first and are renamed into place, so readers never see half a file.
 */
export function createLocalStorage(root: string): ObjectStorage {
  const fileOf = (bucket: string, objectPath: string) => path.join(root, bucket, ...objectPath.split("/"));
  const metaOf = (file: string) => `${file}.meta.json`;

  async function head(bucket: string, objectPath: string): Promise<StorageMetadata> {
    checkPath(bucket, objectPath);
    try {
      return JSON.parse(await fs.readFile(metaOf(fileOf(bucket, objectPath)), "utf8")) as StorageMetadata;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT")
        throw new StorageError("object-not-found", `No object at ${bucket}/${objectPath}.`);
      throw new StorageError("unknown", "The object could not be read.");
    }
  }

  return {
    async put(bucket, objectPath, bytes, options) {
      checkPath(bucket, objectPath);
      const file = fileOf(bucket, objectPath);
      // Uploads are personal (profile photos): the server's user only, whatever the umask.
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const now = new Date().toISOString();
      const previous = await head(bucket, objectPath).catch(() => null);
      const metadata = newObjectMetadata(bucket, objectPath, bytes, options, previous, now);
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
      await fs.writeFile(tmp, bytes, { mode: 0o600 });
      await fs.rename(tmp, file);
      await fs.writeFile(metaOf(file), JSON.stringify(metadata), { mode: 0o600 });
      return metadata;
    },
    async get(bucket, objectPath) {
      const metadata = await head(bucket, objectPath);
      const bytes = await fs.readFile(fileOf(bucket, objectPath)).catch(() => {
        throw new StorageError("object-not-found", `No object at ${bucket}/${objectPath}.`);
      });
      return { bytes, metadata };
    },
    head,
    async delete(bucket, objectPath) {
      await head(bucket, objectPath);
      const file = fileOf(bucket, objectPath);
      await fs.rm(file, { force: true });
      await fs.rm(metaOf(file), { force: true });
    },
  };
}
