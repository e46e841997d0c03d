/** Where uploads live: files under DATA_DIR (one machine) or one S3 bucket shared by every instance. */
export type StorageConfig = { kind: "local"; directory: string } | S3StorageConfig;

export interface S3StorageConfig {
  kind: "s3";
  bucket: string;
  /** "" or segments ending in "/"; every key of the shop starts with it. */
  prefix: string;
  /** null: the SDK's own AWS endpoint for the region. */
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
}

/** What the URL says; a missing region is left to the configuration (AWS_REGION, then us-east-1). */
export type S3StorageUrl = Omit<S3StorageConfig, "region"> & { region: string | null };

type Parsed = { ok: true; value: S3StorageUrl } | { ok: false; message: string };

// S3's rules for new buckets (lowercase, 3–63 chars, no "..") so a typo fails at boot, not on the first upload.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]{1,128}$/;
const REGION = /^[a-z0-9-]{1,32}$/;
const OPTIONS = new Set(["endpoint", "region", "forcePathStyle"]);

/**
 * Reads `s3://BUCKET[/prefix]?endpoint=…&region=…&forcePathStyle=true`. Messages never repeat the
 * URL or its parts: someone may have pasted a secret into it, and the message goes to the log.
 */
export function parseStorageUrl(raw: string): Parsed {
  const fail = (message: string): Parsed => ({ ok: false, message });
  if (!raw.startsWith("s3://")) return fail("must be an s3:// URL, e.g. s3://my-shop-uploads?region=eu-west-1");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail("is not a valid URL");
  }
  // Credentials come from the SDK's chain (AWS_ACCESS_KEY_ID, roles…), never from a URL that ends up in logs and shell history.
  if (url.username || url.password)
    return fail("must not contain credentials; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead");
  if (url.port || url.hash)
    return fail("takes no port or #fragment after the bucket name (put the server in ?endpoint=)");
  if (!BUCKET.test(url.hostname) || url.hostname.includes("..")) {
    return fail("bucket name must be 3-63 lowercase letters, digits, dots or hyphens");
  }
  const segments = prefixSegments(raw);
  if (!segments || segments.some((s) => !PREFIX_SEGMENT.test(s) || s === "." || s === "..")) {
    return fail("key prefix may only contain letters, digits, '.', '_', '-' and '/'");
  }
  for (const key of url.searchParams.keys()) {
    if (!OPTIONS.has(key))
      return fail(`unknown option "${key.slice(0, 40)}" (known: endpoint, region, forcePathStyle)`);
  }
  const endpoint = parseEndpoint(url.searchParams.get("endpoint"));
  if (endpoint === false) return fail("endpoint must be an http:// or https:// URL without credentials");
  const region = url.searchParams.get("region");
  if (region !== null && !REGION.test(region))
    return fail("region must be lowercase letters, digits and hyphens, e.g. eu-west-1");
  const forcePathStyle = url.searchParams.get("forcePathStyle");
  if (forcePathStyle !== null && forcePathStyle !== "true" && forcePathStyle !== "false")
    return fail("forcePathStyle must be true or false");
  return {
    ok: true,
    value: {
      kind: "s3",
      bucket: url.hostname,
      prefix: segments.length > 0 ? `${segments.join("/")}/` : "",
      endpoint,
      region,
      forcePathStyle: forcePathStyle === "true",
    },
  };
}

function parseEndpoint(raw: string | null): string | null | false {
  if (raw === null) return null;
  try {
    const url = new URL(raw);
    if (!["http:", "https:"].includes(url.protocol) || url.username || url.password || url.search || url.hash)
      return false;
    return url.href.replace(/\/$/, "");
  } catch {
    return false;
  }
}

/** From the raw text: URL parsing would quietly resolve "a/../b" to "b", hiding a typo. */
function prefixSegments(raw: string): string[] | null {
  const rest = raw.slice("s3://".length).split(/[?#]/)[0]!;
  const slash = rest.indexOf("/");
  if (slash < 0) return [];
  try {
    return decodeURIComponent(rest.slice(slash)).split("/").filter(Boolean);
  } catch {
    return null;
  }
}
