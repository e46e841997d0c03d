import net from "node:net";
import { HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Client, createS3Storage } from "#app/services/storage/s3.server";
import { StorageError, type ObjectStorage } from "#app/services/storage/storage.server";
import { startS3Peer, S3RVER_CREDENTIALS, type S3Peer } from "../helpers/s3-peer";
import type { S3StorageConfig } from "#app/services/storage/storage-url.server";

/** What only S3 has: key layout, its own headers, a bucket that can be missing, credentials, a network. */
describe("S3 storage adapter against s3rver", () => {
  let peer: S3Peer;
  const configFor = (endpoint: string): S3StorageConfig => ({
    kind: "s3",
    bucket: peer.bucket,
    prefix: "shop/",
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
  });
  const storageWith = (
    overrides: {
      bucket?: string;
      endpoint?: string;
      accessKeyId?: string;
      logger?: { warn(details: object, message: string): void };
    } = {},
  ): ObjectStorage => {
    const config = configFor(overrides.endpoint ?? peer.endpoint);
    const credentials = {
      ...S3RVER_CREDENTIALS,
      ...(overrides.accessKeyId ? { accessKeyId: overrides.accessKeyId } : {}),
    };
    return createS3Storage({
      client: createS3Client(config, { credentials, maxAttempts: 1 }),
      bucket: overrides.bucket ?? peer.bucket,
      prefix: config.prefix,
      logger: overrides.logger,
    });
  };
  // Thunks, called one at a time: a rejection nobody awaits yet would count as unhandled.
  const everyOperation = (storage: ObjectStorage) => [
    () => storage.put("avatars", "u1/avatar.webp", Buffer.from("x"), { contentType: "image/webp" }),
    () => storage.get("avatars", "u1/avatar.webp"),
    () => storage.head("avatars", "u1/avatar.webp"),
    () => storage.delete("avatars", "u1/avatar.webp"),
  ];
  const errorOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error("expected a StorageError");
      },
      (err: unknown) => {
        expect(err).toBeInstanceOf(StorageError);
        return err as StorageError;
      },
    );

  beforeAll(async () => {
    peer = await startS3Peer();
  });
  afterAll(async () => {
    await peer?.close();
  });

  it("keys objects <prefix><logical bucket>/<path> with standard headers and x-amz-meta-* metadata", async () => {
    const put = await storageWith().put("avatars", "u1/avatar.webp", Buffer.from("webp"), {
      contentType: "image/webp",
      cacheControl: "private, max-age=86400",
      contentDisposition: "inline",
      customMetadata: { userId: "u1", originalFormat: "png" },
    });
    expect(await peer.keys()).toContain("shop/avatars/u1/avatar.webp");
    const raw = await peer.client.send(
      new HeadObjectCommand({ Bucket: peer.bucket, Key: "shop/avatars/u1/avatar.webp" }),
    );
    expect([raw.ContentType, raw.CacheControl, raw.ContentDisposition, raw.ContentLength]).toEqual([
      "image/webp",
      "private, max-age=86400",
      "inline",
      4,
    ]);
    // S3 lowercases user-metadata names, so ours are lowercase and the caller's camelCase keys travel inside one value.
    expect(raw.Metadata).toEqual({
      generation: put.generation,
      "time-created": put.timeCreated,
      updated: put.updated,
      md5: put.md5Hash,
      custom: encodeURIComponent(JSON.stringify({ userId: "u1", originalFormat: "png" })),
    });
    // s3rver's ETag is the hex MD5 of the bytes, as on S3 for a single-part upload.
    expect(Buffer.from(raw.ETag!.replace(/"/g, ""), "hex").toString("base64")).toBe(put.md5Hash);
  });

  it("reads objects written by other tools, falling back on what S3 knows", async () => {
    await peer.client.send(
      new PutObjectCommand({
        Bucket: peer.bucket,
        Key: "shop/catalog/imported.txt",
        Body: "imported",
        ContentType: "text/plain",
      }),
    );
    const meta = await storageWith().head("catalog", "imported.txt");
    expect(meta).toMatchObject({
      bucket: "catalog",
      fullPath: "imported.txt",
      size: 8,
      contentType: "text/plain",
      md5Hash: "GSkGBO7jIz93wQqXBlhyXw==",
      customMetadata: undefined,
    });
    expect(meta.timeCreated).toBe(meta.updated);
    expect(meta.generation).toBe(String(new Date(meta.updated).getTime()));
  });

  it("answers bucket-not-found for every operation when the shop's bucket does not exist", async () => {
    const warnings: object[] = [];
    const storage = storageWith({ bucket: "no-such-bucket", logger: { warn: (details) => warnings.push(details) } });
    for (const call of everyOperation(storage)) {
      const err = await errorOf(call());
      expect(err.code).toBe("bucket-not-found");
      expect(err.message).toBe("The storage bucket does not exist.");
    }
    // Operators see what S3 said; callers only our sentence.
    expect(warnings).toContainEqual(
      expect.objectContaining({ error: "NoSuchBucket", status: 404, key: "shop/avatars/u1/avatar.webp" }),
    );
  });

  it("answers unauthenticated for credentials the server does not know", async () => {
    const storage = storageWith({ accessKeyId: "NOT-A-KEY" });
    for (const call of everyOperation(storage)) {
      const err = await errorOf(call());
      expect(err.code).toBe("unauthenticated");
      expect(err.message).not.toMatch(/access key|records/i);
    }
  });

  it("answers unknown, without the SDK's words, when the server cannot be reached", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const warnings: Array<Record<string, unknown>> = [];
    const storage = storageWith({
      endpoint: `http://127.0.0.1:${closedPort}`,
      logger: { warn: (details) => warnings.push(details as Record<string, unknown>) },
    });
    for (const call of everyOperation(storage)) {
      const err = await errorOf(call());
      expect(err.code).toBe("unknown");
      expect(err.message).toBe("The storage service failed.");
    }
    expect(String(warnings[0]?.detail)).toMatch(/ECONNREFUSED/);
  });
});
