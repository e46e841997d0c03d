import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client";
import { freePort, startPageServer, type PageServer } from "../helpers/page-server";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

/** Values that break naive handlers: odd numbers, huge and odd strings, prototype keys, deep nesting. */
const nasty = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.constantFrom(-1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, "NaN", "Infinity", null, true, [], {}),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.constantFrom(
    "x".repeat(10_000),
    "\u0000\u202e\ud83d\ude00 ' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "{{7*7}}",
  ),
  fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')),
);
const objectWith = (keys: string[]) =>
  fc.dictionary(fc.constantFrom(...keys, "__proto__", "extra", "price"), nasty, { maxKeys: keys.length + 2 });

const CASES: Array<{ method: string; path: string; body: fc.Arbitrary<unknown> }> = [
  {
    method: "POST",
    path: "/api/cart/quote",
    body: fc.oneof(
      objectWith(["items", "discountCode"]),
      fc.record({ items: fc.array(objectWith(["kind", "id", "quantity", "productIds"]), { maxLength: 5 }) }),
      fc.record({ items: fc.constant([{ kind: "product", id: "premium-chaeto", quantity: 1 }]), discountCode: nasty }),
    ),
  },
  {
    method: "POST",
    path: "/api/checkout",
    body: fc.oneof(
      objectWith(["items", "customer", "shippingAddress", "payment", "discountCode"]),
      fc.record({
        items: fc.array(objectWith(["kind", "id", "quantity"])),
        customer: objectWith(["email", "name"]),
        payment: objectWith(["card"]),
      }),
      // The reminder's consent: only a boolean is taken, anything else is a 400.
      fc.record({
        items: fc.constant([{ kind: "product", id: "premium-chaeto", quantity: 1 }]),
        customer: fc.record({
          email: fc.constant("fuzz@example.com"),
          name: fc.constant("Fuzz"),
          remindMe: nasty.filter((v) => typeof v !== "boolean" && v !== undefined),
        }),
      }),
    ),
  },
  { method: "POST", path: "/api/newsletter", body: objectWith(["email", "source", "website"]) },
  { method: "POST", path: "/api/waitlist", body: objectWith(["email", "productId", "bundleId", "website"]) },
  { method: "POST", path: "/api/contact", body: objectWith(["name", "email", "subject", "message", "website"]) },
  {
    method: "POST",
    path: "/api/wisdom/ask",
    body: fc.oneof(
      objectWith(["question"]),
      fc.record({ question: fc.oneof(fc.constant(""), fc.string({ minLength: 501, maxLength: 600 }), nasty) }),
    ),
  },
  {
    method: "POST",
    path: "/api/orders/00000000-0000-4000-8000-000000000000/challenge",
    body: objectWith(["token", "outcome"]),
  },
  { method: "POST", path: "/api/auth/sign-up/email", body: objectWith(["email", "password", "name"]) },
  { method: "POST", path: "/api/auth/sign-in/email", body: objectWith(["email", "password"]) },
  { method: "PATCH", path: "/api/admin/products/premium-chaeto", body: objectWith(["price", "quantity", "title"]) },
  { method: "POST", path: "/api/admin/discount-codes", body: objectWith(["code", "percentOff", "amountOff"]) },
  { method: "POST", path: "/api/admin/discount-codes/1/end", body: objectWith(["id"]) },
];

async function snapshot(services: AppServices) {
  const { db } = services.database;
  const count = async (
    table: "orders" | "outbox" | "newsletter_subscribers" | "contact_messages" | "user" | "idempotency_keys",
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stock = await db.selectFrom("products").select(["id", "quantity", "price_cents"]).orderBy("id").execute();
  return {
    orders: await count("orders"),
    outbox: await count("outbox"),
    subscribers: await count("newsletter_subscribers"),
    messages: await count("contact_messages"),
    users: await count("user"),
    keys: await count("idempotency_keys"),
    stock,
  };
}

describe(`fuzzing every /api endpoint on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let tried = 0;
  beforeAll(async () => {
    services = await createTestServices();
    server = await startTestServer(services);
  });
  afterAll(async () => {
    console.log(`fuzz: ${tried} malformed requests sent, none answered 5xx`);
    await server?.close();
    await services?.database.destroy();
  });

  async function expectRefused(res: Response, label: string) {
    tried++;
    expect(res.status, label).toBeLessThan(500);
    if (res.status >= 400 && !label.includes("/api/auth/")) {
      const body = await res.json();
      expect(body, label).toEqual({
        error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      });
    } else await res.arrayBuffer();
  }

  it("answers structurally bad JSON bodies with 4xx and changes nothing", async () => {
    const before = await snapshot(services);
    for (const c of CASES) {
      await fc.assert(
        fc.asyncProperty(c.body, async (body) => {
          const res = await fetch(`${server.url}${c.path}`, {
            method: c.method,
            headers: { "Content-Type": "application/json", "Idempotency-Key": `fuzz-${crypto.randomUUID()}` },
            body: JSON.stringify(body),
          });
          await expectRefused(res, `${c.method} ${c.path}`);
        }),
        { numRuns: 40 },
      );
    }
    expect(await snapshot(services)).toEqual(before);
  }, 120_000);

  it("answers malformed, oversized and mistyped bodies with 4xx", async () => {
    const raw = [
      "{",
      '{"items": [}',
      "null",
      "[]",
      '"string"',
      "\u0000",
      "{".repeat(5000),
      JSON.stringify({ pad: "x".repeat(200 * 1024) }),
    ];
    for (const c of CASES) {
      for (const body of raw) {
        const res = await fetch(`${server.url}${c.path}`, {
          method: c.method,
          headers: { "Content-Type": "application/json", "Idempotency-Key": `fuzz-${crypto.randomUUID()}` },
          body,
        });
        await expectRefused(res, `${c.method} ${c.path} raw`);
      }
      const xml = await fetch(`${server.url}${c.path}`, {
        method: c.method,
        headers: { "Content-Type": "application/xml" },
        body: "<a/>",
      });
      await expectRefused(xml, `${c.method} ${c.path} xml`);
    }
  });

  it("refuses NUL characters in otherwise valid bodies (PostgreSQL text can't hold them)", async () => {
    const res = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Nul",
        email: "nul@example.com",
        message: "hello\u0000 world, a long enough message",
      }),
    });
    tried++;
    expect(res.status).toBe(400);
    expect((await res.json()).error.reason).toBe("invalid-characters");
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
      body: JSON.stringify({ email: "nul@example.com", password: "secret123", name: "a\u0000b" }),
    });
    tried++;
    expect(signUp.status).toBe(400);
  });

  it("answers odd ids and query strings with 4xx, never 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.string({ maxLength: 100 }),
        async (id, token) => {
          for (const path of [
            `/api/products/${encodeURIComponent(id)}`,
            `/api/orders/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`,
            `/api/admin/orders/${encodeURIComponent(id)}`,
            `/images/catalog/${encodeURIComponent(id)}`,
            `/media/avatars/${encodeURIComponent(id)}/x.webp`,
          ]) {
            const res = await fetch(`${server.url}${path}`);
            tried++;
            expect(res.status, path).toBeLessThan(500);
            await res.arrayBuffer();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** Every field name a page form posts, and every intent a page action switches on. */
const FORM_FIELDS = [
  ...["intent", "email", "password", "name", "newEmail", "newPassword", "reauthEmail", "reauthPassword"],
  ...["redirectTo", "token", "message", "subject", "website", "reply", "id", "userId", "active", "reason"],
  ...["validUntil", "check", "title", "description", "price", "originalPrice", "quantity", "currentQuantity"],
  ...["stockReason", "tags", "metadata", "category", "status", "carrier", "trackingNumber", "externalReference"],
  ...["kind", "combo", "city", "state", "postalCode", "country", "source", "note", "body", "q", "seq"],
];
const INTENTS = [
  ...["update-name", "change-email", "change-password", "delete-account", "admin", "ban", "unban", "user"],
  ...["grant-admin", "revoke-admin", "cancel", "deliver", "handled", "note", "refund", "reply", "ship"],
  ...["product", "bundle", "stock", "offer", "image", "send", "retry", "create", "health", "database", "mail"],
];
/** What a form field can carry: text only, but any text. */
const formValue = fc.oneof(
  fc.constantFrom(...INTENTS),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom(
    "",
    " ",
    "x".repeat(100_000),
    "\u0000",
    // NUL inside an address. Forms drop NUL before parsing (app/domain/forms.ts), so this must not
    // become a well-formed address: with a policy-meeting password from the same pool, "ab@example.com"
    // once made /sign-up create a real account, which is a valid form post, not an odd one.
    "a\u0000b@example",
    "\u202e\ud83d\ude00\u0301",
    "\ud800",
    "-1",
    "1e308",
    "NaN",
    "premium-chaeto",
    "2026-13-45",
    "/\t/evil.example",
    '{"__proto__":{"admin":true}}',
    "[1,2",
    "' OR 1=1 --",
  ),
);
// At most 8 fields: even eight 100,000-character values stay under the 1 MB form limit.
const formBody = fc.array(fc.tuple(fc.constantFrom(...FORM_FIELDS), formValue), { maxLength: 8 });

/** Page actions by path: the public forms, the signed-in profile, the back office. */
const PAGE_ACTIONS: Array<{ path: string; as: "anonymous" | "customer" | "admin" }> = [
  { path: "/sign-in", as: "anonymous" },
  { path: "/sign-up", as: "anonymous" },
  { path: "/forgot-password", as: "anonymous" },
  { path: "/reset-password", as: "anonymous" },
  { path: "/contact", as: "anonymous" },
  { path: "/profile", as: "customer" },
  { path: "/admin/customers", as: "admin" },
  { path: "/admin/diagnostics", as: "admin" },
  { path: "/admin/orders/new", as: "admin" },
  { path: "/admin/catalogue", as: "admin" },
  { path: "/admin/messages", as: "admin" },
  { path: "/admin/claims", as: "admin" },
  { path: "/admin/outbox", as: "admin" },
  { path: "/admin/discount-codes", as: "admin" },
  { path: "/admin/outbox/1", as: "admin" },
  { path: "/admin/images", as: "admin" },
  { path: "/admin/orders/00000000-0000-4000-8000-000000000000", as: "admin" },
  { path: "/admin/orders", as: "admin" },
  // Last: it ends the customer's session the profile fuzz runs with.
  { path: "/sign-out", as: "customer" },
];

/** Every /api/auth endpoint of the HTTP contract (docs/architecture.md), called with a session so that each reaches its own checks. */
const AUTH_ENDPOINTS = [
  "/sign-up/email",
  "/sign-in/email",
  "/sign-out",
  "/request-password-reset",
  "/reset-password",
  "/change-password",
  "/change-email",
  "/update-user",
  "/delete-user",
  "/send-verification-email",
  "/revoke-sessions",
];

describe(`fuzzing every page action and every /api/auth endpoint on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: PageServer;
  const cookies = { anonymous: "", customer: "", admin: "" };
  let tried = 0;

  let origin = "";
  beforeAll(async () => {
    // React Router refuses actions whose Origin is not the request's own host: the shop's public
    // URL is the address this test listens on.
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    services = await createTestServices({ env: { PUBLIC_URL: origin } });
    server = await startPageServer(services, port);
    const signUp = async (email: string) => {
      const client = authClient(server.url, "198.51.100.200", origin);
      await client.signUp({ email, password: "fuzz-pass-1", name: "Fuzz" });
      return [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    };
    cookies.customer = await signUp("fuzz-customer@example.com");
    cookies.admin = await signUp("fuzz-admin@example.com");
    await services.database.db
      .updateTable("user")
      .set({ role: "admin" })
      .where("email", "=", "fuzz-admin@example.com")
      .execute();
  }, 120_000);
  afterAll(async () => {
    console.log(`fuzz: ${tried} malformed page and auth requests sent, none answered 5xx`);
    await server?.close();
    await services?.database.destroy();
  });

  it("page actions answer odd form posts (document and .data requests) without a 5xx and change nothing", async () => {
    const before = await snapshot(services);
    for (const action of PAGE_ACTIONS) {
      await fc.assert(
        fc.asyncProperty(formBody, fc.boolean(), async (fields, data) => {
          const body = new URLSearchParams();
          for (const [key, value] of fields) body.append(key, value);
          const path = data ? `${action.path}.data` : action.path;
          const res = await fetch(`${server.url}${path}`, {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              Origin: origin,
              ...(cookies[action.as] ? { cookie: cookies[action.as] } : {}),
            },
            body,
            redirect: "manual",
          });
          tried++;
          expect(res.status, `${path} ${JSON.stringify(fields).slice(0, 300)}`).toBeLessThan(500);
          await res.arrayBuffer();
        }),
        { numRuns: 25 },
      );
    }
    expect(await snapshot(services)).toEqual(before);
  }, 300_000);

  it("every /api/auth endpoint answers odd JSON with a 4xx, signed in or not", async () => {
    const before = await snapshot(services);
    const body = fc.oneof(
      objectWith(["email", "password", "name", "newPassword", "currentPassword", "newEmail", "token", "image"]),
      nasty,
    );
    for (const endpoint of AUTH_ENDPOINTS) {
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (value, signedIn) => {
          const res = await fetch(`${server.url}/api/auth${endpoint}`, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              Origin: origin,
              // A fresh client address each time: Better Auth's own limits would answer 429 first.
              "X-Forwarded-For": `203.0.113.${tried % 250}`,
              ...(signedIn ? { cookie: cookies.customer } : {}),
            },
            body: JSON.stringify(value),
          });
          tried++;
          expect(res.status, `${endpoint} ${JSON.stringify(value)?.slice(0, 300)}`).toBeLessThan(500);
          await res.arrayBuffer();
        }),
        { numRuns: 30 },
      );
    }
    // The customer is still there with the same name: no odd body changed or deleted the account.
    const after = await snapshot(services);
    expect(after).toEqual(before);
    const customer = await services.database.db
      .selectFrom("user")
      .select(["name", "email", "image"])
      .where("email", "=", "fuzz-customer@example.com")
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ name: "Fuzz", email: "fuzz-customer@example.com", image: null });
  }, 300_000);

  it("the other /api endpoints with a body or an id answer odd input with a 4xx", async () => {
    const attempts: Array<{ method: string; path: string; body?: string; type?: string; cookie?: string }> = [
      { method: "POST", path: "/api/profile/photo", body: "not an image", type: "image/png", cookie: cookies.customer },
      { method: "POST", path: "/api/profile/photo", body: "\u0000", type: "text/plain" },
      { method: "POST", path: "/api/webhooks/stripe", body: '{"type":"payment_intent.succeeded"}' },
      { method: "GET", path: "/api/newsletter/confirm?email=%00&exp=x&sig=%ff" },
      { method: "GET", path: "/api/newsletter/unsubscribe?email=a&sig=" },
      { method: "POST", path: "/api/newsletter/unsubscribe", body: "List-Unsubscribe=One-Click" },
      { method: "GET", path: "/api/waitlist/remove?entry=%00&sig=%ff" },
      { method: "GET", path: "/api/waitlist/unsubscribe?email=a&sig=" },
      { method: "GET", path: "/api/cart/restore?order=%00&sig=%ff" },
      { method: "GET", path: "/api/cart/restore?order[]=1&sig[x]=2" },
      { method: "GET", path: "/api/reminders/unsubscribe?email=a&sig=" },
      { method: "POST", path: "/api/reminders/unsubscribe?email=%00", body: "List-Unsubscribe=One-Click" },
      {
        method: "POST",
        path: "/api/waitlist/remove?entry=99999999999999999999&sig=x",
        body: "List-Unsubscribe=One-Click",
      },
      { method: "GET", path: "/api/orders/x?token=%00" },
      { method: "PATCH", path: "/api/admin/orders/x", body: '{"status":{}}', cookie: cookies.admin },
      { method: "PATCH", path: "/api/admin/bundles/x", body: '{"discount":"1e999"}', cookie: cookies.admin },
      { method: "POST", path: "/api/admin/products/premium-chaeto/images", body: "GIF89a", cookie: cookies.admin },
      { method: "GET", path: "/api/admin/orders?status=%ff&q=%00", cookie: cookies.admin },
    ];
    for (const a of attempts) {
      const res = await fetch(`${server.url}${a.path}`, {
        method: a.method,
        headers: {
          "Content-Type": a.type ?? "application/json",
          Origin: origin,
          ...(a.cookie ? { cookie: a.cookie } : {}),
        },
        body: a.body,
        redirect: "manual",
      });
      tried++;
      expect(res.status, `${a.method} ${a.path}`).toBeLessThan(500);
      // Refused: a 4xx, or for a link opened in the browser, a redirect to the page explaining it.
      const refused = res.status >= 400 || (res.headers.get("location") ?? "").includes("problem=");
      expect(refused, `${a.method} ${a.path} answered ${res.status}`).toBe(true);
      await res.arrayBuffer();
    }
  });
});
