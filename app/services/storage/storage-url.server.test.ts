import { describe, expect, it } from "vitest";
import { parseStorageUrl } from "./storage-url.server";

describe("STORAGE_URL", () => {
  it("reads a bare bucket for real AWS: no endpoint, no prefix, virtual-host style", () => {
    expect(parseStorageUrl("s3://lazy-reefer-uploads")).toEqual({
      ok: true,
      value: {
        kind: "s3",
        bucket: "lazy-reefer-uploads",
        prefix: "",
        endpoint: null,
        region: null,
        forcePathStyle: false,
      },
    });
  });

  it("reads a prefix and the options of an S3-compatible server", () => {
    const parsed = parseStorageUrl(
      "s3://shop.uploads/staging/eu/?endpoint=http://127.0.0.1:4569/&region=us-east-1&forcePathStyle=true",
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        kind: "s3",
        bucket: "shop.uploads",
        prefix: "staging/eu/",
        endpoint: "http://127.0.0.1:4569",
        region: "us-east-1",
        forcePathStyle: true,
      },
    });
  });

  it.each([
    ["https://bucket", /s3:\/\//],
    ["s3://", /bucket name/],
    ["s3://Upper-Case", /bucket name/],
    ["s3://ab", /bucket name/],
    ["s3://a..b", /bucket name/],
    ["s3://bucket:9000", /port/],
    ["s3://bucket#x", /fragment/],
    ["s3://bucket/a b", /prefix/],
    ["s3://bucket/../up", /prefix/],
    ["s3://bucket?endpoint=ftp://x", /endpoint/],
    ["s3://bucket?endpoint=not a url", /endpoint/],
    ["s3://bucket?region=EU_WEST", /region/],
    ["s3://bucket?forcePathStyle=yes", /forcePathStyle/],
    ["s3://bucket?forcepathstyle=true", /unknown option "forcepathstyle"/],
  ])("rejects %s", (raw, message) => {
    const parsed = parseStorageUrl(raw);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(message);
  });

  it("refuses credentials in the URL or the endpoint without repeating them", () => {
    for (const raw of [
      "s3://AKIAEXAMPLE:s3cr3t-value@bucket",
      "s3://bucket?endpoint=http://AKIAEXAMPLE:s3cr3t-value@127.0.0.1:9000",
    ]) {
      const parsed = parseStorageUrl(raw);
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.message).not.toMatch(/AKIAEXAMPLE|s3cr3t/);
    }
  });
});
