import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { formData } from "#app/forms/test-form";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import { expireDueOrders } from "#app/models/orders/order-lifecycle.server";
import { renderQueuedMail } from "#app/models/orders/order-mails.server";
import * as page from "#app/routes/admin/discount-codes";
import * as checkoutPage from "#app/routes/checkout";
import { authClient } from "../helpers/auth-client";
import { ADDRESS, card, checkoutRequest, CUSTOMER } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * Discount codes (issue 36, decision 043) through the HTTP contract: the owner's API, the quote
 * and the checkout agreeing to the cent, bundle and combo lines untouched by default, each
 * refusal with its reason, one use left spent once under 20 concurrent checkouts, and a use
 * given back when an unpaid order ends.
 */

const NOW = Date.parse("2026-12-01T15:00:00Z");
const DAY = 86_400_000;
const STAFF = "codes-owner@example.com";

// 2 × premium chaeto ($49.98, full price), a kit ($39.95 for $49.98 of goods), a combo ($74.98 at 20 % off: $59.98).
const CART = [
  { kind: "product", id: "premium-chaeto", quantity: 2 },
  { kind: "bundle", id: "lazy-clean-up-crew", quantity: 1 },
  { kind: "combo", productIds: ["premium-chaeto", "reef-care-bundle"], quantity: 1 },
];

describe(`discount codes on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: () => new Date(NOW) });
  let cookie = "";
  const db = () => t.services.database.db;

  const admin = (path: string, body?: unknown) =>
    fetch(`${t.url}/api/admin/discount-codes${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json", cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const create = async (body: Record<string, unknown>) => {
    const res = await admin("", body);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()).code as { id: number; code: string };
  };
  const quote = (body: Record<string, unknown>) =>
    fetch(`${t.url}/api/cart/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const checkout = (items: unknown[], discountCode?: string, email = CUSTOMER.email, number = "4242424242424242") =>
    checkoutRequest(t.url, {
      items,
      customer: { ...CUSTOMER, email },
      shippingAddress: ADDRESS,
      payment: { card: card(number) },
      ...(discountCode ? { discountCode } : {}),
    });
  const codeRow = (code: string) =>
    db().selectFrom("discount_codes").selectAll().where("code", "=", code).executeTakeFirstOrThrow();

  beforeAll(async () => {
    await promoteToAdmin(t.services, { email: STAFF, password: "owner123" });
    const client = authClient(t.url, "198.51.100.77");
    await client.call("/sign-in/email", { email: STAFF, password: "owner123" });
    cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  });

  it("lets only administrators manage codes, validates input and refuses a duplicate in any case", async () => {
    expect((await fetch(`${t.url}/api/admin/discount-codes`)).status).toBe(401);
    const anonymousPost = await fetch(`${t.url}/api/admin/discount-codes`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: "NOPE", percentOff: 10 }),
    });
    expect(anonymousPost.status).toBe(401);

    const created = await create({ code: "save20", percentOff: 20 });
    expect(created).toMatchObject({ code: "SAVE20", percentOff: 20, amountOff: null, minSubtotal: 0, combines: false });
    const duplicate = await admin("", { code: "Save20", amountOff: 5 });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).error).toMatchObject({ code: "aborted", reason: "code-exists" });

    for (const bad of [
      {},
      { code: "X", percentOff: 10 },
      { code: "BOTH", percentOff: 10, amountOff: 5 },
      { code: "NEITHER" },
      { code: "CENTS", amountOff: 1.005 },
      { code: "PCT", percentOff: 120 },
      { code: "DATES", percentOff: 5, startsAt: "2026-12-05", endsAt: "2026-12-01" },
      { code: "EXTRA", percentOff: 5, price: 1 },
      { code: "ITEMS", percentOff: 5, appliesTo: [{ kind: "widget", id: "x" }] },
      { code: "USES", percentOff: 5, maxUses: 0 },
    ]) {
      const res = await admin("", bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await res.json()).error.code).toBe("invalid-argument");
    }
    const list = await admin("");
    expect(list.status).toBe(200);
    const { codes } = await list.json();
    expect(codes.map((c: { code: string }) => c.code)).toContain("SAVE20");
  });

  it("a 20 % code: quote and checkout agree to the cent, bundle and combo lines untouched", async () => {
    const quoted = await quote({ items: CART, discountCode: "save20" });
    expect(quoted.status).toBe(200);
    const q = await quoted.json();
    // Only the full-price chaeto: $49.98 at 20 % off is $39.98, so the code takes $10.00.
    expect(q).toMatchObject({ subtotal: 149.91, codeDiscount: 10, total: 139.91, discountCode: "SAVE20" });
    expect(q.codeResult).toBe("Code SAVE20: 20 % off full-price goods, you save $10.00.");
    expect(q.lines.map((l: { total: number }) => l.total)).toEqual([49.98, 39.95, 59.98]);

    const res = await checkout(CART, "Save20");
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.order).toMatchObject({
      subtotal: q.subtotal,
      codeDiscount: q.codeDiscount,
      total: q.total,
      discountCode: "SAVE20",
      status: "paid",
    });
    expect(body.order.lines.map((l: { total: number }) => l.total)).toEqual([49.98, 39.95, 59.98]);
    expect(body).toMatchObject({ codeDiscount: 10, codeResult: "Code SAVE20: you save $10.00." });

    // The confirmation mail names the code and what it took off.
    const mail = await db()
      .selectFrom("outbox")
      .selectAll()
      .where("order_id", "=", body.order.id)
      .where("kind", "=", "order-confirmation")
      .executeTakeFirstOrThrow();
    const rendered = await renderQueuedMail(db(), mail, t.services.config, t.services.secret);
    expect(rendered!.text).toMatch(/Code SAVE20/);
    expect(rendered!.text).toContain("−$10.00");

    // The back office counts the use and the revenue it brought.
    const { codes } = await (await admin("")).json();
    expect(codes.find((c: { code: string }) => c.code === "SAVE20")).toMatchObject({
      uses: 1,
      paidOrders: 1,
      revenue: 139.91,
      discountGiven: 10,
    });
  });

  it("a code that combines takes its percentage off bundles and combos too; a fixed amount is capped", async () => {
    await create({ code: "ALL10", percentOff: 10, combines: true });
    const q = await (await quote({ items: CART, discountCode: "all10" })).json();
    // $149.91 at 10 % off is $134.919 → $134.92: $14.99 off.
    expect(q).toMatchObject({ codeDiscount: 14.99, total: 134.92 });
    await create({ code: "BIG500", amountOff: 500 });
    const big = await (await quote({ items: CART, discountCode: "BIG500" })).json();
    // Capped at the full-price goods it applies to: never below them, never a negative total.
    expect(big).toMatchObject({ codeDiscount: 49.98, total: 99.93 });
    const kit = await create({
      code: "KITFIVE",
      amountOff: 5,
      combines: true,
      appliesTo: [{ kind: "bundle", id: "lazy-clean-up-crew" }],
    });
    expect(kit.code).toBe("KITFIVE");
    const onKit = await (await quote({ items: CART, discountCode: "kitfive" })).json();
    expect(onKit).toMatchObject({ codeDiscount: 5, total: 144.91 });
  });

  it("refuses a code that does not apply, with its reason, on the quote and the checkout alike", async () => {
    await create({ code: "OLD", percentOff: 10, endsAt: new Date(NOW - DAY).toISOString() });
    await create({ code: "LATER", percentOff: 10, startsAt: new Date(NOW + DAY).toISOString() });
    await create({ code: "BIGSPEND", percentOff: 10, minSubtotal: 500 });
    await create({ code: "ONLYKITS", percentOff: 10, appliesTo: [{ kind: "bundle", id: "lazy-clean-up-crew" }] });
    await create({ code: "SPENT", percentOff: 10, maxUses: 1 });
    expect((await checkout(CART, "spent")).status).toBe(201);
    const cases: [string, string][] = [
      ["OLD", "code-expired"],
      ["LATER", "code-not-started"],
      ["BIGSPEND", "code-minimum-not-met"],
      // Named for a kit, but the kit already carries its own saving.
      ["ONLYKITS", "code-nothing-applies"],
      ["SPENT", "code-used-up"],
      ["NOSUCHCODE", "code-unknown"],
    ];
    for (const [code, reason] of cases) {
      for (const res of [await quote({ items: CART, discountCode: code }), await checkout(CART, code)]) {
        expect(res.status, code).toBe(400);
        const { error } = await res.json();
        expect(error).toMatchObject({ code: "invalid-argument", reason });
        expect(error.message).toContain(code);
      }
    }
    const bundleOnly = await quote({ items: [CART[1]], discountCode: "save20" });
    expect((await bundleOnly.json()).error).toMatchObject({ reason: "code-nothing-applies" });
    const malformed = await quote({ items: CART, discountCode: "no spaces!" });
    expect(malformed.status).toBe(400);
  });

  it("counts uses per customer by lower-cased email", async () => {
    await create({ code: "ONCEEACH", amountOff: 5, maxUsesPerCustomer: 1 });
    const first = await checkout(CART, "onceeach", "Repeat@Example.com");
    expect(first.status).toBe(201);
    const again = await checkout(CART, "ONCEEACH", "repeat@example.com");
    expect(again.status).toBe(400);
    expect((await again.json()).error).toMatchObject({ reason: "code-used-up" });
    expect((await checkout(CART, "ONCEEACH", "someone-else@example.com")).status).toBe(201);
  });

  it("gives a use back when an unpaid checkout expires, as its stock comes back", async () => {
    await create({ code: "HOLD1", percentOff: 15, maxUses: 1 });
    // 3-D Secure: the order waits for the buyer, holding its stock and the code's one use.
    const pending = await checkout(CART, "HOLD1", "slow@example.com", "4000002500003155");
    expect(pending.status).toBe(201);
    expect((await pending.json()).order.status).toBe("pending_payment");
    expect((await codeRow("HOLD1")).uses).toBe(1);
    expect((await checkout(CART, "HOLD1")).status).toBe(400);
    await expireDueOrders(db(), new Date(NOW + DAY));
    expect((await codeRow("HOLD1")).uses).toBe(0);
    expect((await checkout(CART, "HOLD1")).status).toBe(201);
    expect((await codeRow("HOLD1")).uses).toBe(1);
  });

  it("ends a code from the back office: no one can use it from then on", async () => {
    const code = await create({ code: "ENDME", percentOff: 5 });
    expect((await quote({ items: CART, discountCode: "endme" })).status).toBe(200);
    const ended = await admin(`/${code.id}/end`, {});
    expect(ended.status).toBe(200);
    const res = await quote({ items: CART, discountCode: "endme" });
    expect((await res.json()).error).toMatchObject({ reason: "code-expired" });
    expect((await admin("/999999/end", {})).status).toBe(404);
    expect((await admin("/x/end", {})).status).toBe(404);
  });

  it("answers malformed codes from an administrator with 400, never 5xx, and stores nothing", async () => {
    const before = (await admin("").then((r) => r.json())).codes.length;
    const nasty = fc.oneof(
      fc.anything({ maxDepth: 2 }),
      fc.constantFrom(-1, 0, 0.001, 1e308, "NaN", null, true, [], {}, "x".repeat(5000), "2026-13-45", "\u202e"),
    );
    const body = fc.oneof(
      fc.dictionary(
        fc.constantFrom(
          "code",
          "percentOff",
          "amountOff",
          "minSubtotal",
          "startsAt",
          "endsAt",
          "maxUses",
          "appliesTo",
          "combines",
          "extra",
        ),
        nasty,
      ),
      fc.record({ code: fc.string({ maxLength: 40 }), percentOff: nasty, amountOff: nasty }),
      fc.record({ code: fc.constant("FUZZ"), percentOff: fc.constant(10), appliesTo: nasty, startsAt: nasty }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const res = await admin("", sent);
        const answer = await res.json();
        if (res.status === 201) {
          // Only a well-formed code gets in; remove it so the next run starts clean.
          await db().deleteFrom("discount_codes").where("id", "=", answer.code.id).execute();
          return;
        }
        expect(res.status, JSON.stringify(sent)).toBeGreaterThanOrEqual(400);
        expect(res.status, JSON.stringify(sent)).toBeLessThan(500);
        expect(answer.error.code).toMatch(/invalid-argument|aborted/);
      }),
      { numRuns: 120 },
    );
    expect((await admin("").then((r) => r.json())).codes.length).toBe(before);
  });

  it("the back-office page creates a code, refuses a duplicate beside its field and ends one", async () => {
    const post = async (fields: Record<string, string | string[]>) => {
      const request = new Request("http://localhost:3000/admin/discount-codes", {
        method: "POST",
        headers: { cookie },
        body: formData(fields),
      });
      const answer = (await page.action({
        request,
        context: { services: t.services, nonce: "", clientIp: "127.0.0.1" },
        params: {},
      } as never)) as {
        data: { status: string; message?: string; fieldErrors?: Record<string, string> };
        init: { status?: number } | null;
      };
      return { status: answer.init?.status ?? 200, result: answer.data };
    };
    const made = await post({
      intent: "create",
      code: "page15",
      kind: "percent",
      value: "15",
      minSubtotal: "30",
      appliesTo: ["product:premium-chaeto"],
    });
    expect(made.result).toMatchObject({
      status: "success",
      message: "Created PAGE15: 15 % off selected items at full price.",
    });
    const again = await post({ intent: "create", code: "Page15", kind: "amount", value: "5" });
    expect(again.status).toBe(409);
    expect(again.result.fieldErrors?.code).toMatch(/already a code PAGE15/);
    const bad = await post({ intent: "create", code: "OK20", kind: "percent", value: "abc" });
    expect(bad.status).toBe(400);
    expect(bad.result.fieldErrors?.value).toBeTruthy();

    const loaded = (await page.loader({
      request: new Request("http://localhost:3000/admin/discount-codes", { headers: { cookie } }),
      context: { services: t.services, nonce: "", clientIp: "127.0.0.1" },
      params: {},
    } as never)) as { codes: { id: number; code: string; endsAt: string | null }[] };
    const row = loaded.codes.find((c) => c.code === "PAGE15")!;
    expect((await post({ intent: "end", id: String(row.id) })).result.status).toBe("success");
    const res = await quote({ items: CART, discountCode: "page15" });
    expect((await res.json()).error).toMatchObject({ reason: "code-expired" });
  });

  it("the checkout page's plain form keeps a code in a cookie the quote and the checkout read", async () => {
    await create({ code: "FORM20", percentOff: 20 });
    const post = async (fields: Record<string, string>) => {
      const answer = (await checkoutPage.action({
        request: new Request("http://localhost:3000/checkout", { method: "POST", body: formData(fields) }),
        context: { services: t.services, nonce: "", clientIp: "127.0.0.1" },
        params: {},
      } as never)) as {
        data: { codeHtml?: string };
        init: { status?: number; headers?: Record<string, string> } | null;
      };
      return {
        status: answer.init?.status ?? 200,
        html: answer.data.codeHtml ?? "",
        cookie: answer.init?.headers?.["Set-Cookie"],
      };
    };
    const wrong = await post({ intent: "code", discountCode: "nope-nope" });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain("There is no code NOPE-NOPE");
    expect(wrong.cookie).toBeUndefined();
    const old = await post({ intent: "code", discountCode: "old" });
    expect(old.html).toContain("Code OLD ended on");

    const added = await post({ intent: "code", discountCode: " form20 " });
    expect(added.status).toBe(200);
    expect(added.html).toContain("Code FORM20 added");
    expect(added.cookie).toMatch(/^lr_code=FORM20; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
    const jar = added.cookie!.split(";")[0]!;
    const quoted = await fetch(`${t.url}/api/cart/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie: jar },
      body: JSON.stringify({ items: CART }),
    });
    expect(await quoted.json()).toMatchObject({ discountCode: "FORM20", codeDiscount: 10, total: 139.91 });
    const bought = await fetch(`${t.url}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID(), cookie: jar },
      body: JSON.stringify({ items: CART, customer: CUSTOMER, shippingAddress: ADDRESS, payment: { card: card() } }),
    });
    expect(bought.status).toBe(201);
    expect((await bought.json()).order).toMatchObject({ discountCode: "FORM20", total: 139.91 });
    // Spent on that order: the next checkout starts without it.
    expect(bought.headers.get("set-cookie")).toMatch(/^lr_code=; Max-Age=0/);

    const removed = await post({ intent: "remove-code" });
    expect(removed.html).toContain("Code removed.");
    expect(removed.cookie).toMatch(/^lr_code=; Max-Age=0/);
    // Any other post is the checkout form without JavaScript.
    expect((await post({ email: "x@example.com" })).status).toBe(400);
  });

  it("a code with one use left, tried by 20 concurrent checkouts, is spent exactly once", async () => {
    await create({ code: "LASTONE", percentOff: 20, maxUses: 1 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        checkout([{ kind: "product", id: "premium-chaeto", quantity: 1 }], "lastone", `racer${i}@example.com`),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    for (const r of answers.filter((a) => a.status === 400))
      expect((await r.json()).error).toMatchObject({ code: "invalid-argument", reason: "code-used-up" });
    const orders = await db().selectFrom("orders").select("id").where("discount_code", "=", "LASTONE").execute();
    expect(orders).toHaveLength(1);
    expect((await codeRow("LASTONE")).uses).toBe(1);
  });
});

describe(`the newsletter's welcome code on ${testDatabaseKind()}`, () => {
  let now = NOW;
  const t = useTestServer({ clock: () => new Date(now), env: { NEWSLETTER_WELCOME_CODE_PERCENT: "10" } });
  const db = () => t.services.database.db;
  const mails = (to: string, kind: string) =>
    db().selectFrom("outbox").selectAll().where("to_address", "=", to).where("kind", "=", kind).orderBy("id").execute();
  async function subscribe(email: string) {
    const res = await fetch(`${t.url}/api/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(202);
    const confirms = await mails(email, "newsletter-confirm");
    const link = new URL(confirms.at(-1)!.text.match(/https?:\/\/\S+confirm\S+/)![0]);
    const ok = await fetch(`${t.url}${link.pathname}${link.search}`, { redirect: "manual" });
    expect(ok.headers.get("location")).toBe("/confirmed?subscribed=1");
  }

  it("carries a single-use code, once per address ever", async () => {
    await subscribe("welcome@example.com");
    const [welcome] = await mails("welcome@example.com", "newsletter-welcome");
    const code = welcome!.text.match(/WELCOME-[2-9A-Z]{8}/)![0];
    expect(welcome!.text).toContain("takes 10 % off full-price goods on one order until December 31, 2026");

    const q = await fetch(`${t.url}/api/cart/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ items: CART, discountCode: code.toLowerCase() }),
    });
    // 10 % off the $49.98 of full-price chaeto: $44.982 → $44.98, so $5.00 off.
    expect(await q.json()).toMatchObject({ codeDiscount: 5, total: 144.91 });
    const buy = (email: string) =>
      checkoutRequest(t.url, {
        items: CART,
        customer: { ...CUSTOMER, email },
        shippingAddress: ADDRESS,
        payment: { card: card() },
        discountCode: code,
      });
    expect((await buy("welcome@example.com")).status).toBe(201);
    const again = await buy("someone@example.com");
    expect((await again.json()).error).toMatchObject({ reason: "code-used-up" });

    // Unsubscribing and confirming again welcomes them again, without another code.
    const [row] = await db()
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email", "=", "welcome@example.com")
      .execute();
    await db()
      .updateTable("newsletter_subscribers")
      .set({ status: "unsubscribed" })
      .where("id", "=", row!.id)
      .execute();
    now += DAY;
    await subscribe("welcome@example.com");
    const welcomes = await mails("welcome@example.com", "newsletter-welcome");
    expect(welcomes).toHaveLength(2);
    expect(welcomes[1]!.text).not.toMatch(/WELCOME-/);
  });
});

describe(`guessing codes on ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: () => new Date(NOW), env: { RATE_LIMITS: "on" } });
  const quoteFrom = (ip: string, discountCode: string) =>
    fetch(`${t.url}/api/cart/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify({ items: CART, discountCode }),
    });

  it("stops an address after 20 unknown codes; codes that exist but do not fit never count", async () => {
    const at = new Date(NOW).toISOString();
    await t.services.database.db
      .insertInto("discount_codes")
      .values([
        { code: "REAL10", percent_off: 10, min_subtotal_cents: 0, created_at: at, updated_at: at },
        { code: "BIGONLY", percent_off: 10, min_subtotal_cents: 1_000_000, created_at: at, updated_at: at },
      ])
      .execute();
    for (let i = 0; i < 30; i++) expect((await quoteFrom("198.51.100.31", "BIGONLY")).status).toBe(400);
    expect((await quoteFrom("198.51.100.31", "REAL10")).status).toBe(200);

    for (let i = 0; i < 20; i++) {
      const res = await quoteFrom("198.51.100.32", `GUESS${i}`);
      expect((await res.json()).error.reason).toBe("code-unknown");
    }
    const stopped = await quoteFrom("198.51.100.32", "REAL10");
    expect(stopped.status).toBe(429);
    expect((await stopped.json()).error).toMatchObject({ code: "resource-exhausted", reason: "too-many-requests" });
    const checkout = await fetch(`${t.url}/api/checkout`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": crypto.randomUUID(),
        "X-Forwarded-For": "198.51.100.32",
      },
      body: JSON.stringify({
        items: CART,
        customer: CUSTOMER,
        shippingAddress: ADDRESS,
        payment: { card: card() },
        discountCode: "REAL10",
      }),
    });
    expect(checkout.status).toBe(429);
    // Another address, and the same one without a code, are not held up.
    expect((await quoteFrom("198.51.100.33", "REAL10")).status).toBe(200);
    const plain = await fetch(`${t.url}/api/cart/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.32" },
      body: JSON.stringify({ items: CART }),
    });
    expect(plain.status).toBe(200);
  });
});
