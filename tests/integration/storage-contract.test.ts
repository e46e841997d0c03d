import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#app/config.server";
import { createS3Client, createS3Storage } from "#app/services/storage/s3.server";
import { createLocalStorage, StorageError, type ObjectStorage } from "#app/services/storage/storage.server";
import { startS3Peer, S3RVER_CREDENTIALS } from "../helpers/s3-peer";

/**
 * One behaviour, two adapters: every test below runs against files on disk and against S3 (an
 * s3rver peer spoken to over HTTP by the real SDK), so the shop cannot tell which one it has.
 */
interface Fixture {
  storage: ObjectStorage;
  /** Grows with every file written (disk) or request received (S3): proof that a call went nowhere. */
  footprint(): number;
  close(): Promise<void>;
}

async function localFixture(): Promise<Fixture> {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "lr-storage-"));
  // The root is one level down, so a path escaping it would still land inside what we count.
  const root = path.join(parent, "storage");
  return {
    storage: createLocalStorage(root),
    footprint: () => fs.readdirSync(parent, { recursive: true }).length,
    close: async () => fs.rmSync(parent, { recursive: true, force: true }),
  };
}

async function s3Fixture(): Promise<Fixture> {
  const peer = await startS3Peer();
  // The same path as the app: a STORAGE_URL through the configuration, then the adapter.
  const config = parseConfig({ STORAGE_URL: peer.storageUrl("shop") }).storage;
  if (config.kind !== "s3") throw new Error("expected an s3 storage configuration");
  return {
    storage: createS3Storage({
      client: createS3Client(config, { credentials: S3RVER_CREDENTIALS }),
      bucket: config.bucket,
      prefix: config.prefix,
    }),
    footprint: () => peer.requests(),
    close: () => peer.close(),
  };
}

async function errorOf(promise: Promise<unknown>): Promise<StorageError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof StorageError)) throw new Error(`expected a StorageError, got ${String(err)}`);
  return err;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ["local disk", localFixture],
  ["S3 (s3rver)", s3Fixture],
])("object storage contract: %s", (_name, createFixture) => {
  let fixture: Fixture;
  const storage = () => fixture.storage;
  beforeAll(async () => {
    fixture = await createFixture();
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it("round-trips bytes and the original product's metadata fields through put, head and get", async () => {
    const customMetadata = { userId: "u-1", originalFormat: "png", note: 'Zoë\'s 🐠 tank, 100% "happy"' };
    const put = await storage().put("test-bucket", "a/b.txt", Buffer.from("hello"), {
      contentType: "text/plain",
      cacheControl: "private, max-age=60",
      contentDisposition: 'inline; filename="b.txt"',
      customMetadata,
    });
    expect(put).toMatchObject({
      bucket: "test-bucket",
      fullPath: "a/b.txt",
      name: "b.txt",
      size: 5,
      metageneration: "1",
      md5Hash: "XUFAKrxLKna5cZ2REBfFkg==",
      contentType: "text/plain",
      cacheControl: "private, max-age=60",
      contentDisposition: 'inline; filename="b.txt"',
      customMetadata,
    });
    expect(put.generation).toMatch(/^\d+$/);
    expect(new Date(put.timeCreated).toISOString()).toBe(put.timeCreated);
    expect(put.updated).toBe(put.timeCreated);

    expect(await storage().head("test-bucket", "a/b.txt")).toEqual(put);
    const got = await storage().get("test-bucket", "a/b.txt");
    expect(got.bytes.toString()).toBe("hello");
    expect(got.metadata).toEqual(put);
  });

  it("keeps timeCreated across an overwrite and replaces everything else", async () => {
    const first = await storage().put("test-bucket", "over/write.txt", Buffer.from("one"), {
      contentType: "text/plain",
      customMetadata: { v: "1" },
    });
    await sleep(20);
    const second = await storage().put("test-bucket", "over/write.txt", Buffer.from('{"two":2}'), {
      contentType: "application/json",
    });
    expect(second.timeCreated).toBe(first.timeCreated);
    expect(second.updated > first.updated).toBe(true);
    expect(second.generation).not.toBe(first.generation);
    expect(second).toMatchObject({ size: 9, contentType: "application/json", customMetadata: undefined });
    expect(await storage().head("test-bucket", "over/write.txt")).toEqual(second);
    expect((await storage().get("test-bucket", "over/write.txt")).bytes.toString()).toBe('{"two":2}');
  });

  it("keeps binary bytes intact, every byte value and an empty object", async () => {
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), crypto.randomBytes(300_000)]);
    const put = await storage().put("bin", "blob.bin", bytes, { contentType: "application/octet-stream" });
    expect(put.md5Hash).toBe(crypto.createHash("md5").update(bytes).digest("base64"));
    const got = await storage().get("bin", "blob.bin");
    expect(got.bytes.equals(bytes)).toBe(true);
    expect(got.metadata.size).toBe(bytes.length);

    await storage().put("bin", "empty", Buffer.alloc(0), { contentType: "application/octet-stream" });
    const empty = await storage().get("bin", "empty");
    expect([empty.bytes.length, empty.metadata.size]).toEqual([0, 0]);
  });

  it("answers object-not-found, in its own words, on get, head and delete of a missing object", async () => {
    for (const [bucket, objectPath] of [
      ["test-bucket", "missing/x.txt"],
      ["never-written", "x.txt"],
    ] as const) {
      for (const call of [
        (b: string, p: string) => storage().get(b, p),
        (b: string, p: string) => storage().head(b, p),
        (b: string, p: string) => storage().delete(b, p),
      ]) {
        const err = await errorOf(call(bucket, objectPath));
        expect(err.code).toBe("object-not-found");
        expect(err.message).toBe(`No object at ${bucket}/${objectPath}.`);
      }
    }
  });

  it("deletes an object once; a second delete answers object-not-found", async () => {
    await storage().put("test-bucket", "gone/soon.txt", Buffer.from("bye"), { contentType: "text/plain" });
    await storage().delete("test-bucket", "gone/soon.txt");
    expect((await errorOf(storage().get("test-bucket", "gone/soon.txt"))).code).toBe("object-not-found");
    expect((await errorOf(storage().head("test-bucket", "gone/soon.txt"))).code).toBe("object-not-found");
    expect((await errorOf(storage().delete("test-bucket", "gone/soon.txt"))).code).toBe("object-not-found");
  });

  it("rejects unsafe bucket names and paths before any file or request", async () => {
    const before = fixture.footprint();
    const unsafe: Array<[string, string]> = [
      ["test-bucket", "../escape"],
      ["test-bucket", "a/../../b"],
      ["test-bucket", "./a"],
      ["test-bucket", ""],
      ["test-bucket", "a//b"],
      ["test-bucket", "a/b/c/d/e/f/g/h/i"],
      ["test-bucket", "é.txt"],
      ["test-bucket", "a\\b"],
      ["test-bucket", "x".repeat(129)],
      ["..", "a.txt"],
      ["test bucket", "a.txt"],
      ["", "a.txt"],
    ];
    for (const [bucket, objectPath] of unsafe) {
      const calls = [
        () => storage().put(bucket, objectPath, Buffer.from("x"), { contentType: "text/plain" }),
        () => storage().get(bucket, objectPath),
        () => storage().head(bucket, objectPath),
        () => storage().delete(bucket, objectPath),
      ];
      for (const call of calls)
        expect((await errorOf(call())).code, `${bucket} ${objectPath}`).toBe("invalid-argument");
    }
    expect(fixture.footprint()).toBe(before);
  });
});
