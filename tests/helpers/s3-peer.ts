import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/**
 * s3rver checks only the access key id of a V4 signature, and knows exactly one: S3RVER.
 * (The secret is not verified, so SignatureDoesNotMatch cannot be provoked against it.)
 */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** An SDK client of our own, for setting up and for checking what the shop stored. */
  client: S3Client;
  /** STORAGE_URL for the shop, with an optional key prefix. */
  storageUrl(prefix?: string): string;
  /** HTTP requests the server has received so far (to prove that a call never left the process). */
  requests(): number;
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3 protocol peer on a free loopback port, keeping its objects in a temporary directory,
 * with one bucket created through the S3 API like an operator would.
 */
export async function startS3Peer(bucket = "lazy-reefer-test"): Promise<S3Peer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lr-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const address = await server.run();
  let requests = 0;
  server.httpServer.on("request", () => requests++);
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver serves buckets by path only (no DNS names for virtual hosts on loopback).
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    client,
    storageUrl: (prefix = "") =>
      `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    requests: () => requests,
    async keys(prefix) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((o) => o.Key ?? "").sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
