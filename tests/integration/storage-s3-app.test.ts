import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMAGE_FORMATS, IMAGE_WIDTHS } from "#app/domain/images";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { authClient } from "../helpers/auth-client";
import { startS3Peer, S3RVER_CREDENTIALS, type S3Peer } from "../helpers/s3-peer";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/** The shop configured with STORAGE_URL: uploads through its real endpoints land in the bucket and come back unchanged. */
describe(`uploads in S3 through the app on ${testDatabaseKind()}`, () => {
  let s3: S3Peer;
  beforeAll(async () => {
    s3 = await startS3Peer("lazy-reefer-uploads");
    // The shop finds credentials as in production: the SDK's default chain reads these variables.
    vi.stubEnv("AWS_ACCESS_KEY_ID", S3RVER_CREDENTIALS.accessKeyId);
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", S3RVER_CREDENTIALS.secretAccessKey);
  });
  // Registered after the peer's hooks: starts once the peer runs, and stops before it (hooks stack).
  const app = useTestServer(() => ({ env: { STORAGE_URL: s3.storageUrl("shop") } }));
  afterAll(async () => {
    vi.unstubAllEnvs();
    await s3?.close();
  });

  const cookieOf = (client: ReturnType<typeof authClient>) => [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const objectBytes = async (key: string) => {
    const answer = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return { answer, bytes: Buffer.from(await answer.Body!.transformToByteArray()) };
  };

  it("stores a profile photo in the bucket and serves the same bytes back to its owner", async () => {
    expect(app.services.config.storage).toMatchObject({ kind: "s3", bucket: s3.bucket, prefix: "shop/" });
    const owner = authClient(app.url, "198.51.100.90");
    await owner.signUp({ email: "s3-photo@example.com", password: "photo123", name: "S3 Photo" });
    const userId = (await owner.call("/get-session")).json.user.id as string;
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#1d6fa3" } })
      .png()
      .toBuffer();

    const upload = await fetch(`${app.url}/api/profile/photo`, {
      method: "POST",
      headers: { "Content-Type": "image/png", cookie: cookieOf(owner) },
      body: png,
    });
    expect(upload.status).toBe(201);
    const { url } = await upload.json();

    const key = `shop/avatars/${userId}/avatar.webp`;
    expect(await s3.keys()).toEqual([key]);
    const stored = await objectBytes(key);
    expect([stored.answer.ContentType, stored.answer.CacheControl]).toEqual(["image/webp", "private, max-age=86400"]);
    expect(JSON.parse(decodeURIComponent(stored.answer.Metadata!.custom!))).toEqual({ userId, originalFormat: "png" });
    const meta = await sharp(stored.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);

    const served = await fetch(`${app.url}${url}`, { headers: { cookie: cookieOf(owner) } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("etag")).toBe(`"${crypto.createHash("md5").update(stored.bytes).digest("base64")}"`);
    expect(Buffer.from(await served.arrayBuffer()).equals(stored.bytes)).toBe(true);
    expect((await fetch(`${app.url}${url}`)).status).toBe(404);

    // Nothing went to local disk: another instance behind the load balancer would not have it.
    expect(fs.existsSync(path.join(app.services.config.dataDir, "storage"))).toBe(false);
  });

  it("stores an admin's product photo variants in the bucket and serves them byte-identical", async () => {
    await promoteToAdmin(app.services, { email: "s3-owner@example.com", password: "owner123" });
    const admin = authClient(app.url, "198.51.100.91");
    await admin.call("/sign-in/email", { email: "s3-owner@example.com", password: "owner123" });
    const jpeg = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#c2185b" } })
      .jpeg()
      .toBuffer();

    const upload = await fetch(`${app.url}/api/admin/products/reef-care-bundle/images`, {
      method: "POST",
      headers: { "Content-Type": "image/jpeg", cookie: cookieOf(admin) },
      body: jpeg,
    });
    expect(upload.status).toBe(201);
    const { key } = await upload.json();

    const expected = IMAGE_WIDTHS.flatMap((w) => IMAGE_FORMATS.map((f) => `shop/catalog/${key}-${w}.${f}`)).sort();
    expect(await s3.keys("shop/catalog/")).toEqual(expected);
    for (const variant of [`${key}-240.avif`, `${key}-800.webp`]) {
      const stored = await objectBytes(`shop/catalog/${variant}`);
      const served = await fetch(`${app.url}/images/catalog/${variant}`);
      expect(served.status, variant).toBe(200);
      expect(served.headers.get("cache-control")).toContain("immutable");
      expect(Buffer.from(await served.arrayBuffer()).equals(stored.bytes), variant).toBe(true);
    }
  });
});
