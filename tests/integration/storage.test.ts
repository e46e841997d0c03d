import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { StorageError } from "~/services/storage/storage.server";
import { authClient } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

describe(`storage and profile photos on ${testDatabaseKind()}`, () => {
  const app = useTestServer();

  it("stores objects with the original product's metadata fields and answers object-not-found", async () => {
    const meta = await app.services.storage.put("test-bucket", "a/b.txt", Buffer.from("hello"), { contentType: "text/plain", customMetadata: { k: "v" } });
    expect(meta).toMatchObject({ bucket: "test-bucket", fullPath: "a/b.txt", name: "b.txt", size: 5, metageneration: "1", contentType: "text/plain", customMetadata: { k: "v" } });
    expect(meta.md5Hash).toBe("XUFAKrxLKna5cZ2REBfFkg==");
    expect(Object.keys(meta)).toEqual(expect.arrayContaining(["generation", "timeCreated", "updated"]));
    expect((await app.services.storage.get("test-bucket", "a/b.txt")).bytes.toString()).toBe("hello");
    await app.services.storage.delete("test-bucket", "a/b.txt");
    await expect(app.services.storage.get("test-bucket", "a/b.txt")).rejects.toMatchObject({ code: "object-not-found" });
    await expect(app.services.storage.delete("test-bucket", "a/b.txt")).rejects.toBeInstanceOf(StorageError);
    await expect(app.services.storage.put("test-bucket", "../escape", Buffer.from("x"), { contentType: "text/plain" })).rejects.toMatchObject({ code: "invalid-argument" });
  });

  it("uploads a photo: checked, resized to 256 px WebP, served only to its owner", async () => {
    const owner = authClient(app.url, "198.51.100.40");
    await owner.call("/sign-up/email", { email: "photo@example.com", password: "photo123", name: "Photo" });
    const cookie = () => [...owner.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#0e7c7b" } }).png().toBuffer();

    const anonymous = await fetch(`${app.url}/api/profile/photo`, { method: "POST", headers: { "Content-Type": "image/png" }, body: png });
    expect(anonymous.status).toBe(401);

    const notImage = await fetch(`${app.url}/api/profile/photo`, { method: "POST", headers: { "Content-Type": "image/png", cookie: cookie() }, body: Buffer.from("<svg onload=alert(1)>") });
    expect(notImage.status).toBe(400);
    expect((await notImage.json()).error.reason).toBe("invalid-argument");

    const big = await fetch(`${app.url}/api/profile/photo`, { method: "POST", headers: { "Content-Type": "image/png", cookie: cookie() }, body: Buffer.alloc(6 * 1024 * 1024) });
    expect(big.status).toBe(413);

    const ok = await fetch(`${app.url}/api/profile/photo`, { method: "POST", headers: { "Content-Type": "image/png", cookie: cookie() }, body: png });
    expect(ok.status).toBe(201);
    const { url } = await ok.json();
    const session = await owner.call("/get-session");
    expect(session.json.user.image).toBe(url);

    const mine = await fetch(`${app.url}${url}`, { headers: { cookie: cookie() } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/webp");
    expect(mine.headers.get("cache-control")).toContain("private");
    const meta = await sharp(Buffer.from(await mine.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);

    const stranger = authClient(app.url, "198.51.100.41");
    await stranger.call("/sign-up/email", { email: "nosy@example.com", password: "nosy1234", name: "Nosy" });
    const theirs = await fetch(`${app.url}${url}`, { headers: { cookie: [...stranger.jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
    expect(theirs.status).toBe(404);
    expect((await fetch(`${app.url}${url}`)).status).toBe(404);
  });
});
