import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REMINDER_DELAY_MS } from "#app/domain/checkout-reminder";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { loader as restorePage } from "#app/routes/cart-restore";
import { smtpTransport } from "#app/services/mail/sender.server";
import { parseJson } from "#database/values";
import { startWorker, type Worker } from "#server/worker";
import { authClient } from "../helpers/auth-client";
import { setProductRow } from "../helpers/catalogue-rows";
import { ADDRESS, card } from "../helpers/checkout-client";
import { plainBody, startSmtpPeer } from "../helpers/smtp-peer";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * The one abandoned-checkout reminder (issue 36, decision 045) through the checkout's HTTP
 * contract and the worker: only with consent, one per cart an hour after it expired, none after
 * the buyer paid or unsubscribed; its link restores the cart at today's prices.
 */

let now = Date.parse("2026-12-01T15:00:00Z");
const MINUTE = 60_000;
const THREE_D_SECURE = "4000002500003155";

describe(`abandoned-checkout reminder on ${testDatabaseKind()}`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let worker: Worker;
  const t = useTestServer({ clock: () => new Date(now), env: { RESERVATION_START_MINUTES: "5" } });
  const db = () => t.services.database.db;
  let ip = 0;

  /** A checkout left at 3-D Secure: it stays unpaid until it expires. */
  async function checkout(email: string, opts: { remindMe?: unknown; items?: unknown[]; cardNumber?: string } = {}) {
    const res = await fetch(`${t.url}/api/checkout`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": crypto.randomUUID(),
        "X-Forwarded-For": `198.51.100.${++ip}`,
      },
      body: JSON.stringify({
        items: opts.items ?? [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
        customer: { email, name: "Rae", ...(opts.remindMe === undefined ? {} : { remindMe: opts.remindMe }) },
        shippingAddress: ADDRESS,
        payment: { card: card(opts.cardNumber ?? THREE_D_SECURE) },
      }),
    });
    const body = (await res.json()) as { order?: { id: string; status: string } };
    return { status: res.status, body };
  }
  const reminders = (to?: string) =>
    db()
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "checkout-reminder")
      .$if(to !== undefined, (q) => q.where("to_address", "=", to!))
      .orderBy("id")
      .execute();
  const statusOf = async (id: string) =>
    (await db().selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  async function passAt(ms: number) {
    now = ms;
    await worker.tick();
  }
  /** Past the reservation: the worker expires the checkout. Returns when it expired. */
  async function expire(orderId: string) {
    await passAt(now + 10 * MINUTE);
    expect(await statusOf(orderId)).toBe("expired");
    return now;
  }
  const restoreQuery = (html: string) => {
    const href = /href="([^"]*\/cart\/restore\?[^"]*)"/.exec(html)?.[1];
    if (!href) throw new Error("no restore link in the mail");
    return new URL(href.replaceAll("&amp;", "&")).search;
  };

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

  it("sends one reminder an hour after a consenting checkout expired, and never a second", async () => {
    const placed = await checkout("forgetful@example.com", { remindMe: true });
    expect(placed.body.order?.status).toBe("pending_payment");
    const id = placed.body.order!.id;
    // Unpaid and still held: nothing yet.
    await passAt(now + MINUTE);
    expect(await reminders("forgetful@example.com")).toHaveLength(0);
    const expiredAt = await expire(id);
    await passAt(expiredAt + REMINDER_DELAY_MS - MINUTE);
    expect(await reminders("forgetful@example.com")).toHaveLength(0);
    await passAt(expiredAt + REMINDER_DELAY_MS + MINUTE);
    const sent = await reminders("forgetful@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ order_id: id, subject: "Your checkout didn't go through", status: "sent" });
    expect(sent[0]!.html).toContain("/cart/restore?order=");
    expect(sent[0]!.html).toContain("/api/reminders/unsubscribe?email=forgetful%40example.com");
    expect(parseJson(sent[0]!.headers, {})).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(smtp.received.filter((m) => m.to.includes("forgetful@example.com"))).toHaveLength(1);
    // The worker again, and much later: still one.
    await passAt(now + MINUTE);
    await passAt(now + 3 * REMINDER_DELAY_MS);
    expect(await reminders("forgetful@example.com")).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes("forgetful@example.com"))).toHaveLength(1);
  });

  it("sends none without consent, or with consent withheld", async () => {
    const silent = await checkout("silent@example.com");
    const declined = await checkout("declined@example.com", { remindMe: false });
    await expire(silent.body.order!.id);
    expect(await statusOf(declined.body.order!.id)).toBe("expired");
    await passAt(now + 2 * REMINDER_DELAY_MS);
    expect(await reminders("silent@example.com")).toHaveLength(0);
    expect(await reminders("declined@example.com")).toHaveLength(0);
  });

  it("sends none after the buyer paid another order since the checkout", async () => {
    const first = await checkout("Payer@Example.com", { remindMe: true });
    // The same buyer pays a second checkout, with the address typed in another case.
    const paid = await checkout("payer@example.com", { cardNumber: "4242424242424242" });
    expect(paid.body.order?.status).toBe("paid");
    await expire(first.body.order!.id);
    await passAt(now + 2 * REMINDER_DELAY_MS);
    expect(await reminders("payer@example.com")).toHaveLength(0);
    const row = await db()
      .selectFrom("checkout_reminders")
      .selectAll()
      .where("order_id", "=", first.body.order!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "skipped", skipped_reason: "paid-elsewhere" });
  });

  it("sends none to an address that unsubscribed, and the unsubscribe link must be ours", async () => {
    // The address unsubscribes by the link of an earlier reminder (forgetful's, above, shows its shape).
    const [earlier] = await reminders("forgetful@example.com");
    const link = /href="([^"]*\/api\/reminders\/unsubscribe\?[^"]*)"/.exec(earlier!.html)![1]!.replaceAll("&amp;", "&");
    const path = new URL(link).pathname + new URL(link).search;
    const forged = await fetch(`${t.url}${path.replace("forgetful%40", "someone%40")}`, { redirect: "manual" });
    expect(forged.headers.get("location")).toBe("/confirmed?problem=invalid");
    const ok = await fetch(`${t.url}${path}`, { redirect: "manual" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/confirmed?reminders=unsubscribed");
    const again = await checkout("forgetful@example.com", { remindMe: true });
    await expire(again.body.order!.id);
    await passAt(now + 2 * REMINDER_DELAY_MS);
    expect(await reminders("forgetful@example.com")).toHaveLength(1);
    expect(
      await db()
        .selectFrom("checkout_reminders")
        .select(["status", "skipped_reason"])
        .where("order_id", "=", again.body.order!.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "skipped", skipped_reason: "unsubscribed" });
  });

  it("restores the cart at today's price, names what is sold out, and refuses a tampered link", async () => {
    await setProductRow(db(), "premium-chaeto", { price_cents: 2499, original_price_cents: null });
    const placed = await checkout("restore@example.com", {
      remindMe: true,
      items: [
        { kind: "product", id: "premium-chaeto", quantity: 2 },
        { kind: "product", id: "refugium-starter-kit", quantity: 1 },
      ],
    });
    const id = placed.body.order!.id;
    const line = await db()
      .selectFrom("order_lines")
      .select("unit_price_cents")
      .where("order_id", "=", id)
      .where("item_id", "=", "premium-chaeto")
      .executeTakeFirstOrThrow();
    expect(line.unit_price_cents).toBe(2499);
    await expire(id);
    await passAt(now + REMINDER_DELAY_MS + MINUTE);
    const [mail] = await reminders("restore@example.com");
    expect(plainBody(mail!.text)).toContain("2 × ");
    // Between the checkout and the restore: a new price, and the other item sells out.
    await setProductRow(db(), "premium-chaeto", { price_cents: 1999, original_price_cents: null });
    await setProductRow(db(), "refugium-starter-kit", { quantity: 0 });
    const query = restoreQuery(mail!.html);
    const res = await fetch(`${t.url}/api/cart/restore${query}`);
    expect(res.status).toBe(200);
    const restored = (await res.json()) as {
      items: unknown[];
      unavailable: { title: string; reason: string }[];
      quote: { lines: { id: string; quantity: number; unitPrice: number }[]; subtotal: number };
    };
    expect(restored.items).toEqual([{ kind: "product", id: "premium-chaeto", quantity: 2 }]);
    expect(restored.quote.lines).toEqual([
      expect.objectContaining({ id: "premium-chaeto", quantity: 2, unitPrice: 19.99 }),
    ]);
    expect(restored.quote.subtotal).toBe(39.98);
    expect(restored.unavailable).toEqual([expect.objectContaining({ reason: "sold-out", quantity: 1 })]);
    // The page the mail links to puts the same cart in the browser, priced the same way.
    const page = (search: string) =>
      restorePage({
        request: new Request(`http://shop.test/cart/restore${search}`),
        params: {},
        context: { services: t.services },
      } as never) as unknown as Promise<
        | { restored: { cart: { lines: unknown[] }; lines: { unitPrice: number }[]; subtotal: number } }
        | { data: { restored: null }; init: { status: number } }
      >;
    const shown = await page(query);
    expect("restored" in shown && shown.restored).toMatchObject({
      cart: { lines: [{ kind: "product", id: "premium-chaeto", quantity: 2 }] },
      lines: [{ unitPrice: 1999 }],
      subtotal: 3998,
    });
    const forgedPage = await page(query.replace(/sig=(.)/, (_, c: string) => `sig=${c === "A" ? "B" : "A"}`));
    expect("init" in forgedPage && forgedPage.init.status).toBe(404);
    // Fewer left than the checkout took: what there is goes back, the rest is named.
    await setProductRow(db(), "premium-chaeto", { quantity: 1 });
    const short = (await (await fetch(`${t.url}/api/cart/restore${query}`)).json()) as typeof restored;
    expect(short.items).toEqual([{ kind: "product", id: "premium-chaeto", quantity: 1 }]);
    expect(short.unavailable).toEqual([
      expect.objectContaining({ reason: "sold-out", quantity: 1 }),
      expect.objectContaining({ reason: "sold-out", quantity: 1 }),
    ]);
    await setProductRow(db(), "premium-chaeto", { quantity: 50 });
    // Tampered: another order's id, a changed signature, garbage.
    const params = new URLSearchParams(query);
    const sig = params.get("sig")!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    for (const bad of [
      `?order=${id}&sig=${flipped}`,
      `?order=${crypto.randomUUID()}&sig=${sig}`,
      `?order=${id}`,
      "?order=1%20or%201%3D1&sig=x",
    ]) {
      const answer = await fetch(`${t.url}/api/cart/restore${bad}`);
      expect(answer.status, bad).toBe(404);
      expect(await answer.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
  });

  it("refuses a remindMe that is not a boolean with a 400", async () => {
    for (const remindMe of ["yes", 1, null, {}]) {
      const answer = await checkout("typo@example.com", { remindMe });
      expect(answer.status, JSON.stringify(remindMe)).toBe(400);
    }
  });

  it("shows the owner reminders sent, opened and the orders they recovered", async () => {
    // restore@ was reminded and opened the link; now pays a new order within the week.
    await setProductRow(db(), "premium-chaeto", { quantity: 50 });
    now += 2 * 86_400_000;
    const paid = await checkout("restore@example.com", { cardNumber: "4242424242424242" });
    expect(paid.body.order?.status).toBe("paid");
    await promoteToAdmin(t.services, { email: "owner@example.com", password: "owner123" });
    const admin = authClient(t.url, "198.51.100.250");
    await admin.call("/sign-in/email", { email: "owner@example.com", password: "owner123" });
    const cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    expect((await fetch(`${t.url}/api/admin/reminders`)).status).toBe(401);
    const res = await fetch(`${t.url}/api/admin/reminders`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const summary = (await res.json()) as {
      sent: number;
      recent: { email: string; recoveredOrder: string | null }[];
    };
    expect(summary).toMatchObject({ sent: 2, opened: 1, recovered: 1, recoveredTotal: expect.any(Number) });
    expect(summary.recent.find((r) => r.email === "restore@example.com")?.recoveredOrder).toEqual(expect.any(String));
    expect(summary.recent.find((r) => r.email === "forgetful@example.com")?.recoveredOrder).toBeNull();
  });
});
