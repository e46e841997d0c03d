import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/** Issue 17, item 6: what is ours to forget is forgotten, and what we keep is not readable by others. */
describe(`personal data on ${testDatabaseKind()}`, () => {
  const t = useTestServer();

  it("deleting the account deletes the photo and the newsletter subscription (orders stay, see docs/security.md)", async () => {
    const client = authClient(t.url, "198.51.100.140");
    await client.signUp({ email: "gone@example.com", password: "gone12345", name: "Gone" });
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0e7c7b" } })
      .png()
      .toBuffer();
    const upload = await fetch(`${t.url}/api/profile/photo`, {
      method: "POST",
      headers: { "Content-Type": "image/png", cookie },
      body: png,
    });
    expect(upload.status).toBe(201);
    const user = await t.services.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "gone@example.com")
      .executeTakeFirstOrThrow();
    await t.services.storage.head("avatars", `${user.id}/avatar.webp`);
    await fetch(`${t.url}/api/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.141" },
      body: JSON.stringify({ email: "gone@example.com" }),
    });
    await fetch(`${t.url}/api/waitlist`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.141" },
      body: JSON.stringify({ email: "gone@example.com", productId: "premium-chaeto" }),
    });

    await t.services.database.db
      .insertInto("checkout_reminders")
      .values({
        order_id: crypto.randomUUID(),
        email: "gone@example.com",
        status: "waiting",
        created_at: new Date().toISOString(),
      })
      .execute();

    expect((await client.call("/delete-user", { password: "gone12345" })).status).toBe(200);
    await expect(t.services.storage.head("avatars", `${user.id}/avatar.webp`)).rejects.toThrow();
    const subscription = await t.services.database.db
      .selectFrom("newsletter_subscribers")
      .select("email")
      .where("email", "=", "gone@example.com")
      .executeTakeFirst();
    expect(subscription).toBeUndefined();
    const waiting = await t.services.database.db
      .selectFrom("waitlist_entries")
      .select("id")
      .where("email", "=", "gone@example.com")
      .execute();
    expect(waiting).toEqual([]);
    const reminders = await t.services.database.db
      .selectFrom("checkout_reminders")
      .select("order_id")
      .where("email", "=", "gone@example.com")
      .execute();
    expect(reminders).toEqual([]);
  });

  it.runIf(testDatabaseKind() === "sqlite" && process.platform !== "win32")(
    "the database, its WAL and the stored files are readable by the server's user only",
    async () => {
      const client = authClient(t.url, "198.51.100.142");
      await client.signUp({ email: "modes@example.com", password: "modes1234", name: "Modes" });
      const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#000" } })
        .png()
        .toBuffer();
      await fetch(`${t.url}/api/profile/photo`, {
        method: "POST",
        headers: { "Content-Type": "image/png", cookie },
        body: png,
      });
      const dataDir = t.services.config.dataDir;
      const offenders: string[] = [];
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          const mode = fs.statSync(full).mode & 0o777;
          if (mode & 0o077) offenders.push(`${path.relative(dataDir, full)} ${mode.toString(8)}`);
          if (entry.isDirectory()) walk(full);
        }
      };
      walk(dataDir);
      expect(fs.readdirSync(dataDir)).toEqual(expect.arrayContaining(["shop.db", "shop.db-wal"]));
      expect(offenders).toEqual([]);
    },
  );
});
