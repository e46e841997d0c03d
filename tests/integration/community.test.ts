import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { Clock } from "#app/domain/clock";
import type { AppServices } from "#server/services";

describe(`newsletter and contact on ${testDatabaseKind()}`, () => {
  let now = new Date("2026-11-21T12:00:00Z");
  const clock: Clock = () => new Date(now);
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  const post = (path: string, body: unknown, ip = "198.51.100.50") =>
    fetch(`${server.url}/api/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify(body),
    });
  const mails = (to: string, kind: string) =>
    services.database.db
      .selectFrom("outbox")
      .selectAll()
      .where("to_address", "=", to)
      .where("kind", "=", kind)
      .execute();

  beforeAll(async () => {
    services = await createTestServices({ clock, env: { SHOP_EMAIL: "owner@lazyreefer.example", RATE_LIMITS: "on" } });
    server = await startTestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("double opt-in: same 202 answer for new, pending and confirmed addresses; signed expiring link; welcome mail with List-Unsubscribe", async () => {
    const first = await post("newsletter", { email: "Fan@Example.com" });
    expect(first.status).toBe(202);
    const firstBody = await first.json();
    const [confirm] = await mails("fan@example.com", "newsletter-confirm");
    const link = new URL(confirm!.text.match(/https?:\/\/\S+confirm\S+/)![0]);

    const forged = await fetch(
      `${server.url}${link.pathname}?email=fan%40example.com&exp=${link.searchParams.get("exp")}&sig=forged`,
      { redirect: "manual" },
    );
    expect(forged.headers.get("location")).toBe("/confirmed?problem=invalid");

    const ok = await fetch(`${server.url}${link.pathname}${link.search}`, { redirect: "manual" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/confirmed?subscribed=1");
    const row = await services.database.db
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email", "=", "fan@example.com")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("confirmed");

    const again = await post("newsletter", { email: "fan@example.com" });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual(firstBody);

    const [welcome] = await mails("fan@example.com", "newsletter-welcome");
    const headers =
      typeof welcome!.headers === "string"
        ? JSON.parse(welcome!.headers)
        : (welcome!.headers as Record<string, string>);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribeUrl = new URL(headers["List-Unsubscribe"].slice(1, -1));
    const oneClick = await fetch(`${server.url}${unsubscribeUrl.pathname}${unsubscribeUrl.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const after = await services.database.db
      .selectFrom("newsletter_subscribers")
      .select("status")
      .where("email", "=", "fan@example.com")
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("unsubscribed");
  });

  it("an expired confirmation link does not confirm", async () => {
    await post("newsletter", { email: "late@example.com" }, "198.51.100.51");
    const [confirm] = await mails("late@example.com", "newsletter-confirm");
    const link = new URL(confirm!.text.match(/https?:\/\/\S+confirm\S+/)![0]);
    now = new Date(now.getTime() + 8 * 86_400_000);
    const res = await fetch(`${server.url}${link.pathname}${link.search}`, { redirect: "manual" });
    expect(res.headers.get("location")).toBe("/confirmed?problem=expired");
  });

  it("honeypot submissions are answered alike and store nothing", async () => {
    const res = await post("newsletter", { email: "bot@example.com", website: "http://spam.example" }, "198.51.100.52");
    expect(res.status).toBe(202);
    expect(await mails("bot@example.com", "newsletter-confirm")).toHaveLength(0);
  });

  it("contact: stored, the shop notified and the sender acknowledged; length limits; honeypot", async () => {
    const res = await post(
      "contact",
      {
        name: "Sam",
        email: "sam@example.com",
        subject: "Chaeto arrived brown",
        message: "Hi! My chaeto arrived a bit brown, is that normal?",
      },
      "198.51.100.53",
    );
    expect(res.status).toBe(201);
    const stored = await services.database.db
      .selectFrom("contact_messages")
      .selectAll()
      .where("email", "=", "sam@example.com")
      .execute();
    expect(stored).toHaveLength(1);
    expect(await mails("owner@lazyreefer.example", "contact-notification")).toHaveLength(1);
    expect(await mails("sam@example.com", "contact-acknowledgement")).toHaveLength(1);

    expect(
      (await post("contact", { name: "Sam", email: "sam@example.com", message: "short" }, "198.51.100.54")).status,
    ).toBe(400);
    expect(
      (await post("contact", { name: "Sam", email: "sam@example.com", message: "x".repeat(5001) }, "198.51.100.54"))
        .status,
    ).toBe(400);
    expect(
      (
        await post(
          "contact",
          { name: "Bot", email: "bot@example.com", message: "Buy cheap things now please", website: "x" },
          "198.51.100.54",
        )
      ).status,
    ).toBe(201);
    expect(
      await services.database.db
        .selectFrom("contact_messages")
        .selectAll()
        .where("email", "=", "bot@example.com")
        .execute(),
    ).toHaveLength(0);
  });

  it("rate-limits signups and messages per client address with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await post("newsletter", { email: `flood${i}@example.com` }, "192.0.2.99")).status);
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses.at(-1)).toBe(429);
    expect((await post("newsletter", { email: "other@example.com" }, "192.0.2.100")).status).toBe(202);
  });
});
