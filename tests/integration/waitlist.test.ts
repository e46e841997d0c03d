import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { smtpTransport } from "#app/services/mail/sender.server";
import { startWorker, type Worker } from "#server/worker";
import { authClient } from "../helpers/auth-client";
import { setProductRow } from "../helpers/catalogue-rows";
import { plainBody, startSmtpPeer } from "../helpers/smtp-peer";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * The back-in-stock waitlist (issue 36, decision 042) through its HTTP contract and the worker:
 * one answer for every address, the oldest told first and no more of them than units, each once,
 * a kit back only when all of it is, entries that lapse, links that remove.
 */

let now = Date.parse("2026-12-01T15:00:00Z");
const MINUTE = 60_000;
const STAFF = "owner@example.com";

describe(`back-in-stock waitlist on ${testDatabaseKind()}`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let worker: Worker;
  const t = useTestServer({ clock: () => new Date(now), env: { RATE_LIMITS: "on" } });
  let ipCounter = 0;
  const join = (body: unknown, ip = `198.51.100.${++ipCounter % 250}`) =>
    fetch(`${t.url}/api/waitlist`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify(body),
    });
  const db = () => t.services.database.db;
  const entries = (itemId: string) =>
    db().selectFrom("waitlist_entries").selectAll().where("item_id", "=", itemId).orderBy("id").execute();
  const backMails = (itemId?: string) =>
    db()
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "waitlist-back-in-stock")
      .$if(itemId !== undefined, (q) => q.where("subject", "like", `%${itemId}%`))
      .orderBy("id")
      .execute();
  const inbox = (subject: RegExp) => smtp.received.filter((m) => subject.test(plainBody(m.raw)));
  async function pass() {
    now += MINUTE;
    await worker.tick();
  }

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    worker = startWorker(t.services, {
      autoStart: false,
      transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}?tls=off`),
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await smtp?.close();
  });

  it("answers a new, a known and an already-waiting address with the same bytes", async () => {
    await setProductRow(db(), "refugium-starter-kit", { quantity: 0 });
    const answers = [];
    // New; waiting already (the same again); known elsewhere (an admin account's address).
    await promoteToAdmin(t.services, { email: STAFF, password: "owner123" });
    for (const email of ["new@example.com", "new@example.com", "NEW@example.com", STAFF]) {
      const res = await join({ email, productId: "refugium-starter-kit" });
      answers.push({ status: res.status, type: res.headers.get("content-type"), body: await res.text() });
    }
    expect(answers[0]!.status).toBe(202);
    for (const a of answers) expect(a).toEqual(answers[0]);
    // One waiting entry per address, and one "you're on the list" mail each.
    const rows = await entries("refugium-starter-kit");
    expect(rows.map((r) => [r.email, r.status])).toEqual([
      ["new@example.com", "waiting"],
      [STAFF, "waiting"],
    ]);
    const joined = await db().selectFrom("outbox").selectAll().where("kind", "=", "waitlist-joined").execute();
    expect(joined.map((m) => m.to_address).sort()).toEqual([STAFF, "new@example.com"].sort());
  });

  it("refuses bad input with 400 and changes nothing; an unknown item is 404", async () => {
    const before = (await db().selectFrom("waitlist_entries").select("id").execute()).length;
    for (const body of [
      { email: "not-an-address", productId: "premium-chaeto" },
      { email: "a@example.com" },
      { email: "a@example.com", productId: "premium-chaeto", bundleId: "lazy-starter" },
      { email: "a@example.com", productId: "../etc/passwd" },
    ]) {
      const res = await join(body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe("invalid-argument");
    }
    expect((await join({ email: "a@example.com", productId: "no-such-thing" })).status).toBe(404);
    expect((await db().selectFrom("waitlist_entries").select("id").execute()).length).toBe(before);
  });

  it("rate-limits one connection", async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await join({ email: `burst${i}@example.com`, productId: "premium-chaeto" }, "203.0.113.99")).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("ten waiting, stock to 3: the three oldest get one mail each; to 5: the next five", async () => {
    const id = "premium-chaeto";
    await setProductRow(db(), id, { quantity: 0 });
    // The burst above waited for it while in stock: take them off so the ten are the queue.
    await db().deleteFrom("waitlist_entries").where("item_id", "=", id).execute();
    await db().deleteFrom("waitlist_items").where("item_id", "=", id).execute();
    await pass();
    const people = Array.from({ length: 10 }, (_, i) => `fan${i}@example.com`);
    for (const email of people) {
      now += MINUTE;
      expect((await join({ email, productId: id })).status).toBe(202);
    }
    await pass();
    expect(await backMails()).toHaveLength(0);

    await setProductRow(db(), id, { quantity: 3 });
    // Two workers at the same moment, then another pass: the rise is told once.
    const second = startWorker(t.services, { autoStart: false, transport: null });
    now += MINUTE;
    await Promise.all([worker.tick(), second.tick()]);
    await second.stop();
    await pass();
    let mails = await backMails();
    expect(mails.map((m) => m.to_address)).toEqual(people.slice(0, 3));
    expect(mails.every((m) => m.status === "sent")).toBe(true);
    const subject = /Subject: Premium Chaeto \(Chaetomorpha\) is back in stock/;
    expect(inbox(subject).map((m) => m.to[0])).toEqual(people.slice(0, 3));
    const body = plainBody(inbox(subject)[0]!.raw);
    expect(body).toContain("3 left");
    expect(body).toContain("/product/premium-chaeto");
    expect(body).toMatch(/leaves on \w{3}, \w{3} \d+/);

    // Someone buys one; then the harvest comes in: 5 available, the next five are told.
    await setProductRow(db(), id, { quantity: 2 });
    await pass();
    expect(await backMails()).toHaveLength(3);
    await setProductRow(db(), id, { quantity: 5 });
    await pass();
    await pass();
    mails = await backMails();
    expect(mails.map((m) => m.to_address)).toEqual(people.slice(0, 8));
    expect(mails.slice(3).every((m) => m.text.includes("5 left"))).toBe(true);
    expect(inbox(subject)).toHaveLength(8);
    const rows = await entries(id);
    expect(rows.filter((r) => r.status === "waiting").map((r) => r.email)).toEqual(people.slice(8));
    expect(rows.filter((r) => r.status === "notified")).toHaveLength(8);
  });

  it("a kit waits for its scarcest product", async () => {
    // Complete Reef Recovery: 2 × Reef Care Bundle + 1 × Premium Chaeto.
    await setProductRow(db(), "reef-care-bundle", { quantity: 0 });
    await setProductRow(db(), "premium-chaeto", { quantity: 0 });
    await pass();
    for (const email of ["kit0@example.com", "kit1@example.com", "kit2@example.com"]) {
      now += MINUTE;
      await join({ email, bundleId: "complete-reef-recovery" });
    }
    const kitMails = async () =>
      (await backMails()).filter((m) => m.subject.startsWith("Complete Reef Recovery")).map((m) => m.to_address);
    await setProductRow(db(), "premium-chaeto", { quantity: 40 });
    await pass();
    expect(await kitMails()).toEqual([]);
    // One Reef Care Bundle makes no kit (each needs two); three make one.
    await setProductRow(db(), "reef-care-bundle", { quantity: 1 });
    await pass();
    expect(await kitMails()).toEqual([]);
    await setProductRow(db(), "reef-care-bundle", { quantity: 3 });
    await pass();
    await pass();
    expect(await kitMails()).toEqual(["kit0@example.com"]);
    const [mail] = (await backMails()).filter((m) => m.subject.startsWith("Complete Reef Recovery"));
    expect(mail!.text).toContain("1 left");
    expect(mail!.text).toContain("/product/complete-reef-recovery");
  });

  it("entries lapse after 90 days", async () => {
    await setProductRow(db(), "chaeto-coral-food-combo", { quantity: 0 });
    await join({ email: "patient@example.com", productId: "chaeto-coral-food-combo" });
    now += 89 * 86_400_000;
    await pass();
    expect((await entries("chaeto-coral-food-combo")).map((r) => r.status)).toEqual(["waiting"]);
    now += 1 * 86_400_000;
    await pass();
    expect((await entries("chaeto-coral-food-combo")).map((r) => r.status)).toEqual(["expired"]);
    await setProductRow(db(), "chaeto-coral-food-combo", { quantity: 10 });
    await pass();
    expect((await backMails()).filter((m) => m.to_address === "patient@example.com")).toEqual([]);
  });

  it("the remove-me and unsubscribe links take the address off; forged ones do nothing", async () => {
    await setProductRow(db(), "reef-care-bundle", { quantity: 0 });
    await setProductRow(db(), "refugium-starter-kit", { quantity: 0 });
    await join({ email: "leaver@example.com", productId: "reef-care-bundle" });
    await join({ email: "leaver@example.com", productId: "refugium-starter-kit" });
    const joined = await db()
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "waitlist-joined")
      .where("to_address", "=", "leaver@example.com")
      .orderBy("id")
      .execute();
    expect(joined).toHaveLength(2);
    const links = (text: string) => [...text.matchAll(/https?:\/\/\S+\/api\/waitlist\/(?:remove|unsubscribe)\?\S+/g)];
    const remove = new URL(
      links(joined[0]!.text)
        .find((m) => m[0].includes("/remove"))![0]
        .replace(/[)\]]+$/, ""),
    );
    const forged = await fetch(`${t.url}${remove.pathname}?entry=${remove.searchParams.get("entry")}&sig=forged`, {
      redirect: "manual",
    });
    expect(forged.headers.get("location")).toBe("/confirmed?problem=invalid");
    const ok = await fetch(`${t.url}${remove.pathname}${remove.search}`, { redirect: "manual" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/confirmed?waitlist=removed");
    const status = async (item: string) =>
      (await entries(item)).filter((r) => r.email === "leaver@example.com").map((r) => r.status);
    expect(await status("reef-care-bundle")).toEqual(["removed"]);
    expect(await status("refugium-starter-kit")).toEqual(["waiting"]);

    // One-click unsubscribe (RFC 8058) from the mail's header ends every entry of the address.
    const headers =
      typeof joined[1]!.headers === "string" ? JSON.parse(joined[1]!.headers) : (joined[1]!.headers as any);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = new URL(headers["List-Unsubscribe"].slice(1, -1));
    const oneClick = await fetch(`${t.url}${unsubscribe.pathname}${unsubscribe.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await status("refugium-starter-kit")).toEqual(["removed"]);

    // Back in stock: nobody who left is told.
    await setProductRow(db(), "reef-care-bundle", { quantity: 5 });
    await setProductRow(db(), "refugium-starter-kit", { quantity: 5 });
    await pass();
    expect((await backMails()).filter((m) => m.to_address === "leaver@example.com")).toEqual([]);
  });

  it("the back office reads waiting counts per item and who was told when", async () => {
    const admin = authClient(t.url, "198.51.100.251");
    await admin.call("/sign-in/email", { email: STAFF, password: "owner123" });
    const cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const anonymous = await fetch(`${t.url}/api/admin/waitlist`);
    expect(anonymous.status).toBe(401);
    const res = await fetch(`${t.url}/api/admin/waitlist`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const view = (await res.json()) as {
      items: Array<{ kind: string; id: string; waiting: number; notified: number }>;
      notices: Array<{ id: string; email: string; notifiedAt: string; units: number }>;
    };
    // The last two fans were told when 40 came in for the kit test.
    expect(view.items.find((i) => i.id === "premium-chaeto")).toMatchObject({ waiting: 0, notified: 10 });
    expect(view.notices.find((n) => n.email === "fan7@example.com")).toMatchObject({
      id: "premium-chaeto",
      units: 5,
    });
  });
});
