import { StorageError, type StorageErrorCode } from "./storage.server";

const BY_NAME: Record<string, StorageErrorCode> = {
  NoSuchKey: "object-not-found",
  NotFound: "object-not-found",
  NoSuchBucket: "bucket-not-found",
  AccessDenied: "unauthorized",
  AllAccessDisabled: "unauthorized",
  InvalidAccessKeyId: "unauthenticated",
  SignatureDoesNotMatch: "unauthenticated",
  ExpiredToken: "unauthenticated",
  InvalidToken: "unauthenticated",
  // The SDK found no credentials at all (no AWS_ACCESS_KEY_ID, no role).
  CredentialsProviderError: "unauthenticated",
  // S3 allows 2 KB of user metadata; more is the caller's mistake, not an outage.
  MetadataTooLarge: "invalid-argument",
};

// Our own words: these messages reach HTTP clients (sendStorageError), and S3's may name our bucket or keys.
const MESSAGES: Record<Exclude<StorageErrorCode, "object-not-found">, string> = {
  "bucket-not-found": "The storage bucket does not exist.",
  unauthorized: "The storage service refused access.",
  unauthenticated: "The storage service did not accept the shop's credentials.",
  "invalid-argument": "The object's metadata is too large.",
  "quota-exceeded": "The storage quota is exceeded.",
  unknown: "The storage service failed.",
};

/** The SDK's HTTP status, when the error came from an S3 answer. */
export function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/**
 * An answer to HEAD has no body and so no S3 error code: a 404 may mean a missing key or a missing
 * bucket, a 403 a refusal or unknown credentials. The SDK then names the error after the status.
 */
export function isWithoutCode(err: unknown): boolean {
  const status = statusOf(err);
  return (status === 403 || status === 404) && !(err as { Code?: string }).Code;
}

export function codeOf(err: unknown): StorageErrorCode {
  const name = (err as { name?: string } | null)?.name ?? "";
  if (name in BY_NAME) return BY_NAME[name]!;
  const status = statusOf(err);
  if (status === 403) return "unauthorized";
  if (status === 404) return "object-not-found";
  return "unknown";
}

export function toStorageError(err: unknown, bucket: string, objectPath: string): StorageError {
  if (err instanceof StorageError) return err;
  const code = codeOf(err);
  return new StorageError(code, code === "object-not-found" ? `No object at ${bucket}/${objectPath}.` : MESSAGES[code]);
}
