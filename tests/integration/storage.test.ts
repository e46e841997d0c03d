import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

// What every storage adapter must do is in storage-contract.test.ts; this is the feature on top.
describe(`profile photos on ${testDatabaseKind()}`, () => {
  const app = useTestServer();

  it("uploads a photo: checked, resized to 256 px WebP, served only to its owner", async () => {
    const owner = authClient(app.url, "198.51.100.40");
    await owner.signUp({ email: "photo@example.com", password: "photo123", name: "Photo" });
    const cookie = () => [...owner.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#0e7c7b" } })
      .png()
      .toBuffer();

    const anonymous = await fetch(`${app.url}/api/profile/photo`, {
      method: "POST",
      headers: { "Content-Type": "image/png" },
      body: png,
    });
    expect(anonymous.status).toBe(401);

    const notImage = await fetch(`${app.url}/api/profile/photo`, {
      method: "POST",
      headers: { "Content-Type": "image/png", cookie: cookie() },
      body: Buffer.from("<svg onload=alert(1)>"),
    });
    expect(notImage.status).toBe(400);
    expect((await notImage.json()).error.reason).toBe("invalid-argument");

    const big = await fetch(`${app.url}/api/profile/photo`, {
      method: "POST",
      headers: { "Content-Type": "image/png", cookie: cookie() },
      body: Buffer.alloc(6 * 1024 * 1024),
    });
    expect(big.status).toBe(413);

    const ok = await fetch(`${app.url}/api/profile/photo`, {
      method: "POST",
      headers: { "Content-Type": "image/png", cookie: cookie() },
      body: png,
    });
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
    await stranger.signUp({ email: "nosy@example.com", password: "nosy1234", name: "Nosy" });
    const theirs = await fetch(`${app.url}${url}`, {
      headers: { cookie: [...stranger.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(theirs.status).toBe(404);
    expect((await fetch(`${app.url}${url}`)).status).toBe(404);
  });
});
