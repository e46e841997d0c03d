import { describe, expect, it } from "vitest";
import { fromObjectHeaders, toUserMetadata } from "./s3-metadata.server";
import type { StorageMetadata } from "./storage.server";

const written: StorageMetadata = {
  bucket: "avatars",
  generation: "1700000000000123",
  metageneration: "1",
  fullPath: "u1/avatar.webp",
  name: "avatar.webp",
  size: 4,
  timeCreated: "2026-01-02T03:04:05.678Z",
  updated: "2026-02-03T04:05:06.789Z",
  md5Hash: "XUFAKrxLKna5cZ2REBfFkg==",
  contentType: "image/webp",
  cacheControl: "private, max-age=86400",
  contentDisposition: "inline",
  customMetadata: { userId: "u1", Caption: "Zoë's ☃ reef" },
};

describe("metadata through S3 headers", () => {
  it("round-trips every field, case-sensitive custom keys and Unicode values included, as S3 returns them", () => {
    const userMetadata = toUserMetadata(written);
    // What S3 sends back: names lowercased, values as stored (ASCII only).
    const returned = Object.fromEntries(Object.entries(userMetadata).map(([k, v]) => [k.toLowerCase(), v]));
    expect(Object.values(returned).every((v) => /^[\x20-\x7e]*$/.test(v))).toBe(true);
    const read = fromObjectHeaders("avatars", "u1/avatar.webp", {
      ContentLength: 4,
      ContentType: "image/webp",
      CacheControl: "private, max-age=86400",
      ContentDisposition: "inline",
      LastModified: new Date("2026-02-03T04:05:06Z"),
      Metadata: returned,
    });
    expect(read).toEqual(written);
  });

  it("falls back on S3's own facts for objects written by other tools", () => {
    const read = fromObjectHeaders("catalog", "x.txt", {
      ContentLength: 5,
      ETag: '"5d41402abc4b2a76b9719d911017c592"',
      LastModified: new Date("2026-03-01T00:00:00Z"),
      Metadata: { custom: "%7Bnot json" },
    });
    expect(read).toMatchObject({
      generation: String(Date.parse("2026-03-01T00:00:00Z")),
      timeCreated: "2026-03-01T00:00:00.000Z",
      updated: "2026-03-01T00:00:00.000Z",
      md5Hash: "XUFAKrxLKna5cZ2REBfFkg==",
      customMetadata: undefined,
    });
    // A multipart ETag is not an MD5: better no hash than a wrong one.
    expect(fromObjectHeaders("catalog", "x.txt", { ETag: '"9b2cf535f27731c974343645a3985328-2"' }).md5Hash).toBe("");
  });
});
