import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { codeOf, isWithoutCode, statusOf, toStorageError } from "./s3-errors.server";
import { fromObjectHeaders, toUserMetadata } from "./s3-metadata.server";
import { checkPath, newObjectMetadata, type ObjectStorage, type StorageMetadata } from "./storage.server";
import type { S3StorageConfig } from "./storage-url.server";

/**
 * An S3 client for the configured bucket. Credentials are deliberately not an input: the SDK's
 * default chain finds them (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a role…), so they never pass
 * through our configuration or logs. Tests pass `overrides` (their own credentials, fewer retries).
 */
export function createS3Client(config: S3StorageConfig, overrides: Partial<S3ClientConfig> = {}): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    // A bucket in another region than configured still answers (after a redirect) instead of failing every upload.
    followRegionRedirects: true,
    // An unreachable or stalled store fails an upload within seconds instead of holding the customer's request
    // open: 3 s to connect, 20 s without a byte, 60 s in all (the SDK only warns on that one unless told to throw).
    requestHandler: {
      connectionTimeout: 3_000,
      socketTimeout: 20_000,
      requestTimeout: 60_000,
      throwOnRequestTimeout: true,
    },
    ...overrides,
  });
}

export interface S3StorageOptions {
  client: S3Client;
  /** The one real bucket of the shop. */
  bucket: string;
  /** "" or a key prefix ending in "/", so several shops (or staging) can share a bucket. */
  prefix?: string;
  /** Where failures other than a missing object are reported (SDK details stay out of StorageError). */
  logger?: { warn(details: object, message: string): void };
}

/**
 * ObjectStorage on one S3 bucket: the interface's logical bucket becomes the first key segment,
 * `<prefix><logicalBucket>/<objectPath>`. Behaves like the local adapter, including
 * object-not-found from `delete` of a missing object and timeCreated kept across overwrites.
 */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const { client, bucket: Bucket, prefix = "", logger } = options;
  const keyOf = (bucket: string, objectPath: string) => `${prefix}${bucket}/${objectPath}`;

  function fail(err: unknown, operation: string, bucket: string, objectPath: string): never {
    const error = toStorageError(err, bucket, objectPath);
    if (error.code !== "object-not-found") {
      const { name, message } = (err ?? {}) as Partial<Error>;
      logger?.warn(
        { operation, key: keyOf(bucket, objectPath), error: name, status: statusOf(err), detail: message },
        "object storage request failed",
      );
    }
    throw error;
  }

  async function getObject(bucket: string, objectPath: string): Promise<GetObjectCommandOutput> {
    return client.send(new GetObjectCommand({ Bucket, Key: keyOf(bucket, objectPath) }));
  }

  /**
   * HeadObject, with S3's reason on failure. A HEAD answer has no body and so no error code (a 404
   * may be a missing key or a missing bucket, a 403 a refusal or unknown credentials): such a
   * failure is asked again as GET, whose error answer says which. Only misses pay for it.
   */
  async function headWithReason(bucket: string, objectPath: string): Promise<StorageMetadata> {
    try {
      return fromObjectHeaders(
        bucket,
        objectPath,
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(bucket, objectPath) })),
      );
    } catch (err) {
      if (!isWithoutCode(err)) throw err;
      const answer = await getObject(bucket, objectPath);
      // The object appeared in between: its headers are all we wanted.
      (answer.Body as { destroy?: () => void } | undefined)?.destroy?.();
      return fromObjectHeaders(bucket, objectPath, answer);
    }
  }

  async function head(bucket: string, objectPath: string): Promise<StorageMetadata> {
    checkPath(bucket, objectPath);
    try {
      return await headWithReason(bucket, objectPath);
    } catch (err) {
      fail(err, "head", bucket, objectPath);
    }
  }

  /** The object's current metadata before an overwrite, or null; any other failure stops the write. */
  async function previousOf(bucket: string, objectPath: string): Promise<StorageMetadata | null> {
    try {
      return await headWithReason(bucket, objectPath);
    } catch (err) {
      if (codeOf(err) === "object-not-found") return null;
      fail(err, "put", bucket, objectPath);
    }
  }

  return {
    async put(bucket, objectPath, bytes, putOptions) {
      checkPath(bucket, objectPath);
      // S3 has no "created" time that survives an overwrite, so we carry it forward ourselves (one HEAD per write).
      // Two first writes racing may both set it: the later one wins, as with the local adapter.
      const previous = await previousOf(bucket, objectPath);
      const now = new Date().toISOString();
      const metadata = newObjectMetadata(bucket, objectPath, bytes, putOptions, previous, now);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: keyOf(bucket, objectPath),
            Body: bytes,
            ContentLength: bytes.length,
            // S3 rejects the write if the bytes it received hash differently: the md5Hash we report is the stored one.
            ContentMD5: metadata.md5Hash,
            ContentType: putOptions.contentType,
            CacheControl: putOptions.cacheControl,
            ContentDisposition: putOptions.contentDisposition,
            Metadata: toUserMetadata(metadata),
          }),
        );
      } catch (err) {
        fail(err, "put", bucket, objectPath);
      }
      return metadata;
    },

    async get(bucket, objectPath) {
      checkPath(bucket, objectPath);
      try {
        const answer = await getObject(bucket, objectPath);
        const body = (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
        return {
          bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
          metadata: fromObjectHeaders(bucket, objectPath, answer),
        };
      } catch (err) {
        fail(err, "get", bucket, objectPath);
      }
    },

    head,

    async delete(bucket, objectPath) {
      // S3 answers 204 for a missing key; the local adapter (and callers) expect object-not-found.
      await head(bucket, objectPath);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(bucket, objectPath) }));
      } catch (err) {
        fail(err, "delete", bucket, objectPath);
      }
    },
  };
}
