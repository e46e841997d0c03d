import path from "node:path";
import type { StorageMetadata } from "./storage.server";
import type { HeadObjectCommandOutput } from "@aws-sdk/client-s3";

/**
 * Our fields that S3 has no header for travel as x-amz-meta-* user metadata. S3 lowercases
 * user-metadata names and only carries ASCII values reliably, so the names are lowercase and
 * the caller's custom metadata (case-sensitive keys, any Unicode) goes as one URI-encoded JSON value.
 */
const META = {
  generation: "generation",
  timeCreated: "time-created",
  updated: "updated",
  md5Hash: "md5",
  custom: "custom",
} as const;

export function toUserMetadata(metadata: StorageMetadata): Record<string, string> {
  const out: Record<string, string> = {
    [META.generation]: metadata.generation,
    [META.timeCreated]: metadata.timeCreated,
    [META.updated]: metadata.updated,
    [META.md5Hash]: metadata.md5Hash,
  };
  if (metadata.customMetadata) out[META.custom] = encodeURIComponent(JSON.stringify(metadata.customMetadata));
  return out;
}

/** The headers S3 answers with on both GetObject and HeadObject. */
export type ObjectHeaders = Pick<
  HeadObjectCommandOutput,
  | "ContentLength"
  | "ContentType"
  | "CacheControl"
  | "ContentDisposition"
  | "ContentEncoding"
  | "ContentLanguage"
  | "ETag"
  | "LastModified"
  | "Metadata"
>;

/**
 * Rebuilds our metadata from an S3 answer. Objects written by other tools (a bulk upload, a
 * migration) lack our user metadata, so each of our fields falls back to what S3 itself knows.
 */
export function fromObjectHeaders(bucket: string, objectPath: string, headers: ObjectHeaders): StorageMetadata {
  const meta = headers.Metadata ?? {};
  const modified = headers.LastModified ?? new Date(0);
  const metadata: StorageMetadata = {
    bucket,
    generation: meta[META.generation] ?? String(modified.getTime()),
    metageneration: "1",
    fullPath: objectPath,
    name: path.posix.basename(objectPath),
    size: headers.ContentLength ?? 0,
    timeCreated: meta[META.timeCreated] ?? modified.toISOString(),
    updated: meta[META.updated] ?? modified.toISOString(),
    md5Hash: meta[META.md5Hash] ?? md5FromEtag(headers.ETag),
    contentType: headers.ContentType,
    cacheControl: headers.CacheControl,
    contentDisposition: headers.ContentDisposition,
    customMetadata: decodeCustom(meta[META.custom]),
  };
  if (headers.ContentEncoding) metadata.contentEncoding = headers.ContentEncoding;
  if (headers.ContentLanguage) metadata.contentLanguage = headers.ContentLanguage;
  return metadata;
}

/** A single-part upload's ETag is the hex MD5 of the bytes; multipart and KMS-encrypted ETags are not, so they give "". */
function md5FromEtag(etag: string | undefined): string {
  const hex = etag?.replace(/"/g, "");
  return hex && /^[0-9a-f]{32}$/i.test(hex) ? Buffer.from(hex, "hex").toString("base64") : "";
}

function decodeCustom(value: string | undefined): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(value));
    if (
      parsed &&
      typeof parsed === "object" &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every((v) => typeof v === "string")
    ) {
      return parsed as Record<string, string>;
    }
  } catch {
    // Someone else's value under our name: not ours to interpret.
  }
  return undefined;
}
